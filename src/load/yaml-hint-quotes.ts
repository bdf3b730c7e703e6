import { show } from '../common/text.js';
import type { InputProblem } from './input-error.js';
import { allTokens, tokenAt } from './yaml-cst.js';
import { at, errorLine, lineAt, type SlipSite, shapeOf, valueName, yamlSlip } from './yaml-slip-site.js';

/** YAML reads "a: b" in an unquoted value as a key and its value: the usual cause of a text turned mapping. */
export const QUOTE_COLON_HINT = 'In YAML, a text holding ": " must be quoted, as in finding: "cause: a timeout".';

/** What YAML makes of a value that starts with each of these characters, instead of a text. */
const INDICATORS: ReadonlyMap<string, string> = new Map([
  ['*', 'which YAML reads as an alias, the name of an anchor defined elsewhere'],
  ['&', 'which YAML reads as an anchor, a name given to the value'],
  ['!', 'which YAML reads as a tag, the type of the value'],
  ['[', 'which YAML reads as the start of a list'],
  ['{', 'which YAML reads as the start of a mapping'],
  ['|', 'which YAML reads as the start of a block of text on the lines below'],
  ['>', 'which YAML reads as the start of a folded block of text on the lines below'],
  ['-', 'which YAML reads as a list item, and a list cannot start on the line of its key (its items go on lines of their own, below it)'],
  ['?', 'which YAML reads as the mark of a complex key'],
  [':', 'which YAML reads as the mark between a key and its value'],
  ['%', 'which YAML reads as a directive'],
  [',', 'which YAML reads as the separator of the items of a list'],
  ['@', 'a character YAML reserves, with which no unquoted text may start'],
  ['`', 'a character YAML reserves, with which no unquoted text may start'],
]);

/**
 * A value that starts with a character YAML gives a meaning to (`query: *.ts`, `` finding: `x` ``,
 * `evidence: > 3 results`), where a text was meant: says what YAML read, and shows the text quoted.
 */
export function valueStartsWithIndicator(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const shape = shapeOf(line.content);
  const first = shape.value[0];
  const meaning = first === undefined ? undefined : INDICATORS.get(first);
  if (meaning === undefined || site.error.pos[0] < line.start + shape.valueColumn) return undefined;
  // Only the value of a key or a list item: a line that starts with "-" is a list's own slip.
  if (shape.key === undefined && (shape.dash === undefined || first === '-')) return undefined;
  return yamlSlip(
    `${valueName(shape)} at line ${line.number}, column ${shape.valueColumn + 1} starts with ${show(first)}, ${meaning}: to write a text that starts with ${show(first)}, quote it: ${show(shape.value)}.`,
    at(line, shape.valueColumn),
  );
}

const QUOTES: Readonly<Record<string, { name: string; inside: string }>> = {
  '"': { name: 'double quote', inside: 'as \\"' },
  "'": { name: 'single quote', inside: "twice ('')" },
};

/** A quoted text whose quote closes before the text ends (`'it isn't'`, `"the "key" row"`), more text after it. */
export function textAfterQuoted(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const shape = shapeOf(line.content);
  const quote = QUOTES[shape.value[0] ?? ''];
  if (quote === undefined) return undefined;
  const token = tokenAt(site.tokens, line.start + shape.valueColumn);
  if (token === undefined || !('source' in token)) return undefined;
  const close = token.offset + token.source.length - 1;
  if (close >= site.error.pos[0] || lineAt(site, close).number !== line.number) return undefined;
  return yamlSlip(
    `${valueName(shape)} at line ${line.number}, column ${shape.valueColumn + 1} opens with a ${quote.name}, and the ${quote.name} at column ${close - line.start + 1} closes it before the text ends: write each ${quote.name} inside the text ${quote.inside}.`,
    at(line, close - line.start),
  );
}

/** A quoted text that runs to where the parser gave up without its closing quote. */
export function unclosedQuote(site: SlipSite): InputProblem | undefined {
  let token: { offset: number; source: string } | undefined;
  for (const candidate of allTokens(site.tokens)) {
    const quoted = candidate.type === 'double-quoted-scalar' || candidate.type === 'single-quoted-scalar';
    if (quoted && candidate.offset + candidate.source.length === site.error.pos[0]) token = candidate;
  }
  const quote = QUOTES[token?.source[0] ?? ''];
  if (token === undefined || quote === undefined || isClosed(token.source)) return undefined;
  const open = lineAt(site, token.offset);
  const end = site.lines.position(site.error.pos[0]).line;
  const runs = end > open.number ? ` (it runs on to line ${end})` : '';
  return yamlSlip(
    `the ${quote.name} at line ${open.number}, column ${token.offset - open.start + 1} opens a text that is never closed${runs}: end the text with a ${quote.name}.`,
    at(open, token.offset - open.start),
  );
}

/** Whether a quoted scalar's source ends with the quote it opens with, not with an escaped one. */
function isClosed(source: string): boolean {
  if (source.length < 2 || !source.endsWith(source[0] as string)) return false;
  return source[0] === "'" || !/(?:^|[^\\])(?:\\\\)*\\"$/.test(source);
}

/** `"C:\cart"`, `"\d+"`: a backslash in a double-quoted text that starts no escape. */
export function badEscape(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const column = site.error.pos[0] - line.start;
  if (line.content[column] !== '\\') return undefined;
  return yamlSlip(
    `the backslash at line ${line.number}, column ${column + 1}, in a text quoted with double quotes, starts no escape YAML knows: write it twice (\\\\) to keep it, or quote the text with single quotes, where a backslash is an ordinary character.`,
    at(line, column),
  );
}

/** `"[DOC]"# note`: a comment needs a space before its "#". */
export function commentWithoutSpace(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const column = site.error.pos[0] - line.start;
  if (line.content[column] !== '#') return undefined;
  return yamlSlip(
    `the "#" at line ${line.number}, column ${column + 1} follows the value with no space: write a space before "#" to start a comment, or, if "#" belongs to the text, keep it inside the quotes.`,
    at(line, column),
  );
}

/** A ": " or a colon at the end of a line: what YAML reads, in an unquoted text, as a key and its value. */
const COLON = /:(?=[ \t]|$)/m;

/**
 * An unquoted text that holds ": " on its first line or on a line it runs on to: YAML took it for a
 * key and its value. Only when there is such a colon: another slip gets another hint, or none.
 */
export function textWithColon(site: SlipSite): InputProblem | undefined {
  const start = site.error.pos[0];
  if (INDICATORS.has(site.text[start] ?? '') || site.text[start] === '"' || site.text[start] === "'") return undefined;
  const line = lineAt(site, start);
  const shape = shapeOf(line.content);
  const colon = COLON.exec(textFrom(site, start, shape.dash ?? shape.indent));
  if (colon === null) return undefined;
  const place = site.lines.position(start + colon.index);
  const atEnd = site.text[start + colon.index + 1] === undefined || /[\r\n]/.test(site.text[start + colon.index + 1] as string);
  const holds = atEnd ? `a ":" at the end of line ${place.line}` : `": " at line ${place.line}, column ${place.column}`;
  const name = shape.key === undefined ? 'the text' : `the text of ${show(shape.key)}`;
  return yamlSlip(
    `${name} at line ${line.number}, column ${start - line.start + 1} holds ${holds}, which YAML reads as a key and its value. ${QUOTE_COLON_HINT}`,
    at(line, start - line.start),
  );
}

/** The text of a plain value from `start`: the rest of its line, and the lines below indented more than `indent`. */
function textFrom(site: SlipSite, start: number, indent: number): string {
  let end = start;
  for (let line = lineAt(site, start); ; ) {
    end = line.start + line.content.length;
    const next = end + (site.text.startsWith('\r\n', end) ? 2 : 1);
    if (next >= site.text.length) break;
    line = lineAt(site, next);
    if (line.content.trim() !== '' && line.indent <= indent) break;
  }
  return site.text.slice(start, end);
}
