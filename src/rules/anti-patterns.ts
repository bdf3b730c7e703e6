import { show } from '../common/text.js';
import { pointer } from '../diagnostics/pointer.js';
import type { Policy } from '../policy/types.js';
import type { Rule } from './rule.js';
import { foldForMatching, WholeWordMatcher } from './support/words.js';

export const antiPatterns: Rule = {
  meta: {
    id: 'anti-patterns',
    criterion: 'method',
    description:
      'No blocked anti-pattern token (read_all_files, reflexive_replan, ...) appears as a whole word, in any case, in any string value.',
    rationale:
      'Reading everything, re-planning every turn and a rigid up-front plan are what the method replaces. A spec that names them as its practice did not follow the method.',
    examples: {
      failing: {
        title: 'A risk admitting to read_all_files.',
        apply: (spec) => void spec.risks.push('We fell back to read_all_files for the legacy folder.'),
      },
      passing: { title: 'No blocked token anywhere.', apply: () => {} },
    },
  },
  check({ view, policy, report }) {
    const matcher = matcherOf(policy);
    // One shared stack of keys: the pointer is only spelled out for a string that holds a token.
    const keys: Array<string | number> = [];
    const visit = (value: unknown): void => {
      if (typeof value === 'string') {
        const found = matcher.find(value);
        if (found) {
          report(
            pointer(...keys),
            `blocked anti-pattern ${found.map((token) => show(token)).join(', ')} in this text; the method maps cheaply, reads selectively and re-plans only on invalidation. Describe what was actually done.`,
          );
        }
      } else if (Array.isArray(value)) {
        for (let index = 0; index < value.length; index++) {
          keys.push(index);
          visit(value[index]);
          keys.pop();
        }
      } else if (value !== null && typeof value === 'object') {
        for (const key of Object.keys(value)) {
          keys.push(key);
          visit((value as Record<string, unknown>)[key]);
          keys.pop();
        }
      }
    };
    visit(view.data);
  },
};

/** One matcher per policy, built the first time the policy judges a spec. */
const matchers = new WeakMap<Policy, WholeWordMatcher>();

function matcherOf(policy: Policy): WholeWordMatcher {
  let matcher = matchers.get(policy);
  if (!matcher)
    matchers.set(
      policy,
      (matcher = new WholeWordMatcher(
        policy.blockedAntiPatterns,
        policy.strict.visibleText ? foldForMatching : (text) => text.toLowerCase(),
      )),
    );
  return matcher;
}
