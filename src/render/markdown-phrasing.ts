import type { Emphasis, PhrasingContent, Strong } from 'mdast';
import { escapeFor } from './untrusted/index.js';

/**
 * Phrasing content (a paragraph's, a heading's, a list item's) written directly, byte for byte as
 * remark writes it with `remarkHandlers`, without remark's phrasing machinery: that machinery asks
 * every node's handler for its first character, tracks positions through every string and pairs
 * emphasis delimiters, which cost more than the text itself. With only text, inline code and HTML,
 * remark's output is their handlers' outputs joined; emphasis and strong are covered where remark
 * has nothing to decide (see `simpleAttention`). Anything else gives undefined: the caller then
 * lets remark write it.
 */

/** The ASCII letters and digits: emphasis whose text starts and ends with one needs no encoding on either side. */
const ALPHANUMERIC_EDGES = /^[A-Za-z0-9](?:[\s\S]*[A-Za-z0-9])?$/;

/**
 * `before` and `after` are what remark passes as the text around the content ("\n" for a block at
 * a line start, "# " for a heading); in a heading, text must not end in "#" (it would read as the
 * closing sequence).
 */
export function writePhrasing(children: readonly PhrasingContent[], before: string, after: string, inHeading: boolean): string | undefined {
  let out = '';
  // Emphasis is checked once its neighbours are known: where it ends in `out`, and what character it needs next.
  let pendingAttentionEnd = -1;
  for (const child of children) {
    let value: string;
    const last = out === '' ? before.charAt(before.length - 1) : out.charAt(out.length - 1);
    if (child.type === 'text') {
      value = escapeFor.markdownText(child.value, last === '' || last === '\n' || last === '\r');
      if (inHeading && value.endsWith('#')) value = `${value.slice(0, -1)}\\#`;
    } else if (child.type === 'inlineCode') {
      value = escapeFor.markdownCode(child.value, false);
    } else if (child.type === 'html') {
      // remark would fold the line break before flow-like HTML into a space.
      if (last === '\n' || last === '\r') return undefined;
      value = child.value;
    } else if (child.type === 'strong' || child.type === 'emphasis') {
      if (last !== ' ' && last !== '\n') return undefined;
      const written = simpleAttention(child);
      if (written === undefined) return undefined;
      value = written;
    } else {
      return undefined;
    }
    if (value === '') continue;
    if (pendingAttentionEnd !== -1 && !isSpaceOrLineFeed(value.charAt(0))) return undefined;
    out += value;
    pendingAttentionEnd = child.type === 'strong' || child.type === 'emphasis' ? out.length : -1;
  }
  if (pendingAttentionEnd !== -1 && !isSpaceOrLineFeed(after.charAt(0))) return undefined;
  return out;
}

/**
 * Strong (`**`) or emphasis (`_`) around one text whose escaped form starts and ends with an ASCII
 * letter or digit, written as remark writes it when a space or a line break stands on both sides
 * (the caller checks that): its preferred delimiters pair, and nothing needs encoding. Undefined
 * for any other content.
 */
export function simpleAttention(node: Strong | Emphasis): string | undefined {
  const only = node.children[0];
  if (node.children.length !== 1 || only?.type !== 'text') return undefined;
  const inner = escapeFor.markdownText(only.value, false);
  if (!ALPHANUMERIC_EDGES.test(inner)) return undefined;
  const marker = node.type === 'strong' ? '**' : '_';
  return `${marker}${inner}${marker}`;
}

function isSpaceOrLineFeed(character: string): boolean {
  return character === ' ' || character === '\n';
}
