import { plural } from '../common/text.js';

/**
 * Why a run whose files all passed still fails: its baseline has unused entries and
 * --fail-on-unused-suppressions was given. One sentence, for every output that ends with a verdict
 * (the text summary, a GitHub annotation, a SARIF notification, the job summary), so that none of
 * them says "passed" over an exit code of 1. `exact` is false when the count is only a lower bound
 * (merged runs that each listed only some of their entries).
 */
export function unusedEntriesFailure(count: number, exact = true): string {
  const entries = `${exact ? '' : 'at least '}${plural(count, 'baseline entry', 'baseline entries')}`;
  const them = count === 1 && exact ? 'it' : 'them';
  const are = count === 1 && exact ? 'is' : 'are';
  return `${entries} ${are} unused, and --fail-on-unused-suppressions fails the run on ${them}: --prune-suppressions removes ${them}`;
}
