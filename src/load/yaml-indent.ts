import { type Document, isScalar, visit } from 'yaml';
import { show } from '../common/text.js';
import type { InputProblem } from './input-error.js';
import type { LineIndex } from './text-position.js';
import { lineAt, type SlipSite, spaces, yamlSlip } from './yaml-slip-site.js';

/** A line that starts with a plain key and its colon: what an indentation slip usually moves. */
const KEY_LINE = /^( *)([A-Za-z_$][\w$.-]*)[ \t]*:(?:[ \t]|$)/;

interface KeyPlace {
  name: string;
  line: number;
  /** Spaces before the key. */
  indent: number;
}

/** A ": " or a colon at the end of a line: a line of a value's text that the parser takes for a key. */
const COLON = /:(?:[ \t]|$)/;

/**
 * A key indented a space or two less than the keys of its mapping makes the parser complain of a
 * missing "- " or of columns at the start of the line. When the line is a key, this names the key,
 * its own line and column, and the indentation of the mapping it belongs to: the slip and its fix.
 */
export function keySlip(site: SlipSite): InputProblem | undefined {
  const { document, lines } = site;
  const line = lineAt(site, site.error.pos[0]);
  const match = KEY_LINE.exec(line.content);
  if (match === null) return undefined;
  const indent = (match[1] as string).length;
  const name = match[2] as string;
  const nearest = nearestLevels(enclosingKeys(document, line.start, lines), indent);
  if (nearest.length === 0) return undefined;
  const [first, second] = nearest as [KeyPlace, KeyPlace | undefined];
  if (second === undefined) return slipProblem({ name, line: line.number, indent }, first);
  const where = `the key ${show(name)} at line ${line.number}, column ${indent + 1} is indented by ${spaces(indent)}`;
  return yamlSlip(
    `${where}, between ${show(second.name)} at line ${second.line} (${spaces(second.indent)}) and ${show(first.name)} at line ${first.line} (${spaces(first.indent)}): an indentation slip. Indent it like the keys of the mapping it belongs to.`,
    { line: line.number, column: indent + 1 },
  );
}

/**
 * A key indented a space more than the key above it makes the parser complain of "nested mappings"
 * in the value of that key: the key a space deeper than the key whose plain value starts where the
 * parser stopped, the first line below that holds a key, past lines of the value's own text. Only
 * one space deeper: a deeper line with a colon is more often text that needs quotes.
 */
export function overIndentedKey(site: SlipSite): InputProblem | undefined {
  const { document, text, lines } = site;
  const offset = site.error.pos[0];
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
  const name = show(key.name);
  const fix = above.indent === 0 ? `Start ${name} at the beginning of its line` : `Indent ${name} by ${spaces(above.indent)}`;
  return yamlSlip(
    `the key ${name} at line ${key.line}, column ${key.indent + 1} is indented by ${spaces(key.indent)}, but ${show(above.name)} at line ${above.line}, the key above it, is indented by ${spaces(above.indent)}: an indentation slip. ${fix} to keep it in that mapping.`,
    { line: key.line, column: key.indent + 1 },
  );
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
