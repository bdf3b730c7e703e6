import { listOf, oneOf, show } from '../common/text.js';

/**
 * The longest string each argument may be, so that no call costs more than its arguments are
 * worth: a path as long as Linux allows one (PATH_MAX), a rule id as long as "did you mean" looks
 * at (src/common/suggest.ts), a hypothesis id as long as a file name may be. A spec's `text` is
 * bounded by --max-bytes, in bytes, as on the command line (TOO_LARGE).
 */
export const MAX_PATH_LENGTH = 4096;
export const MAX_RULE_ID_LENGTH = 200;
export const MAX_HYPOTHESIS_ID_LENGTH = 255;

/**
 * Arguments that were renamed, by their old name: the call is refused, and its message names the
 * new one. `format` said the syntax of a spec given as text, where the commands' --format says
 * what they print.
 */
const RENAMED: Readonly<Record<string, string>> = { format: 'syntax' };

/**
 * What is wrong with a call's arguments that a tool does not take: ten of them named, the rest
 * counted, and a renamed one with its new name; the arguments it takes, its own short list, all named. Found before the schema is checked, since with
 * every error collected each unknown argument would cost an error object and a sentence, and a
 * call could make its reply far larger than itself. Undefined when every argument is one the tool takes.
 */
export function unknownArguments(args: Record<string, unknown>, known: readonly string[]): string | undefined {
  const unknown = Object.keys(args).filter((key) => !known.includes(key));
  if (unknown.length === 0) return undefined;
  const which = `${unknown.length.toLocaleString('en-US')} unknown ${unknown.length === 1 ? 'argument' : 'arguments'}, ${listOf(unknown)}`;
  const renamed = unknown
    .filter((key) => Object.hasOwn(RENAMED, key) && known.includes(RENAMED[key] as string))
    .map((key) => `; ${show(key)} is now ${show(RENAMED[key])}`)
    .join('');
  return `${which}${renamed}; ${known.length === 0 ? 'it takes none' : `it takes ${oneOf(known, known.length)}`}`;
}
