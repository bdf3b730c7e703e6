import type { ErrorCode } from 'yaml';
import type { InputProblem } from './input-error.js';
import { blockInFlow, emptyFlowItem, missingComma, strayCloser, unclosedFlow } from './yaml-hint-flow.js';
import { blockTextDedented, directiveLine, missingColon, tabIndent } from './yaml-hint-lines.js';
import { dashWithoutSpace, doubleDash, listItemSlip, missingDash } from './yaml-hint-lists.js';
import {
  badEscape,
  commentWithoutSpace,
  textAfterQuoted,
  textWithColon,
  unclosedQuote,
  valueStartsWithIndicator,
} from './yaml-hint-quotes.js';
import { keySlip, overIndentedKey } from './yaml-indent.js';
import type { SlipSite } from './yaml-slip-site.js';

/** A reading of the slip from what is on the offending line and around it; undefined when it does not fit. */
export type SlipHint = (site: SlipSite) => InputProblem | undefined;

/**
 * For each error code of the yaml library, the slips an author makes that end in it, tried in
 * order: the first that fits the text names the slip in the author's terms (line, column, the key
 * or list, what to do). None fits: the library's own words and place, with no hint, since a hint
 * that does not apply misleads more than none.
 *
 * Codes with no hint: DUPLICATE_KEY (uniqueKeys is off; repeated keys are found when the data is
 * built), NON_STRING_KEY (stringKeys is off), MULTIPLE_DOCS (raised by parseDocument only; a second
 * document has its own message), BAD_COLLECTION_TYPE (a warning), RESOURCE_EXHAUSTION (nesting is
 * bounded before the document is composed) and IMPOSSIBLE (the library's own invariants) are never
 * an error here. BAD_DIRECTIVE (a malformed %TAG or %YAML line; a stray "%" line is MISSING_CHAR
 * first) and BAD_PROP_ORDER (an anchor or tag before a "-") need YAML written on purpose, whose
 * author the library's words serve.
 */
export const YAML_HINTS: Readonly<Record<ErrorCode, readonly SlipHint[]>> = {
  ALIAS_PROPS: [valueStartsWithIndicator],
  BAD_ALIAS: [valueStartsWithIndicator],
  BAD_COLLECTION_TYPE: [],
  BAD_DIRECTIVE: [],
  BAD_DQ_ESCAPE: [badEscape],
  BAD_INDENT: [tabIndent, unclosedFlow, listItemSlip, missingDash, dashWithoutSpace, blockTextDedented, keySlip],
  BAD_PROP_ORDER: [],
  BAD_SCALAR_START: [valueStartsWithIndicator],
  BLOCK_AS_IMPLICIT_KEY: [listItemSlip, dashWithoutSpace, overIndentedKey, textWithColon],
  BLOCK_IN_FLOW: [blockInFlow],
  DUPLICATE_KEY: [],
  IMPOSSIBLE: [],
  KEY_OVER_1024_CHARS: [textWithColon],
  MISSING_CHAR: [unclosedQuote, unclosedFlow, missingComma, commentWithoutSpace, directiveLine, doubleDash, missingColon, keySlip],
  MULTILINE_IMPLICIT_KEY: [missingColon, blockTextDedented],
  MULTIPLE_ANCHORS: [valueStartsWithIndicator],
  MULTIPLE_DOCS: [],
  MULTIPLE_TAGS: [valueStartsWithIndicator],
  NON_STRING_KEY: [],
  RESOURCE_EXHAUSTION: [],
  TAB_AS_INDENT: [tabIndent],
  TAG_RESOLVE_FAILED: [valueStartsWithIndicator],
  UNEXPECTED_TOKEN: [strayCloser, emptyFlowItem, textAfterQuoted, valueStartsWithIndicator],
};

/** The library's words for codes whose message quotes the input as it is: said without it. */
const WORDS_WITHOUT_INPUT: Partial<Record<ErrorCode, string>> = {
  BAD_DQ_ESCAPE: 'an escape sequence YAML does not know',
  TAG_RESOLVE_FAILED: 'a tag YAML cannot resolve',
};

/** The one-line message of the library's error, with the hint that fits the slip, if one does. */
export function explainYamlError(site: SlipSite): InputProblem {
  for (const hint of YAML_HINTS[site.error.code] ?? []) {
    const problem = hint(site);
    if (problem !== undefined) return problem;
  }
  const position = site.lines.position(site.error.pos[0]);
  return {
    subcode: 'YAML_SYNTAX',
    message: `invalid YAML: ${libraryWords(site.error)} at line ${position.line}, column ${position.column}`,
    ...position,
  };
}

/**
 * The library's message without the input it quotes after a colon ("Not a YAML token: …"): the
 * input is the author's, shown only through the messages' own quoting, never as it is.
 */
function libraryWords(error: SlipSite['error']): string {
  const neutral = WORDS_WITHOUT_INPUT[error.code];
  if (neutral !== undefined) return neutral;
  return /^([^:]*?[A-Za-z]): /.exec(error.message)?.[1] ?? error.message;
}
