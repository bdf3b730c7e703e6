/** RFC 6901: "~" becomes "~0" and "/" becomes "~1" inside a reference token. */
function escapeToken(token: string | number): string {
  if (typeof token === 'number') return String(token);
  // Most keys need no escaping; skipping the replacements keeps pointer building off the profile.
  if (token.indexOf('~') === -1 && token.indexOf('/') === -1) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

export function pointer(...tokens: Array<string | number>): string {
  let result = '';
  for (const token of tokens) result += `/${escapeToken(token)}`;
  return result;
}

export function childPointer(parent: string, ...tokens: Array<string | number>): string {
  return parent + pointer(...tokens);
}

/** Whether a pointer's token is an array index: a whole number written without a leading zero. */
export function isIndexToken(token: string): boolean {
  return /^(0|[1-9]\d*)$/.test(token);
}

export function parsePointer(path: string): string[] {
  if (path === '') return [];
  return path
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Human form for a message line: the root pointer "" reads as "the document root". */
export function describePointer(path: string): string {
  return path === '' ? 'the document root' : path;
}
