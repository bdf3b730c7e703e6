import { show } from '../../../common/text.js';
import { objectAt } from '../base-report.js';
import { fieldName, type KatasRule, readList, readObject, readTexts } from './support/read.js';

export const katasRisks: KatasRule = {
  meta: {
    id: 'katas-risks',
    criterion: 'method',
    description:
      'The risks block lists the remaining risks and the forbidden patterns the investigation fell into, and that second list holds neither read_all_files nor unbounded_exploration.',
    rationale:
      'Reading every file and exploring without bounds are the two failures the method exists to prevent; a report that declares either is not an adaptive investigation, whatever it found. Redo the investigation within its budget, reading only planned targets, then remove the entry; keep the remaining risks as a list, empty if none remain.',
    examples: {
      failing: {
        title: 'A report that declares it read every file.',
        apply: (report) => void (objectAt(report, 'risks')['forbidden_patterns'] = ['read_all_files']),
      },
      passing: { title: 'One remaining risk, and no forbidden pattern.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const risks = readObject(context, view.root, 'risks', 'give it remaining and forbidden_patterns.');
    if (risks === undefined) return;
    readList(context, risks, 'remaining', 'list the risks that remain, or leave the list empty.');
    const patterns = readTexts(context, risks, 'forbidden_patterns', 'name each anti-pattern the investigation fell into.');
    for (const { value, path } of patterns?.items ?? []) {
      if (!policy.forbiddenPatterns.includes(value)) continue;
      report(
        path,
        `${fieldName(path)} declares ${show(value)}, an anti-pattern the method forbids; redo the investigation within its budget, reading only planned targets, and remove it.`,
      );
    }
  },
};
