import { didYouMean } from '../../../common/suggest.js';
import { show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { PYTHON_SLUG, SLUG } from '../python.js';
import type { Holder } from '../view.js';
import { planOf } from './support/lists.js';
import { fieldName, isText, type KatasContext, type KatasRule, readBoolean, readRecords, readText } from './support/read.js';

export const katasFindings: KatasRule = {
  meta: {
    id: 'katas-findings',
    criterion: 'selective-deep-dive',
    description:
      'Findings are not empty, and each has a unique slug id, reads a target of the plan, says what it found and where from, says whether it invalidates the hypothesis, and came after the mapping.',
    rationale:
      'A deep dive is selective when it reads a planned target, after the cheap mapping, and leaves a finding that others can cite. Give each finding an id of lower-case words joined by hyphens, name the plan target it read, summarise what the read showed, name its source, and say with true or false whether it invalidates the working hypothesis.',
    examples: {
      failing: {
        title: 'A finding on a file the plan does not hold.',
        apply: (report) => void (objectAt(report, 'findings', 1)['target'] = 'services/billing/export/metrics.go'),
      },
      passing: { title: 'Two findings on planned targets, one of which invalidates the hypothesis.', apply: () => {} },
    },
  },
  check(context) {
    const { view, report } = context;
    const findings = readRecords(
      context,
      view.root,
      'findings',
      'give each finding as {"id", "target", "summary", "source", "evidence_tag", "invalidates_hypothesis", "deep_dive_after_mapping"}.',
    );
    if (findings === undefined) return;
    if (findings.empty)
      report(findings.path, 'findings is empty; report what the deep dives into the plan found, one finding per file read.');
    const plan = planOf(context);
    const firstWithId = new Map<string, string>();
    for (const finding of findings.records) {
      const id = checkId(context, finding);
      if (id !== undefined) {
        const first = firstWithId.get(id);
        const path = childPointer(finding.path, 'id');
        if (first === undefined) firstWithId.set(id, path);
        else report(path, `${fieldName(path)} repeats the id ${show(id)} of ${fieldName(first)}; give every finding an id of its own.`);
      }
      const target = readText(context, finding, 'target', 'name the planned target this finding read.');
      const targetPath = childPointer(finding.path, 'target');
      if (target !== undefined && plan?.complete === true && !plan.targets.has(target)) {
        report(
          targetPath,
          () =>
            `${fieldName(targetPath)} is ${show(target)}, which the plan does not hold; a deep dive reads a planned target, so plan the read first.${didYouMean(target, plan.targets)}`,
        );
      }
      readText(context, finding, 'summary', 'say in a sentence what the read showed.');
      readText(context, finding, 'source', 'name where the finding comes from, such as the file read.');
      readBoolean(
        context,
        finding,
        'invalidates_hypothesis',
        undefined,
        'say with true or false whether the finding invalidates the working hypothesis.',
      );
      readBoolean(
        context,
        finding,
        'deep_dive_after_mapping',
        true,
        'read a file only after the cheap mapping, and record that with true.',
      );
    }
  },
};

/** The finding's id when it is a text, reported when it is not a slug (Python's slug may end in a line feed). */
function checkId(context: KatasContext, finding: Holder): string | undefined {
  const id = context.view.field(finding, 'id');
  if (!isText(context.policy, id)) {
    readText(context, finding, 'id', 'give the finding an id of lower-case words joined by hyphens.');
    return undefined;
  }
  if (!(context.policy.python ? PYTHON_SLUG : SLUG).test(id)) {
    const path = childPointer(finding.path, 'id');
    context.report(
      path,
      `${fieldName(path)} is ${show(id)}, not a slug; write it in lower-case letters and digits joined by hyphens, such as ${show(slugOf(id))}.`,
    );
  }
  return id;
}

/** A slug made of the id's letters and digits. */
function slugOf(id: string): string {
  const slug = id
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'finding-1' : slug;
}
