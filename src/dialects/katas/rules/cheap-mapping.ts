import { oneOf } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { listAt } from '../base-report.js';
import { type KatasRule, readAllowed, readInteger, readObject, readRecords, readText, readTexts } from './support/read.js';

export const katasCheapMapping: KatasRule = {
  meta: {
    id: 'katas-cheap-mapping',
    criterion: 'cheap-map',
    description:
      'The topology holds cheap mapping scans, at least one Glob and one Grep, each with its pattern and a result count of 0 or more, and the non-empty list of candidates they surfaced.',
    rationale:
      'Mapping file names with Glob and contents with Grep costs no file read, and it is what keeps the deep dives selective: nothing is read that the map did not surface. Run both kinds of scan before the first read, record each with its pattern and result count, and list the candidates worth reading.',
    examples: {
      failing: {
        title: 'A mapping made of Grep scans only.',
        apply: (report) => void listAt(report, 'topology', 'cheap_mapping').shift(),
      },
      passing: { title: 'One Glob over file names and two Grep scans over contents.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const topology = readObject(context, view.root, 'topology', 'give it cheap_mapping and candidates.');
    if (topology === undefined) return;
    const scans = readRecords(
      context,
      topology,
      'cheap_mapping',
      'record each scan as {"tool", "pattern", "result_count", "evidence_tag"}.',
    );
    if (scans?.empty === true) {
      report(
        scans.path,
        `topology.cheap_mapping is empty; map the surface with ${policy.mappingTools.join(' and ')} scans before any deep dive.`,
      );
    } else if (scans !== undefined) {
      const tools = new Set<string>();
      let everyToolAllowed = scans.complete;
      for (const scan of scans.records) {
        const tool = readAllowed(context, scan, 'tool', policy.mappingTools, 'A scan maps names or contents; it reads no file.');
        if (tool === undefined) everyToolAllowed = false;
        else tools.add(tool);
        readText(context, scan, 'pattern', 'write the glob or the regular expression the scan ran.');
        readInteger(context, scan, 'result_count', 0, 'count the results the scan returned.');
      }
      const missing = policy.mappingTools.filter((tool) => !tools.has(tool));
      // A scan whose tool is wrong was reported already, and it may well be the missing one.
      if (missing.length > 0 && everyToolAllowed) {
        report(
          scans.path,
          `topology.cheap_mapping has no ${oneOf(missing)} scan; map file names with Glob and contents with Grep before choosing what to read.`,
        );
      }
    }
    const candidates = readTexts(context, topology, 'candidates', 'name each candidate file by its path.');
    if (candidates?.complete === true && candidates.values.length === 0) {
      report(
        childPointer(topology.path, 'candidates'),
        'topology.candidates is empty; list the files the scans surfaced as worth a deep dive.',
      );
    }
  },
};
