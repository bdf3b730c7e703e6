import type { Document, ToStringOptions } from 'yaml';
import { ACTIVE_BEYOND_C0 } from '../../common/visible.js';

/** What a string must not hold outside double quotes: "::", "##[", and the characters a terminal acts on that the library writes raw (a tab, in a block scalar). */
const HAZARD = `::|##\\[|[\\t${ACTIVE_BEYOND_C0}]`;
const NEEDS_ESCAPES = new RegExp(HAZARD);
/** Every hazard in the written text; "::" is matched whole, so that a run of colons is escaped pair by pair. */
const ESCAPED = new RegExp(HAZARD, 'g');

/**
 * A YAML document whose strings may hold anything (the spec `convert` writes, the skeleton of
 * `init`, made into a yaml Document by the command), written so that printing it keeps every line inert, and reading it back gives the same
 * data. The yaml library escapes most C0 controls, but would write the rest as they are: a tab
 * in a block scalar, DEL, C1, the separators and bidi controls raw; a string holding "::" as a key at a line start, as a line of a
 * block scalar, or where a long line folds; "##[" anywhere. A string holding any of these is
 * written double-quoted, where YAML has escapes for every character; then, in the text, those
 * characters become `\uXXXX`, the second ":" of "::" `\x3A` and the "[" of "##[" `\x5B`. Only
 * double-quoted strings can hold them then (keys are strings too), so every replacement lands in
 * one, and the escapes read back as the characters they stand for. Other strings keep the style
 * the library chooses.
 */
export function yamlText(document: Document, options: ToStringOptions = {}): string {
  let hostile = false;
  for (const scalar of scalarsOf(document.contents)) {
    if (typeof scalar.value === 'string' && NEEDS_ESCAPES.test(scalar.value)) {
      scalar.type = 'QUOTE_DOUBLE';
      hostile = true;
    }
  }
  const text = document.toString(options);
  return hostile ? text.replace(ESCAPED, escapeOf) : text;
}

/** A scalar node of a document's tree, as far as its style goes. */
interface ScalarNode {
  value: unknown;
  type?: string;
}

/**
 * Every scalar of a document's tree, keys too, found through the nodes' own fields (a collection
 * holds `items`, a pair a `key` and a `value`, a scalar a `value`), so that this rule, which every
 * renderer loads, does not load the yaml library itself: only the commands that write YAML do.
 */
function scalarsOf(node: unknown, found: ScalarNode[] = []): ScalarNode[] {
  if (node === null || typeof node !== 'object') return found;
  if ('items' in node && Array.isArray(node.items)) {
    for (const item of node.items) scalarsOf(item, found);
  } else if ('key' in node && 'value' in node) {
    scalarsOf(node.key, found);
    scalarsOf(node.value, found);
  } else if ('value' in node) {
    found.push(node as ScalarNode);
  }
  return found;
}

function escapeOf(match: string): string {
  if (match === '::') return ':\\x3A';
  if (match === '##[') return '##\\x5B';
  return match === '\t' ? '\\t' : `\\u${match.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;
}
