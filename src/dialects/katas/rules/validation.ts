import { listOf } from '../../../common/text.js';
import { childPointer } from '../../../diagnostics/pointer.js';
import { objectAt } from '../base-report.js';
import { fieldName, type KatasRule, readAllowed, readBoolean, readObject, readTexts } from './support/read.js';

export const katasValidation: KatasRule = {
  meta: {
    id: 'katas-validation',
    criterion: 'method',
    description:
      'The validation block has a known status, ran offline, deterministically and without randomness or the network, and covered the nine checks the katas contract requires.',
    rationale:
      'A validation that needs the network or draws random samples can pass today and fail tomorrow on the same report; one that skips a required check proves nothing about it. Validate offline with deterministic checks, record that with offline and deterministic true and network_required and uses_randomness false, and list every required check in checks.',
    examples: {
      failing: {
        title: 'A validation that needed the network.',
        apply: (report) => void (objectAt(report, 'validation')['network_required'] = true),
      },
      passing: { title: 'An offline, deterministic validation that covered the nine checks.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    const validation = readObject(
      context,
      view.root,
      'validation',
      'give it status, offline, network_required, deterministic, uses_randomness and checks.',
    );
    if (validation === undefined) return;
    readAllowed(context, validation, 'status', policy.validationStatuses);
    readBoolean(context, validation, 'offline', true, 'validate the report with nothing fetched, and set offline to true.');
    readBoolean(context, validation, 'network_required', false, 'validate without the network, and set network_required to false.');
    readBoolean(
      context,
      validation,
      'deterministic',
      true,
      'use checks that give the same outcome on every run, and set deterministic to true.',
    );
    readBoolean(
      context,
      validation,
      'uses_randomness',
      false,
      'drop random sampling from the validation, and set uses_randomness to false.',
    );
    const checks = readTexts(context, validation, 'checks', 'name each check the validation ran.');
    const missing = checks?.complete === true ? policy.requiredChecks.filter((check) => !checks.distinct.has(check)) : [];
    if (missing.length > 0) {
      const path = childPointer(validation.path, 'checks');
      report(path, `${fieldName(path)} lacks ${listOf(missing)}; run every check the katas contract requires, and list it.`);
    }
  },
};
