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
 * The parser's error for a plain value whose text runs on to a deeper line holding "key:": what a
 * key indented a space more than the key above it becomes.
 */
const RUN_ON_VALUE = 'BLOCK_AS_IMPLICIT_KEY';

/** A ": " or a colon at the end of a line: a line of a value's text that the parser takes for a key. */
const COLON = /:(?:[ \t]|$)/;

/**
 * A key indented a space or two less than the keys of its mapping makes the parser complain of a
 * missing "- " or of columns at the start of the line; one indented a space more than the key
 * above it, of "nested mappings" in the value of that key. When the line is a key, this names the
 * key, its own line and column, and the indentation of the mapping it belongs to: the slip and its
 * fix. Undefined when the error is of another kind.
 */
export function indentationSlip(
  document: Document.Parsed,
  error: { code: string; pos: [number, number] },
  text: string,
  lines: LineIndex,
): InputProblem | undefined {
  if (error.code === RUN_ON_VALUE) return overIndented(document, error.pos[0], text, lines);
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
  const [first, second] = nearest as [KeyPlace, KeyPlace | undefined];
  if (second === undefined) return slipProblem({ name, line: at.line, indent }, first);
  const where = `the key ${JSON.stringify(name)} at line ${at.line}, column ${indent + 1} is indented by ${spaces(indent)}`;
  const message = `invalid YAML: ${where}, between ${JSON.stringify(second.name)} at line ${second.line} (${spaces(second.indent)}) and ${JSON.stringify(first.name)} at line ${first.line} (${spaces(first.indent)}): an indentation slip. Indent it like the keys of the mapping it belongs to.`;
  return inputProblem('YAML_SYNTAX', message, { line: at.line, column: indent + 1 });
}

/**
 * The key a space deeper than the key whose plain value starts at `offset`: the first line below
 * that holds a key, past lines of the value's own text. Only one space deeper: a deeper line with
 * a colon is more often text that needs quotes.
 */
function overIndented(document: Document.Parsed, offset: number, text: string, lines: LineIndex): InputProblem | undefined {
  const [above] = enclosingKeys(document, offset, lines);
  if (above === undefined || above.line !== lines.position(offset).line) return undefined;
  let lineStart = text.indexOf('\n', offset) + 1;
  for (let line = above.line + 1; lineStart > 0 && lineStart < text.length; line++) {
    const end = text.indexOf('\n', lineStart);
    const content = text.slice(lineStart, end === -1 ? undefined : end);
    const match = KEY_LINE.exec(content);
    if (match !== null) {
      const indent = (match[1] as string).length;
      return indent === above.indent + 1 ? slipProblem({ name: match[2] as string, line, indent }, above) : undefined;
    }
    if (COLON.test(content)) return undefined;
    lineStart = end + 1;
  }
  return undefined;
}

/** A key indented otherwise than `above`, the key of the mapping it belongs to: the slip and how to indent it. */
function slipProblem(key: KeyPlace, above: KeyPlace): InputProblem {
  const name = JSON.stringify(key.name);
  const fix = above.indent === 0 ? `Start ${name} at the beginning of its line` : `Indent ${name} by ${spaces(above.indent)}`;
  return inputProblem(
    'YAML_SYNTAX',
    `invalid YAML: the key ${name} at line ${key.line}, column ${key.indent + 1} is indented by ${spaces(key.indent)}, but ${JSON.stringify(above.name)} at line ${above.line}, the key above it, is indented by ${spaces(above.indent)}: an indentation slip. ${fix} to keep it in that mapping.`,
    { line: key.line, column: key.indent + 1 },
  );
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
