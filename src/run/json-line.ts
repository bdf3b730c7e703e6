// A line of JSON from a client (the MCP server's messages), checked against the limits of input
// before anything is parsed: how deep it nests, told by scanning its text.
import { measureNesting, topLevelMember } from '../load/json-scan.js';
import { isJsonText } from '../load/json-validity.js';
import { MAX_DEPTH } from '../load/limits.js';

/** The deepest any value of input may nest, a spec or an argument's value: the command line's limit. */
export const MAX_VALUE_DEPTH = MAX_DEPTH;

/**
 * `within`: the line nests no deeper than the limit, so that parsing it builds nothing deeper (it
 * may still not be JSON); `not-json`: it nests past the limit and is not JSON text; `too-deep`: it
 * is JSON nesting `depth` levels, and `memberText` gives the text of a member of its top-level
 * object (undefined when it has none), never parsed.
 */
export type JsonLineScan =
  | { kind: 'within' }
  | { kind: 'not-json' }
  | { kind: 'too-deep'; depth: number; memberText: (key: string) => string | undefined };

/**
 * Whether a line is JSON within `maxDepth` levels of nesting, by scans of its text: linear in the
 * line, with no recursion, and nothing deeper than `maxDepth` ever built.
 */
export function scanJsonLine(text: string, maxDepth: number): JsonLineScan {
  const depth = measureNesting(text, maxDepth).deepest;
  if (depth <= maxDepth) return { kind: 'within' };
  if (!isJsonText(text)) return { kind: 'not-json' };
  return { kind: 'too-deep', depth, memberText: (key) => topLevelMember(text, key) };
}
