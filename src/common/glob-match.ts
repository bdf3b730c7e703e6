import { globMatcher } from './glob-pattern.js';

/**
 * Ignore patterns, matched against a path relative to a base folder with "/" separators, the way
 * .gitignore and ESLint's `ignores` read them: `*` and `?` stay within one segment, `**` spans any
 * number of segments, `[abc]` is a class, `{a,b}` an alternative. A pattern without a "/" (other
 * than a trailing one) matches a name at any depth, like `**\/name`; a pattern that matches a
 * folder ignores everything below it. A leading "./" or "/" anchors to the base folder. Matching
 * is globMatcher's, whose cost is bounded by the pattern's length times the path's (no regular
 * expression a pattern could make backtrack).
 */
export type PathMatcher = (relativePath: string) => boolean;

/** The longest pattern taken: matching costs the pattern's length times the path's. */
const MAX_PATTERN_LENGTH = 1000;

/** What is wrong with a pattern, as a sentence to follow "ignore pattern X ", or null when it can be used. */
export function ignorePatternProblem(pattern: string): string | null {
  if (pattern.trim() === '') return 'is empty; give a glob such as "drafts/**"';
  if (pattern.length > MAX_PATTERN_LENGTH) return `is longer than ${MAX_PATTERN_LENGTH} characters; give a shorter glob`;
  if (pattern.includes('\\')) return 'holds a backslash; write folders with "/" on every system';
  if (pattern.startsWith('!')) return 'starts with "!"; negated patterns are not supported, narrow the pattern instead';
  let depth = 0;
  let inClass = false;
  for (const char of pattern) {
    if (inClass) inClass = char !== ']';
    else if (char === '[') inClass = true;
    else if (char === '{') depth += 1;
    else if (char === '}') depth -= 1;
    if (depth < 0) break;
  }
  if (inClass) return 'opens a "[" class it never closes';
  if (depth !== 0) return 'has unbalanced "{" and "}"';
  if (globMatcher(pattern) === undefined) return 'has too many alternatives once its "{…}" are expanded; split it into several patterns';
  return null;
}

/** A matcher for one pattern that ignorePatternProblem accepts. */
export function ignoreMatcher(pattern: string): PathMatcher {
  const body = trimSlashes(pattern);
  const anchored = pattern.startsWith('/') || pattern.startsWith('./') || body.includes('/');
  const whole = anchored ? body : `**/${body}`;
  // The path itself, or anything below a folder the pattern names.
  const matchers = [globMatcher(whole), globMatcher(`${whole}/**`)].filter((matcher) => matcher !== undefined);
  return (relativePath) => matchers.some((matches) => matches(relativePath));
}

/** The pattern without a leading "./" or "/" and without trailing "/": split by hand, since a pattern is untrusted text. */
function trimSlashes(pattern: string): string {
  let start = pattern.startsWith('./') ? 2 : 0;
  while (pattern[start] === '/') start++;
  let end = pattern.length;
  while (end > start && pattern[end - 1] === '/') end--;
  return pattern.slice(start, end);
}
