import { childPointer } from '../diagnostics/pointer.js';
import type { Rule } from './rule.js';
import { show } from './support/text.js';
import { containsWholeWord } from './support/words.js';

export const antiPatterns: Rule = {
  meta: {
    id: 'anti-patterns',
    criterion: 'method',
    description: 'No blocked anti-pattern token (read_all_files, reflexive_replan, ...) appears as a whole word, in any case, in any string value.',
    rationale:
      'Reading everything, re-planning every turn and a rigid up-front plan are what the method replaces. A spec that names them as its practice did not follow the method.',
    examples: {
      failing: { title: 'A risk admitting to read_all_files.', apply: (spec) => void spec.risks.push('We fell back to read_all_files for the legacy folder.') },
      passing: { title: 'No blocked token anywhere.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    const tokens = policy.blockedAntiPatterns.map((token) => ({ token, folded: token.toLowerCase() }));
    if (tokens.length === 0) return;
    const visit = (value: unknown, path: string): void => {
      if (typeof value === 'string') {
        const folded = value.toLowerCase();
        const found = tokens.filter(({ folded: token }) => containsWholeWord(folded, token, false));
        if (found.length > 0) {
          report(path, `blocked anti-pattern ${found.map(({ token }) => show(token)).join(', ')} in this text; the method maps cheaply, reads selectively and re-plans only on invalidation. Describe what was actually done.`);
        }
      } else if (Array.isArray(value)) {
        value.forEach((item, index) => visit(item, childPointer(path, index)));
      } else if (value !== null && typeof value === 'object') {
        for (const key of Object.keys(value)) visit((value as Record<string, unknown>)[key], childPointer(path, key));
      }
    };
    visit(view.data, '');
  },
};
