import { show } from '../common/text.js';
import type { InputProblem } from './input-error.js';
import { allTokens } from './yaml-cst.js';
import {
  at,
  errorLine,
  lineAt,
  lineBelow,
  linesAbove,
  type SlipSite,
  type SourceLine,
  shapeOf,
  spaces,
  yamlSlip,
} from './yaml-slip-site.js';

/** A tab among the spaces that indent the line: YAML indents with spaces only. */
export function tabIndent(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const leading = /^[ \t]*/.exec(line.content)?.[0] ?? '';
  const tab = leading.indexOf('\t');
  if (tab === -1) return undefined;
  let above: SourceLine | undefined;
  for (const candidate of linesAbove(site, line)) {
    if (!/^ *\t/.test(candidate.content)) {
      above = candidate;
      break;
    }
  }
  const like = above === undefined ? '' : ` (line ${above.number} above it is indented by ${spaces(above.indent)})`;
  return yamlSlip(
    `line ${line.number} is indented with a tab at column ${tab + 1}; YAML indents with spaces only: replace the tab with spaces${like}.`,
    at(line, tab),
  );
}

const WORDS_WITHOUT_COLON = /^([a-z_$][\w$.-]*)(?::(\S.*)|[ \t]+(.*))?$/;

/**
 * `priority 1`, `status:open`, a lone `status`, `- id:H2`: a key without its ": ", which YAML
 * reads as text and then as a key that runs on to the next line. When the line may rather go on
 * with the text above it (a key's unquoted text at the same indentation, or a block of text), both
 * fixes are named.
 */
export function missingColon(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const shape = shapeOf(line.content);
  // The text starts the line, or follows a list item's "- ".
  const start = shape.dash === undefined ? line.indent : shape.valueColumn;
  const text = line.content.slice(start).trim();
  const match = shape.key === undefined ? WORDS_WITHOUT_COLON.exec(text) : null;
  if (match === null || site.error.pos[0] !== line.start + start) return undefined;
  const [, key = '', glued, rest] = match;
  const holds = `line ${line.number} holds ${show(text)}`;
  if (glued !== undefined) {
    return yamlSlip(
      `${holds}: with no space after its colon, YAML reads it as text, not as the key ${show(key)}: write ${show(`${key}: ${glued}`)}.`,
      at(line, start),
    );
  }
  const fix =
    rest !== undefined && rest !== ''
      ? `${holds}, with no colon after ${show(key)}, so YAML reads it as text, not as a key: write ${show(`${key}: ${rest}`)}`
      : `${holds} alone, with no colon, so YAML reads it as text, not as a key: write ${show(`${key}:`)} and its value`;
  const other = shape.dash === undefined ? textGoingOn(site, line) : '';
  return yamlSlip(`${fix}${other}.`, at(line, start));
}

/** The other reading of a line without a colon: the text above it going on, and how to indent it for that. */
function textGoingOn(site: SlipSite, line: SourceLine): string {
  const block = blockAbove(site, line);
  if (block !== undefined) return `; if it is a line of the block of text of ${block.owner}, indent it by ${spaces(block.indent)}`;
  const [above] = linesAbove(site, line);
  const shape = above && shapeOf(above.content);
  if (shape?.key === undefined || shape.indent !== line.indent || shape.value === '' || /^["'[{|>]/.test(shape.value)) return '';
  return `; if it goes on with the text of ${show(shape.key)} above it, indent it more than ${show(shape.key)}`;
}

/**
 * A line of text below a block of text (`deliverable: |`) indented less than the block's lines,
 * or not more than its key when the block has no line yet: it ended the block.
 */
export function blockTextDedented(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const shape = shapeOf(line.content);
  const block = shape.key === undefined && shape.dash === undefined ? blockAbove(site, line) : undefined;
  if (block === undefined) return undefined;
  const where = `line ${line.number} is indented by ${spaces(line.indent)}`;
  const message = block.empty
    ? `${where}, no more than ${block.owner}, whose block of text starts at line ${block.header}: indent the lines of the block more than ${block.owner}, by ${spaces(block.indent)}.`
    : `${where}, less than the lines of the block of text of ${block.owner}, which starts at line ${block.header}: indent it by ${spaces(block.indent)}, like them.`;
  return yamlSlip(message, at(line, line.indent));
}

interface BlockAbove {
  /** The key whose value the block is, shown; "its key" when the line holds none. */
  owner: string;
  /** The line of its "|" or ">". */
  header: number;
  /** How its lines are indented: as its first line, or two spaces more than its key when it has none. */
  indent: number;
  empty: boolean;
}

/** The block of text (`|`, `>`) that ends right above `line`, with only blank lines between. */
function blockAbove(site: SlipSite, line: SourceLine): BlockAbove | undefined {
  let block: { header: number; end: number } | undefined;
  for (const token of allTokens(site.tokens)) {
    if (token.type !== 'block-scalar') continue;
    // The token starts at its header ("|"); its source is the text after the header's line.
    const lastProp = token.props.at(-1);
    const textStart = lastProp === undefined ? token.offset : lastProp.offset + ('source' in lastProp ? lastProp.source.length : 0);
    const end = textStart + token.source.length;
    if (end <= line.start && (block === undefined || end > block.end)) block = { header: token.offset, end };
  }
  if (block === undefined || site.text.slice(block.end, line.start).trim() !== '') return undefined;
  const header = lineAt(site, block.header);
  const key = shapeOf(header.content).key;
  const first = lineBelow(site, header);
  const empty = first === undefined || first.start >= line.start;
  return {
    owner: key === undefined ? 'its key' : show(key),
    header: header.number,
    indent: empty ? header.indent + 2 : first.indent,
    empty,
  };
}

/** A first line that starts with "%": a comment written the LaTeX way, or a directive with no "---" after it. */
export function directiveLine(site: SlipSite): InputProblem | undefined {
  const top = lineAt(site, 0);
  const first = top.content.trim() === '' || top.content.trimStart().startsWith('#') ? lineBelow(site, top) : top;
  if (first === undefined || !first.content.startsWith('%')) return undefined;
  const name = /^%\S*/.exec(first.content)?.[0] ?? '%';
  const message =
    name === '%YAML' || name === '%TAG'
      ? `line ${first.number} is the YAML directive ${show(name)}: write "---" on a line of its own after it, where the document starts.`
      : `line ${first.number} starts with "%", which YAML reads as a directive: start a comment with "#" instead.`;
  return yamlSlip(message, at(first, 0));
}
