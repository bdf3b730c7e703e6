import { show } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import type { KatasRule } from './support/read.js';

export const katasValidationNotBlocked: KatasRule = {
  meta: {
    id: 'katas-validation-not-blocked',
    criterion: 'method',
    description: 'The report\'s own validation did not block it: validation.status is not "block".',
    rationale:
      'A status of "block" is the report\'s own validation saying it must not be handed over; the katas validator accepts it as a known status, but a gate that passed it would pass a report its author stopped. Fix what blocked the validation and run it again, so that the status becomes "pass" or "warn".',
    examples: {
      failing: {
        title: 'A report whose validation blocked it.',
        apply: (report) => void (objectAt(report, 'validation')['status'] = 'block'),
      },
      passing: {
        title: 'A validation that passed with a warning.',
        apply: (report) => void (objectAt(report, 'validation')['status'] = 'warn'),
      },
    },
  },
  check({ view, policy, report }) {
    const validation = view.object(view.root, 'validation');
    const status = validation === undefined ? undefined : view.field(validation, 'status');
    if (validation === undefined || status !== policy.blockingValidationStatus) return;
    report(
      childPointer(validation.path, 'status'),
      `validation.status is ${show(status)}: the report's own validation stopped it. Fix what blocked it and run the validation again.`,
    );
  },
};
