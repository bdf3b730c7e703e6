import { isRecord } from '../common/guards.js';

/**
 * What is wrong with a value read from a file as a diagnostic (in a compile envelope, in a JSON
 * report), or null when it has the members every reader relies on: string `ruleId`, `message` and
 * `path`, and a severity of error or warning.
 */
export function diagnosticShapeProblem(value: unknown): string | null {
  if (!isRecord(value)) return 'not an object';
  const { ruleId, severity, message, path } = value;
  if (typeof ruleId !== 'string' || typeof message !== 'string' || typeof path !== 'string')
    return '"ruleId", "message" or "path" is not a string';
  if (severity !== 'error' && severity !== 'warning') return '"severity" is not "error" or "warning"';
  return null;
}
