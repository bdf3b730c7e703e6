import { listOf } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { fieldName, type KatasRule, readBoolean, readObject, readText, readTexts } from './support/read.js';

export const katasScratchpad: KatasRule = {
  meta: {
    id: 'katas-scratchpad',
    criterion: 'typed-scratchpad',
    description:
      'The scratchpad was persisted, says where it is kept, and holds at least the topology, plan, findings, budget and risks sections.',
    rationale:
      'Working notes kept only in the conversation are lost with it; a scratchpad written to a file lets the investigation be resumed and checked. Write it out, set persisted to true, name its file in source, and keep a section for each of the topology, the plan, the findings, the budget and the risks.',
    examples: {
      failing: {
        title: 'A scratchpad that was never written out.',
        apply: (report) => void (objectAt(report, 'scratchpad')['persisted'] = false),
      },
      passing: { title: 'A persisted scratchpad with the five sections and one more.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const scratchpad = readObject(context, view.root, 'scratchpad', 'give it persisted, source and sections.');
    if (scratchpad === undefined) return;
    readBoolean(
      context,
      scratchpad,
      'persisted',
      true,
      'write the scratchpad to its file and set persisted to true, so that the investigation survives a lost context.',
    );
    const sections = readTexts(context, scratchpad, 'sections', 'name each section of the scratchpad.');
    const missing = sections?.complete === true ? policy.scratchpadSections.filter((section) => !sections.distinct.has(section)) : [];
    if (sections !== undefined && missing.length > 0) {
      const path = childPointer(scratchpad.path, 'sections');
      report(path, `${fieldName(path)} lacks ${listOf(missing)}; keep a section for each of ${listOf(policy.scratchpadSections)}.`);
    }
    readText(context, scratchpad, 'source', 'say where the scratchpad is kept, such as its file path.');
  },
};
