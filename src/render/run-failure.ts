import { plural } from '../common/text.js';

/** How the sentence names the option that fails on unused entries, and the one that removes them. */
export interface UnusedWords {
  asked: string;
  prune: string;
}

const CLI_WORDS: UnusedWords = { asked: '--fail-on-unused-suppressions', prune: '--prune-suppressions' };

/** How to say it: `exact` false when the count is a lower bound; `words` for the options; `why` to say what an unused entry is and how it came about. */
export interface UnusedSentence {
  exact?: boolean;
  words?: UnusedWords;
  why?: boolean;
}

/**
 * Why a run whose files all passed still fails: its baseline has unused entries and
 * --fail-on-unused-suppressions was given. One sentence, for every output that ends with a verdict
 * (the text summary, a GitHub annotation, a SARIF notification, the job summary, the envelope's
 * error), so that none of them says "passed" over an exit code of 1. `exact` is false when the
 * count is only a lower bound (merged runs that each listed only some of their entries). `words`
 * name what asked for the failure and what prunes (an MCP tool's argument, and the command line,
 * in place of the options).
 */
export function unusedEntriesFailure(count: number, { exact = true, words = CLI_WORDS, why = false }: UnusedSentence = {}): string {
  const { asked, prune } = words;
  const one = count === 1 && exact;
  const entries = `${exact ? '' : 'at least '}${plural(count, 'baseline entry', 'baseline entries')}`;
  const them = one ? 'it' : 'them';
  return why
    ? `${entries} accept${one ? 's' : ''} more problems than are left, and ${asked} fails the run on ${them}: the problems were fixed or the specs are gone; drop ${them} with ${prune}`
    : `${entries} ${one ? 'is' : 'are'} unused, and ${asked} fails the run on ${them}: ${prune} removes ${them}`;
}
