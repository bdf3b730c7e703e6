import type { InputProblem } from './input-error.js';
import { type FlowPlace, flowAround } from './yaml-cst.js';
import { at, errorLine, lineAt, type SlipSite, shapeOf, spaces, yamlSlip } from './yaml-slip-site.js';

const KINDS = {
  '[': { name: 'list', closer: ']' },
  '{': { name: 'mapping', closer: '}' },
} as const;

/** "the list opened with "[" at line 11, column 21". */
function opened(site: SlipSite, place: FlowPlace): string {
  const position = site.lines.position(place.open);
  return `the ${KINDS[place.opener].name} opened with "${place.opener}" at line ${position.line}, column ${position.column}`;
}

/**
 * A `[` or `{` with no closing bracket before the parser gave up: never closed, or closed on a
 * line indented no more than the key it belongs to (flow lines inside a block must be deeper).
 */
export function unclosedFlow(site: SlipSite): InputProblem | undefined {
  const place = flowAround(site.tokens, site.error.pos[0]);
  if (place === undefined || place.close !== undefined) return undefined;
  const kind = KINDS[place.opener];
  const open = lineAt(site, place.open);
  const line = errorLine(site);
  if (line.number > open.number && line.content.slice(site.error.pos[0] - line.start).includes(kind.closer)) {
    const keyIndent = shapeOf(open.content).indent;
    return yamlSlip(
      `${opened(site, place)} goes on at line ${line.number}, column ${line.indent + 1}, not indented more than its key: indent its lines by more than ${spaces(keyIndent)}.`,
      at(line, line.indent),
    );
  }
  return yamlSlip(
    `the "${place.opener}" at line ${open.number}, column ${place.open - open.start + 1} opens a ${kind.name} that is never closed: end it with "${kind.closer}".`,
    at(open, place.open - open.start),
  );
}

/** Two items of a closed `[ ]` or `{ }` with no comma between them. */
export function missingComma(site: SlipSite): InputProblem | undefined {
  const offset = site.error.pos[0];
  const place = flowAround(site.tokens, offset);
  if (place === undefined || place.close === undefined) return undefined;
  const before = site.text.slice(place.open, offset).trimEnd();
  if (before.endsWith(',') || before.length <= 1 || site.text[offset] === '#') return undefined;
  const here = site.lines.position(offset);
  const where = here.line === site.lines.position(place.open).line ? `column ${here.column}` : `line ${here.line}, column ${here.column}`;
  return yamlSlip(`${opened(site, place)} has no comma before its item at ${where}: separate its items with commas.`, here);
}

/** `[a,, b]` or `[, a]`: a comma with no item before it. */
export function emptyFlowItem(site: SlipSite): InputProblem | undefined {
  const offset = site.error.pos[0];
  const place = flowAround(site.tokens, offset);
  if (site.text[offset] !== ',' || place === undefined) return undefined;
  const here = site.lines.position(offset);
  return yamlSlip(`the "," at line ${here.line}, column ${here.column} leaves an empty item in ${opened(site, place)}: remove it.`, here);
}

/** A `]` or `}` with nothing open to close. */
export function strayCloser(site: SlipSite): InputProblem | undefined {
  const offset = site.error.pos[0];
  const char = site.text[offset];
  if (char !== ']' && char !== '}') return undefined;
  const here = site.lines.position(offset);
  const kind = char === ']' ? KINDS['['] : KINDS['{'];
  return yamlSlip(`the "${char}" at line ${here.line}, column ${here.column} closes no ${kind.name}: remove it.`, here);
}

/**
 * Inside `[ ]` or `{ }`: a "- " item (a list written both ways), or a "key: value" with no comma
 * before it (`{total: 6 used: 3}`).
 */
export function blockInFlow(site: SlipSite): InputProblem | undefined {
  const offset = site.error.pos[0];
  const place = flowAround(site.tokens, offset);
  if (place === undefined) return undefined;
  const here = site.lines.position(offset);
  if (/^-(?:[ \t]|$)/m.test(site.text.slice(offset, offset + 2))) {
    return yamlSlip(
      `line ${here.line} holds a "- " item inside ${opened(site, place)}: inside brackets, items are separated by commas; write the list either in brackets or as "- " lines below its key, not both.`,
      here,
    );
  }
  return yamlSlip(
    `the text at line ${here.line}, column ${here.column}, inside ${opened(site, place)}, holds ": ": separate the entries with commas, or quote a text that holds ": ".`,
    here,
  );
}
