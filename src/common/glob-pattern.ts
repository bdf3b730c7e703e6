/**
 * Whether a Glob pattern matches a path, as a glob tool lists files: `*` and `?` within one path
 * segment, `**` across segments (`**​/` also matching no folder at all), `[...]` a class (`!` or `^`
 * negating it, `a-z` ranges), `{a,b}` alternatives, `\` quoting the next character. The matcher
 * walks the pattern once over the set of positions reached, so its cost is the product of the two
 * lengths whatever the pattern holds (no backtracking). A pattern with more than MAX_ALTERNATIVES
 * spellings once its braces are expanded is not understood: `undefined`, so the caller can say so.
 */

type Token =
  | { kind: 'char'; char: string }
  | { kind: 'one' }
  | { kind: 'star' }
  | { kind: 'all' }
  | { kind: 'folders' }
  | { kind: 'class'; negated: boolean; ranges: Array<[string, string]> };

const MAX_ALTERNATIVES = 64;

/** The spellings of a pattern with its braces expanded, or undefined past the limit. */
function expandBraces(pattern: string): string[] | undefined {
  let depth = 0;
  let open = -1;
  const commas: number[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index];
    if (char === '\\') index++;
    else if (char === '{') {
      if (depth++ === 0) open = index;
    } else if (char === ',' && depth === 1) commas.push(index);
    else if (char === '}' && depth > 0 && --depth === 0) {
      if (commas.length === 0) continue;
      const head = pattern.slice(0, open);
      const tail = pattern.slice(index + 1);
      const bounds = [open, ...commas, index];
      const spellings: string[] = [];
      for (let part = 0; part + 1 < bounds.length; part++) {
        const expanded = expandBraces(`${head}${pattern.slice((bounds[part] as number) + 1, bounds[part + 1])}${tail}`);
        if (expanded === undefined) return undefined;
        spellings.push(...expanded);
        if (spellings.length > MAX_ALTERNATIVES) return undefined;
      }
      return spellings;
    }
  }
  return [pattern];
}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index] as string;
    if (char === '\\' && index + 1 < pattern.length) tokens.push({ kind: 'char', char: pattern[++index] as string });
    else if (char === '?') tokens.push({ kind: 'one' });
    else if (char === '*') {
      let end = index;
      while (pattern[end + 1] === '*') end++;
      const whole = (index === 0 || pattern[index - 1] === '/') && (end + 1 === pattern.length || pattern[end + 1] === '/');
      if (end > index && whole && pattern[end + 1] === '/') {
        tokens.push({ kind: 'folders' });
        end++;
      } else tokens.push({ kind: end > index && whole ? 'all' : 'star' });
      index = end;
    } else if (char === '[') {
      const close = pattern.indexOf(']', index + 2);
      if (close < 0) tokens.push({ kind: 'char', char });
      else {
        let body = pattern.slice(index + 1, close);
        const negated = body.startsWith('!') || body.startsWith('^');
        if (negated) body = body.slice(1);
        const ranges: Array<[string, string]> = [];
        for (let at = 0; at < body.length; at++) {
          const from = body[at] as string;
          if (body[at + 1] === '-' && at + 2 < body.length) {
            ranges.push([from, body[at + 2] as string]);
            at += 2;
          } else ranges.push([from, from]);
        }
        tokens.push({ kind: 'class', negated, ranges });
        index = close;
      }
    } else tokens.push({ kind: 'char', char });
  }
  return tokens;
}

/**
 * Walks the tokens over `path` once (the set of positions reached after each token) and says
 * whether all of `path` is consumed: by the whole pattern (`whole`), or by some first tokens of it
 * (`prefix`), which is what a folder walk needs to know whether a folder can hold a match.
 */
function matchesTokens(tokens: readonly Token[], path: string, prefix = false): boolean {
  let reached = new Uint8Array(path.length + 1);
  let next = new Uint8Array(path.length + 1);
  reached[0] = 1;
  for (const token of tokens) {
    if (prefix && reached[path.length]) return true;
    next.fill(0);
    let any = false;
    for (let at = 0; at <= path.length; at++) {
      if (!reached[at]) continue;
      any = true;
      const char = path[at];
      if (token.kind === 'char' || token.kind === 'one' || token.kind === 'class') {
        if (char === undefined || char === '/') {
          if (token.kind === 'char' && char === '/' && token.char === '/') next[at + 1] = 1;
          continue;
        }
        if (token.kind === 'char' ? char === token.char : token.kind === 'one' || inClass(token, char)) next[at + 1] = 1;
      } else if (token.kind === 'star') {
        for (let end = at; end <= path.length && !next[end]; end++) {
          next[end] = 1;
          if (path[end] === '/') break;
        }
      } else if (token.kind === 'all') {
        next.fill(1, at);
        break;
      } else {
        next[at] = 1;
        for (let end = at; end < path.length; end++) if (path[end] === '/') next[end + 1] = 1;
        break;
      }
    }
    if (!any) return false;
    [reached, next] = [next, reached];
  }
  return reached[path.length] === 1;
}

function inClass(token: { negated: boolean; ranges: Array<[string, string]> }, char: string): boolean {
  const inside = token.ranges.some(([from, to]) => from <= char && char <= to);
  return inside !== token.negated;
}

export interface GlobMatcher {
  (path: string): boolean;
  /**
   * Whether a path below `folder` may match: false only when none can, so that a walk need not
   * enter the folder (`specs/*.yaml` never enters `specs/b`). Its cost is a match's.
   */
  mayContain(folder: string): boolean;
  /** The tokens of all its spellings: matching a path costs at most this times the path's length. */
  size: number;
}

/** A glob pattern as a matcher of paths, or undefined when the pattern is past what is understood. */
export function globMatcher(pattern: string): GlobMatcher | undefined {
  const spellings = expandBraces(pattern.replace(/^\.\//, ''));
  if (spellings === undefined) return undefined;
  const compiled = spellings.map(tokenize);
  const matcher = (path: string): boolean => {
    const bare = path.replace(/^\.\//, '');
    return compiled.some((tokens) => matchesTokens(tokens, bare));
  };
  const mayContain = (folder: string): boolean => {
    const bare = folder === '.' ? '' : folder.replace(/^\.\//, '');
    const below = bare === '' ? '' : `${bare}/`;
    return compiled.some((tokens) => matchesTokens(tokens, below, true));
  };
  return Object.assign(matcher, { mayContain, size: compiled.reduce((sum, tokens) => sum + tokens.length, 0) });
}
