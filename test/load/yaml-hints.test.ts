/**
 * The slips an author makes in a YAML spec, one realistic spec each under test/data/yaml-slips/,
 * named `<code>.<slip>.yaml` after the yaml library's error code it ends in: each gets the one-line
 * message that names it in the author's terms (line, column, the key or list, what to do), at its
 * place, and no hint that does not apply to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { Composer, type ErrorCode, Parser } from 'yaml';
import { parseSpecText } from '../../src/load/parse.js';
import { QUOTE_COLON_HINT } from '../../src/load/yaml-hint-quotes.js';
import { YAML_HINTS } from '../../src/load/yaml-hints.js';

const CORPUS = new URL('../data/yaml-slips/', import.meta.url);

/** Where each slip's message points, and what it says after "invalid YAML: ". */
const EXPECTED: Readonly<Record<string, readonly [line: number, column: number, message: string]>> = {
  'alias-props.anchor-before-glob': [
    10,
    12,
    'the value of "query" at line 10, column 12 starts with "&", which YAML reads as an anchor, a name given to the value: to write a text that starts with "&", quote it: "&aws *.sh".',
  ],
  'alias-without-anchor.glob-query': [
    10,
    12,
    'a value that starts with "*" is an alias in YAML, and no anchor "&.sh" comes before this one: to write a text that starts with "*" (a glob, say), quote it: "*.sh"; for an alias, define the anchor first.',
  ],
  'bad-alias.markdown-bullet': [
    15,
    15,
    'the value of "evidence" at line 15, column 15 starts with "*", which YAML reads as an alias, the name of an anchor defined elsewhere: to write a text that starts with "*", quote it: "* three files load the cart; only cache.ts changed in 3.4.".',
  ],
  'bad-directive.tag-directive-without-prefix': [1, 1, '%TAG directive should contain exactly two parts at line 1, column 1'],
  'bad-dq-escape.regex-in-query': [
    10,
    22,
    'the backslash at line 10, column 22, in a text quoted with double quotes, starts no escape YAML knows: write it twice (\\\\) to keep it, or quote the text with single quotes, where a backslash is an ordinary character.',
  ],
  'bad-indent.block-text-dedented': [
    60,
    2,
    'line 60 is indented by 1 space, less than the lines of the block of text of "deliverable", which starts at line 58: indent it by 2 spaces, like them.',
  ],
  'bad-indent.dash-without-space': [13, 7, 'the list item at line 13, column 7 has no space after its "-": write "- scripts/lib/aws.sh".'],
  'bad-indent.item-key-without-dash': [
    23,
    3,
    'line 23 holds "id: H2" at column 3, where the items of the list of "hypotheses" (line 15) start, but without the "- " of a list item: if it starts a new item, write "- id: H2".',
  ],
  'bad-indent.item-without-dash': [
    13,
    7,
    'line 13 holds "web/cart/api.ts" at column 7, where the items of the list of "candidateNodes" (line 11) start, but without the "- " of a list item: if it starts a new item, write "- web/cart/api.ts".',
  ],
  'bad-indent.key-indented-less': [
    30,
    2,
    'the key "deepDives" at line 30, column 2 is indented by 1 space, but "hypotheses" at line 15, the key above it, is indented by 0 spaces: an indentation slip. Start "deepDives" at the beginning of its line to keep it in that mapping.',
  ],
  'bad-indent.list-closed-left-of-its-key': [
    12,
    4,
    'the list opened with "[" at line 11, column 21 goes on at line 12, column 4, not indented more than its key: indent its lines by more than 4 spaces.',
  ],
  'bad-indent.list-item-indented-one-more': [
    25,
    4,
    'the list item at line 25, column 4 belongs to the list of "hypotheses" (line 16), whose items start at column 3: indent it by 2 spaces like its siblings.',
  ],
  'bad-indent.list-never-closed': [11, 21, 'the "[" at line 11, column 21 opens a list that is never closed: end it with "]".'],
  'bad-indent.tab-after-spaces': [
    18,
    3,
    'line 18 is indented with a tab at column 3; YAML indents with spaces only: replace the tab with spaces (line 17 above it is indented by 4 spaces).',
  ],
  'bad-prop-order.anchor-before-question-mark': [62, 14, 'Anchors and tags must be after the ? indicator at line 62, column 14'],
  'bad-scalar-start.backtick': [
    35,
    14,
    'the value of "finding" at line 35, column 14 starts with "`", a character YAML reserves, with which no unquoted text may start: to write a text that starts with "`", quote it: "`validate_amount()` drops every row whose amount has three decimals.".',
  ],
  'block-as-implicit-key.dash-without-space-first-item': [
    8,
    3,
    'the list item at line 8, column 3 has no space after its "-": write "- id: M1".',
  ],
  'block-as-implicit-key.key-indented-one-more': [
    18,
    6,
    'the key "priority" at line 18, column 6 is indented by 5 spaces, but "claim" at line 17, the key above it, is indented by 4 spaces: an indentation slip. Indent "priority" by 4 spaces to keep it in that mapping.',
  ],
  'block-as-implicit-key.list-item-dedented': [
    13,
    5,
    'the list item at line 13, column 5 belongs to the list of "candidateNodes" (line 11), whose items start at column 7: indent it by 6 spaces like its siblings; where it stands, YAML reads it as a new key.',
  ],
  'block-as-implicit-key.list-item-over-indented': [
    23,
    5,
    'the list item at line 23, column 5 belongs to the list of "hypotheses" (line 15), whose items start at column 3: indent it by 2 spaces like its siblings; where it stands, YAML reads it as a new key.',
  ],
  'block-as-implicit-key.text-with-colon-next-line': [
    17,
    12,
    'the text of "claim" at line 17, column 12 holds ": " at line 18, column 35, which YAML reads as a key and its value. In YAML, a text holding ": " must be quoted, as in finding: "cause: a timeout".',
  ],
  'block-as-implicit-key.text-with-colon': [
    37,
    14,
    'the text of "finding" at line 37, column 14 holds ": " at line 37, column 52, which YAML reads as a key and its value. In YAML, a text holding ": " must be quoted, as in finding: "cause: a timeout".',
  ],
  'block-in-flow.comma-missing-in-mapping': [
    3,
    17,
    'the text at line 3, column 17, inside the mapping opened with "{" at line 3, column 9, holds ": ": separate the entries with commas, or quote a text that holds ": ".',
  ],
  'block-in-flow.dash-inside-brackets': [
    12,
    7,
    'line 12 holds a "- " item inside the list opened with "[" at line 11, column 21: inside brackets, items are separated by commas; write the list either in brackets or as "- " lines below its key, not both.',
  ],
  'key-over-1024-chars.long-risk-with-colon': [
    56,
    5,
    'the text at line 56, column 5 holds ": " at line 56, column 1189, which YAML reads as a key and its value. In YAML, a text holding ": " must be quoted, as in finding: "cause: a timeout".',
  ],
  'missing-char.comma-missing-in-list': [
    11,
    46,
    'the list opened with "[" at line 11, column 21 has no comma before its item at column 46: separate its items with commas.',
  ],
  'missing-char.comment-without-space': [
    37,
    27,
    'the "#" at line 37, column 27 follows the value with no space: write a space before "#" to start a comment, or, if "#" belongs to the text, keep it inside the quotes.',
  ],
  'missing-char.directive-without-document-start': [
    1,
    1,
    'line 1 is the YAML directive "%YAML": write "---" on a line of its own after it, where the document starts.',
  ],
  'missing-char.double-dash': [
    23,
    5,
    'line 23 starts with two "- " (columns 3 and 5), which YAML reads as a list inside a list item: write one, as in "- id: H2".',
  ],
  'missing-char.double-quote-never-closed': [
    10,
    12,
    'the double quote at line 10, column 12 opens a text that is never closed: end the text with a double quote.',
  ],
  'missing-char.key-indented-less': [
    24,
    4,
    'the key "claim" at line 24, column 4 is indented by 3 spaces, but "id" at line 23, the key above it, is indented by 4 spaces: an indentation slip. Indent "claim" by 4 spaces to keep it in that mapping.',
  ],
  'missing-char.key-without-colon': [
    57,
    3,
    'line 57 holds "evidence D1 and D2 explain the extra seconds on every load.", with no colon after "evidence", so YAML reads it as text, not as a key: write "evidence: D1 and D2 explain the extra seconds on every load."; if it goes on with the text of "reason" above it, indent it more than "reason".',
  ],
  'missing-char.mapping-never-closed': [1, 1, 'the "{" at line 1, column 1 opens a mapping that is never closed: end it with "}".'],
  'missing-char.percent-comment': [1, 1, 'line 1 starts with "%", which YAML reads as a directive: start a comment with "#" instead.'],
  'missing-char.single-quote-never-closed': [
    42,
    14,
    'the single quote at line 42, column 14 opens a text that is never closed (it runs on to line 54): end the text with a single quote.',
  ],
  'multiline-implicit-key.block-text-not-indented': [
    50,
    1,
    'line 50 is indented by 0 spaces, no more than "deliverable", whose block of text starts at line 49: indent the lines of the block more than "deliverable", by 2 spaces.',
  ],
  'multiline-implicit-key.key-without-colon': [
    19,
    5,
    'line 19 holds "priority 1", with no colon after "priority", so YAML reads it as text, not as a key: write "priority: 1"; if it goes on with the text of "claim" above it, indent it more than "claim".',
  ],
  'multiline-implicit-key.last-key-without-colon': [
    52,
    1,
    'line 52 holds "risks" alone, with no colon, so YAML reads it as text, not as a key: write "risks:" and its value; if it is a line of the block of text of "deliverable", indent it by 2 spaces.',
  ],
  'multiline-implicit-key.list-item-key-without-colon': [
    38,
    5,
    'line 38 holds "id:D2": with no space after its colon, YAML reads it as text, not as the key "id": write "id: D2".',
  ],
  'multiline-implicit-key.no-space-after-colon': [
    20,
    5,
    'line 20 holds "status:confirmed": with no space after its colon, YAML reads it as text, not as the key "status": write "status: confirmed".',
  ],
  'multiple-anchors.html-entities': [
    37,
    14,
    'the value of "finding" at line 37, column 14 starts with "&", which YAML reads as an anchor, a name given to the value: to write a text that starts with "&", quote it: "&nbsp; &nbsp; indented cache keys never match again.".',
  ],
  'multiple-tags.two-core-tags': [
    18,
    15,
    'the value of "priority" at line 18, column 15 starts with "!", which YAML reads as a tag, the type of the value: to write a text that starts with "!", quote it: "!!int !!str 1".',
  ],
  'tab-as-indent.key': [
    19,
    1,
    'line 19 is indented with a tab at column 1; YAML indents with spaces only: replace the tab with spaces (line 18 above it is indented by 4 spaces).',
  ],
  'tag-resolve-failed.bang-word': [
    17,
    12,
    'the value of "claim" at line 17, column 12 starts with "!", which YAML reads as a tag, the type of the value: to write a text that starts with "!", quote it: "!urgent! aws.sh sets AWS_REGION after the flag is read.".',
  ],
  'unexpected-token.apostrophe-in-single-quotes': [
    42,
    31,
    'the value of "finding" at line 42, column 14 opens with a single quote, and the single quote at column 31 closes it before the text ends: write each single quote inside the text twice (\'\').',
  ],
  'unexpected-token.emphasis-at-start': [
    17,
    12,
    'the value of "claim" at line 17, column 12 starts with "*", which YAML reads as an alias, the name of an anchor defined elsewhere: to write a text that starts with "*", quote it: "*Only* rows with three decimals are dropped by the writer.".',
  ],
  'unexpected-token.empty-list-item': [
    11,
    40,
    'the "," at line 11, column 40 leaves an empty item in the list opened with "[" at line 11, column 21: remove it.',
  ],
  'unexpected-token.folded-mark-in-text': [
    48,
    13,
    'the value of "evidence" at line 48, column 13 starts with ">", which YAML reads as the start of a folded block of text on the lines below: to write a text that starts with ">", quote it: "> D1 shows the variable overwritten after the flag is read.".',
  ],
  'unexpected-token.list-on-key-line': [
    61,
    8,
    'the value of "risks" at line 61, column 8 starts with "-", which YAML reads as a list item, and a list cannot start on the line of its key (its items go on lines of their own, below it): to write a text that starts with "-", quote it: "- The cart service\'s own latency was not measured.".',
  ],
  'unexpected-token.provenance-before-text': [
    37,
    14,
    'the value of "finding" at line 37, column 14 starts with "[", which YAML reads as the start of a list: to write a text that starts with "[", quote it: "[CODIGO] The cache key now includes a timestamp.".',
  ],
  'unexpected-token.quote-inside-quotes': [
    43,
    31,
    'the value of "finding" at line 43, column 14 opens with a double quote, and the double quote at column 31 closes it before the text ends: write each double quote inside the text as \\".',
  ],
  'unexpected-token.stray-bracket': [11, 80, 'the "]" at line 11, column 80 closes no list: remove it.'],
};

/** Codes no spec can make the library raise here, for the reasons YAML_HINTS gives. */
const UNREACHABLE: readonly ErrorCode[] = [
  'BAD_COLLECTION_TYPE',
  'DUPLICATE_KEY',
  'IMPOSSIBLE',
  'MULTIPLE_DOCS',
  'NON_STRING_KEY',
  'RESOURCE_EXHAUSTION',
];

/** An alias that names no anchor is no syntax error: the data built from the document refuses it. */
const NO_LIBRARY_ERROR = 'alias-without-anchor';

const files = readdirSync(CORPUS)
  .filter((name) => name.endsWith('.yaml'))
  .map((name) => name.slice(0, -'.yaml'.length))
  .sort();

function slipText(name: string): string {
  return readFileSync(new URL(`${name}.yaml`, CORPUS), 'utf8');
}

function problemOf(text: string) {
  const result = parseSpecText(text, 'yaml');
  if (result.ok) throw new Error('expected the text to be refused');
  return result.problem;
}

/** The first error the yaml library gives for the text, as parseYaml meets it. */
function firstErrorCode(text: string): ErrorCode | undefined {
  const composer = new Composer({ strict: true, uniqueKeys: false, logLevel: 'error' });
  const [document] = composer.compose(new Parser().parse(text), true, text.length);
  return document?.errors[0]?.code;
}

function kebab(code: string): string {
  return code.toLowerCase().replaceAll('_', '-');
}

/** The file's text from `line`, `column` to the end of that line. */
function restOfLine(text: string, line: number, column: number): string {
  return (text.split('\n')[line - 1] ?? '').slice(column - 1);
}

describe('the YAML slip corpus', () => {
  it('has a slip for every error code a spec can raise, and an expectation for every slip', () => {
    expect(files).toEqual(Object.keys(EXPECTED).sort());
    const covered = new Set(files.map((name) => name.split('.')[0]));
    const reachable = (Object.keys(YAML_HINTS) as ErrorCode[]).filter((code) => !UNREACHABLE.includes(code));
    expect(reachable.filter((code) => !covered.has(kebab(code)))).toEqual([]);
    // A code with no hint is one the library's words serve, or one no spec can raise.
    for (const code of UNREACHABLE) expect(YAML_HINTS[code], code).toEqual([]);
  });

  it.each(files)('%s: ends in the code it is named for, and says what happened where', (name) => {
    const text = slipText(name);
    const code = name.split('.')[0];
    expect(code === NO_LIBRARY_ERROR ? firstErrorCode(text) : kebab(firstErrorCode(text) ?? 'none')).toBe(
      code === NO_LIBRARY_ERROR ? undefined : code,
    );
    const [line, column, message] = EXPECTED[name] as [number, number, string];
    expect(problemOf(text)).toEqual({ subcode: 'YAML_SYNTAX', message: `invalid YAML: ${message}`, line, column });
    expect(message).not.toMatch(/[\r\n]/);
    // Lines that end in "\r\n" count and read the same.
    expect(problemOf(text.replaceAll('\n', '\r\n'))).toEqual(problemOf(text));
  });

  it('gives the advice to quote a text holding ": " only where the text holds one', () => {
    const quoted = files.filter((name) => problemOf(slipText(name)).message.includes(QUOTE_COLON_HINT));
    expect(quoted).toEqual([
      'block-as-implicit-key.text-with-colon',
      'block-as-implicit-key.text-with-colon-next-line',
      'key-over-1024-chars.long-risk-with-colon',
    ]);
    // The report that started this: a list item two spaces left of its siblings holds no ": ".
    const dedented = slipText('block-as-implicit-key.list-item-dedented');
    const { line, column } = problemOf(dedented);
    expect(restOfLine(dedented, line as number, column as number)).toBe('- web/cart/api.ts');
    expect(problemOf(dedented).message).not.toContain('quoted');
  });
});

describe('a slip no hint fits', () => {
  it("keeps the library's words and place, with no hint", () => {
    expect(problemOf('goal: x\nfinding: ? the cache\n')).toEqual({
      subcode: 'YAML_SYNTAX',
      message: 'invalid YAML: Nested mappings are not allowed in compact mappings at line 2, column 10',
      line: 2,
      column: 10,
    });
  });

  it('shows none of the input the library quotes in its words', () => {
    const problem = problemOf(`| ${'a pasted quote '.repeat(20)}\n`);
    // The library says "Not a YAML token: a pasted quote a pasted quote …".
    expect(problem.message).toBe('invalid YAML: Not a YAML token at line 1, column 3');
  });

  it('and a hint shows the input quoted and cut short, on one line', () => {
    const { message } = problemOf(`goal: x\nfinding: \`${'ab\tc '.repeat(100_000)}\n`);
    expect(message).toMatch(
      /^invalid YAML: the value of "finding" at line 2, column 10 starts with "`", .*quote it: "`ab\\tc ab\\tc .*…" \(500,000 characters\)\.$/,
    );
    expect(message.length).toBeLessThan(400);
  });
});

describe('a tag outside the core schema', () => {
  it('is shown quoted, with how to write a text that starts with "!"', () => {
    expect(problemOf('goal: x\nfinding: !important the cache key\n')).toEqual({
      subcode: 'YAML_TAG',
      message:
        'YAML tags other than the core schema\'s are refused ("!important"); write plain values instead, and quote a text that starts with "!"',
      line: 2,
      column: 10,
    });
  });
});
