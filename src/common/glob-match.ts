/**
 * Ignore patterns, matched against a path relative to a base folder with "/" separators, the way
 * .gitignore and ESLint's `ignores` read them: `*` and `?` stay within one segment, `**` spans any
 * number of segments, `[abc]` is a class, `{a,b}` an alternative. A pattern without a "/" (other
 * than a trailing one) matches a name at any depth, like `**\/name`; a pattern that matches a
 * folder ignores everything below it. A leading "./" or "/" anchors to the base folder.
 */
export type PathMatcher = (relativePath: string) => boolean;

/** What is wrong with a pattern, as a sentence to follow "ignore pattern X ", or null when it can be used. */
export function ignorePatternProblem(pattern: string): string | null {
  if (pattern.trim() === '') return 'is empty; give a glob such as "drafts/**"';
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
  return null;
}

/** A matcher for one pattern that ignorePatternProblem accepts. */
export function ignoreMatcher(pattern: string): PathMatcher {
  let body = pattern.replace(/\/+$/, '');
  const anchored = body.startsWith('/') || body.startsWith('./') || body.includes('/');
  body = body.replace(/^\.?\/+/, '');
  const expression = new RegExp(`^${anchored ? '' : '(?:.*/)?'}${translate(body)}(?:/.*)?$`, 'u');
  return (relativePath) => expression.test(relativePath);
}

function translate(glob: string): string {
  let out = '';
  let alternatives = 0;
  for (let index = 0; index < glob.length; index += 1) {
    const char = glob[index] as string;
    if (char === '*' && glob[index + 1] === '*') {
      const segmentStart = index === 0 || glob[index - 1] === '/';
      const segmentEnd = index + 2 === glob.length || glob[index + 2] === '/';
      index += 1;
      if (segmentStart && segmentEnd) {
        // "**/" is any number of whole folders, none included; a final "**" is anything below.
        if (glob[index + 1] === '/') {
          out += '(?:[^/]*/)*';
          index += 1;
        } else out += '.*';
      } else out += '[^/]*';
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else if (char === '[') {
      const close = glob.indexOf(']', index + 1);
      const inner = glob
        .slice(index + 1, close)
        .replace(/^!/, '^')
        .replace(/\\/g, '\\\\');
      out += `[${inner}]`;
      index = close;
    } else if (char === '{') {
      alternatives += 1;
      out += '(?:';
    } else if (char === '}' && alternatives > 0) {
      alternatives -= 1;
      out += ')';
    } else if (char === ',' && alternatives > 0) out += '|';
    else out += char.replace(/[.+^$()|\\/{}[\]]/g, '\\$&');
  }
  return out;
}
