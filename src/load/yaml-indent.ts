import { type Document, isScalar, visit } from 'yaml';
import { type InputProblem, inputProblem } from './input-error.js';
import type { LineIndex } from './text-position.js';

/** The parser's errors for a line indented less than its mapping's keys but more than the mapping's parent. */
const UNDER_INDENTED = new Set(['MISSING_CHAR', 'BAD_INDENT']);

/** A line that starts with a plain key and its colon: what an indentation slip usually moves. */
const KEY_LINE = /^( *)([A-Za-z_$][\w$.-]*)[ \t]*:(?:[ \t]|$)/;

interface KeyPlace {
  name: string;
  line: number;
  /** Spaces before the key. */
  indent: number;
}

/**
 * A key indented a space or two less than the keys of its mapping makes the parser complain of a
 * missing "- " or of columns at the start of the line. When the line the parser points at starts
 * with a key, this names the key, its own line and column, and the indentation of the nearest
 * mapping above it: the slip and its fix. Undefined when the error is of another kind.
 */
export function indentationSlip(
  document: Document.Parsed,
  error: { code: string; pos: [number, number] },
  text: string,
  lines: LineIndex,
): InputProblem | undefined {
  if (!UNDER_INDENTED.has(error.code)) return undefined;
  const at = lines.position(error.pos[0]);
  const lineStart = error.pos[0] - (at.column - 1);
  const end = text.indexOf('\n', lineStart);
  const match = KEY_LINE.exec(text.slice(lineStart, end === -1 ? undefined : end));
  if (match === null) return undefined;
  const indent = (match[1] as string).length;
  const name = match[2] as string;
  const nearest = nearestLevels(enclosingKeys(document, lineStart, lines), indent);
  if (nearest.length === 0) return undefined;
  const where = `the key ${JSON.stringify(name)} at line ${at.line}, column ${indent + 1} is indented by ${spaces(indent)}`;
  const [first, second] = nearest as [KeyPlace, KeyPlace | undefined];
  const message =
    second === undefined
      ? `invalid YAML: ${where}, but ${JSON.stringify(first.name)} at line ${first.line}, the key above it, is indented by ${spaces(first.indent)}: an indentation slip. Indent ${JSON.stringify(name)} by ${spaces(first.indent)} to keep it in that mapping.`
      : `invalid YAML: ${where}, between ${JSON.stringify(second.name)} at line ${second.line} (${spaces(second.indent)}) and ${JSON.stringify(first.name)} at line ${first.line} (${spaces(first.indent)}): an indentation slip. Indent it like the keys of the mapping it belongs to.`;
  return inputProblem('YAML_SYNTAX', message, { line: at.line, column: indent + 1 });
}

function spaces(count: number): string {
  return `${count} ${count === 1 ? 'space' : 'spaces'}`;
}

/**
 * The keys before `offset` that open the mappings a line there may belong to: walking back, each
 * key indented less than every key after it (the last key of each level above).
 */
function enclosingKeys(document: Document.Parsed, offset: number, lines: LineIndex): KeyPlace[] {
  const keys: Array<{ offset: number; name: string }> = [];
  visit(document, {
    Pair(_, pair) {
      const key = pair.key;
      const start = (key as { range?: [number, number] } | null)?.range?.[0];
      if (start !== undefined && start < offset && isScalar(key)) keys.push({ offset: start, name: String(key.value) });
    },
  });
  keys.sort((a, b) => b.offset - a.offset);
  const levels: KeyPlace[] = [];
  let below = Number.POSITIVE_INFINITY;
  for (const key of keys) {
    const position = lines.position(key.offset);
    if (position.column - 1 >= below) continue;
    below = position.column - 1;
    levels.push({ name: key.name, line: position.line, indent: below });
  }
  return levels;
}

/** The level, or the two levels equally near, whose indentation is closest to `indent`; none when one matches it. */
function nearestLevels(levels: readonly KeyPlace[], indent: number): KeyPlace[] {
  if (levels.some((level) => level.indent === indent)) return [];
  const distance = (level: KeyPlace): number => Math.abs(level.indent - indent);
  const best = Math.min(...levels.map(distance));
  return levels.filter((level) => distance(level) === best);
}
