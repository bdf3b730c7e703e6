import { show } from '../common/text.js';
import type { InputProblem } from './input-error.js';
import { type OpenList, openLists } from './yaml-cst.js';
import { at, errorLine, type LineShape, linesAbove, type SlipSite, type SourceLine, shapeOf, spaces, yamlSlip } from './yaml-slip-site.js';

/**
 * A list item ("- x") written left or right of the items of its list: the list it belongs to is
 * the open list whose items look like it (text, or mappings that start with the same key), the
 * nearest by indentation among those, the innermost of two equally near.
 */
export function listItemSlip(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const shape = shapeOf(line.content);
  if (shape.dash === undefined) return undefined;
  const column = shape.dash + 1;
  const list = belongingList(site, line, shape);
  if (list === undefined) return undefined;
  const listColumn = site.lines.position(list.dash).column;
  if (listColumn === column) return undefined;
  const reading = site.error.code === 'BLOCK_AS_IMPLICIT_KEY' ? '; where it stands, YAML reads it as a new key' : '';
  return yamlSlip(
    `the list item at line ${line.number}, column ${column} belongs to ${listName(site, list)}, whose items start at column ${listColumn}: indent it by ${spaces(listColumn - 1)} like its siblings${reading}.`,
    at(line, shape.dash),
  );
}

function belongingList(site: SlipSite, line: SourceLine, shape: LineShape): OpenList | undefined {
  const lists = openLists(site.tokens, line.start);
  const alike = lists.filter((list) => list.firstKey === shape.key);
  const candidates = alike.length > 0 ? alike : lists;
  const distance = (list: OpenList): number => Math.abs(site.lines.position(list.dash).column - 1 - (shape.dash ?? shape.indent));
  let best: OpenList | undefined;
  // Innermost last: on a tie, the later (deeper) list wins.
  for (const list of candidates) if (best === undefined || distance(list) <= distance(best)) best = list;
  return best;
}

/** "the list of "candidateNodes" (line 11)", or where its items start for a list that is no key's value. */
function listName(site: SlipSite, list: OpenList): string {
  if (list.owner === undefined) return `the list at line ${site.lines.position(list.dash).line}`;
  return `the list of ${show(list.owner.name)} (line ${site.lines.position(list.owner.offset).line})`;
}

/**
 * A line at the column where the items of an open list have their dash, that looks like one of
 * them (text among items of text, "id: H2" among items that start with "id"), but has no "- ".
 */
export function missingDash(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const shape = shapeOf(line.content);
  if (shape.dash !== undefined || shape.value.startsWith('-')) return undefined;
  const list = openLists(site.tokens, line.start).find(
    (candidate) => site.lines.position(candidate.dash).column - 1 === shape.indent && candidate.firstKey === shape.key,
  );
  if (list === undefined) return undefined;
  const text = line.content.trim();
  return yamlSlip(
    `line ${line.number} holds ${show(text)} at column ${shape.indent + 1}, where the items of ${listName(site, list)} start, but without the "- " of a list item: if it starts a new item, write ${show(`- ${text}`)}.`,
    at(line, shape.indent),
  );
}

const DASHES_WITHOUT_SPACE = /^(-+)( *)(\S.*)$/;

/** "-web/a.ts" or "-- web/a.ts" where a list item was meant: one dash and a space make an item. */
export function dashWithoutSpace(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const match = DASHES_WITHOUT_SPACE.exec(line.content.trim());
  if (match === null) return undefined;
  const [, dashes = '', gap = '', rest = ''] = match;
  if (dashes === '-' && gap !== '') return undefined;
  const fix = show(`- ${rest}`);
  const where = `the list item at line ${line.number}, column ${line.indent + 1}`;
  const message =
    dashes === '-'
      ? `${where} has no space after its "-": write ${fix}.`
      : `${where} starts with ${show(dashes)}: a list item starts with one "-" and a space, as in ${fix}.`;
  return yamlSlip(message, at(line, line.indent));
}

const DOUBLE_DASH = /^( *)- +(-) +(\S.*)$/;

/** "- - id: H2": a list inside a list item, where one item was meant; the parser stops a line later. */
export function doubleDash(site: SlipSite): InputProblem | undefined {
  const line = errorLine(site);
  const [above] = linesAbove(site, line);
  for (const candidate of [line, above]) {
    const match = candidate === undefined ? null : DOUBLE_DASH.exec(candidate.content);
    if (candidate === undefined || match === null) continue;
    const first = (match[1] as string).length;
    const second = candidate.content.indexOf('-', first + 1);
    return yamlSlip(
      `line ${candidate.number} starts with two "- " (columns ${first + 1} and ${second + 1}), which YAML reads as a list inside a list item: write one, as in ${show(`- ${match[3]}`)}.`,
      at(candidate, second),
    );
  }
  return undefined;
}
