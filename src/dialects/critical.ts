import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { placeDiagnostics } from '../load/place.js';
import type { Locator } from '../load/text-position.js';
import type { CriticalSubcode } from '../rules/critical-input.js';
import type { DialectCompiled } from './dialect.js';

/**
 * The stop of any dialect whose critical-input rule found something: exit code 4, no report, the
 * rule's diagnostics placed in the text, and an error that says them all.
 */
export function criticalStop(found: Diagnostic[], subcode: CriticalSubcode, locate: Locator | undefined): DialectCompiled {
  return {
    exitCode: 4,
    verdict: 'fail',
    diagnostics: placeDiagnostics(found, locate),
    report: null,
    error: { code: 'CRITICAL_INPUT', subcode, message: found.map((diagnostic) => diagnostic.message).join(' ') },
  };
}
