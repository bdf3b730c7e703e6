import { didYouMean } from '../../../common/suggest.js';
import { show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { candidatesOf } from './support/lists.js';
import { fieldName, isText, type KatasRule } from './support/read.js';

/** A line reference after a file name: "cursor.go:88", "cursor.go:88-95", "cursor.go#L88", "cursor.go#L88-L95". */
const LINE_REFERENCE = /(?::\d+(?:-\d+)?|#L\d+(?:-L?\d+)?)$/;
const FILE_EXTENSION = /\.[A-Za-z0-9]{1,10}$/;

/**
 * The file a finding's source names, or undefined when it names none: a source names a file when,
 * without a final line reference, it holds no white space and has a "/" or ends in an extension
 * of 1 to 10 letters or digits. "findings[0]", "topology.cheap_mapping" and prose name none.
 */
export function fileNamedBy(source: string): string | undefined {
  const name = source.replace(LINE_REFERENCE, '');
  if (name === '' || /\s/.test(name)) return undefined;
  return name.includes('/') || FILE_EXTENSION.test(name) ? name : undefined;
}

export const katasFindingSourceMapped: KatasRule = {
  meta: {
    id: 'katas-finding-source-mapped',
    criterion: 'selective-deep-dive',
    description:
      'A finding whose source names a file names a candidate of the topology: no blind read of a file the cheap mapping never surfaced.',
    rationale:
      'A deep dive reads what the mapping surfaced; a finding sourced from another file is a blind read that the plan never weighed. A source names a file when, without a final line reference such as ":88" or "#L88", it holds no white space and has a "/" or a file extension; it must then be one of topology.candidates, written the same way. Map the file with Glob or Grep and add it to the candidates, or cite the candidate the finding came from. The katas validator does not look at sources; the gate does.',
    examples: {
      failing: {
        title: 'A finding sourced from a file the mapping never surfaced.',
        apply: (report) => void (objectAt(report, 'findings', 1)['source'] = 'services/billing/export/internal/clock.go'),
      },
      passing: { title: 'Findings sourced from mapped candidates, one with a line reference.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const candidates = candidatesOf(context);
    if (candidates?.complete !== true) return;
    for (const finding of view.records(view.root, 'findings')) {
      const source = view.field(finding, 'source');
      const file = isText(policy, source) ? fileNamedBy(source) : undefined;
      if (file === undefined || candidates.distinct.has(file)) continue;
      const path = childPointer(finding.path, 'source');
      report(
        path,
        () =>
          `${fieldName(path)} is ${show(source)}, a file the topology did not surface; a deep dive reads only mapped candidates, so map the file and add it to topology.candidates, or cite the candidate the finding came from.${didYouMean(file, candidates.distinct)}`,
      );
    }
  },
};
