import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import type { Diagnostic } from '../src/diagnostics/diagnostic.js';
import { formatGithub } from '../src/render/github.js';
import { formatSarif } from '../src/render/sarif.js';
import { formatText } from '../src/render/text.js';
import { countsOf, type FileOutcome } from '../src/report/outcome.js';
import { rules } from '../src/rules/catalog.js';
import { toolInfo } from '../src/tool.js';
import { judgedOutcome } from './support/outcomes.js';
import { sarifValidator } from './support/sarif.js';
import { validSpec } from './support/specs.js';

const ESC = '\u001b';

function failed(path: string, diagnostics: Diagnostic[], source?: string): FileOutcome {
  return judgedOutcome(path, diagnostics, source === undefined ? {} : { source });
}

function unreadable(
  path: string,
  subcode: 'JSON_SYNTAX' | 'NOT_FOUND',
  message: string,
  position: { line?: number; column?: number } = {},
  source?: string,
): FileOutcome {
  return judgedOutcome(path, [], {
    error: { code: 'INPUT_ERROR', subcode, message, ...position },
    ...(source === undefined ? {} : { source }),
  });
}

function diagnostic(ruleId: string, message: string, line?: number, column?: number, severity: 'error' | 'warning' = 'error'): Diagnostic {
  return { ruleId, severity, message, path: '/deepDives/2/node', line, column };
}

/**
 * A real outcome of compiled text. Positions are set here, from the text `locate` returns, so the
 * tests do not depend on how (or whether) the compiler fills them.
 */
function compiled(path: string, text: string, locate: (diagnostic: Diagnostic) => string | undefined, preset = 'gate'): FileOutcome {
  const result = createCompiler({ preset }).compile(text, { path });
  const lines = text.split('\n');
  const diagnostics = result.diagnostics.map(({ line: _line, column: _column, ...found }): Diagnostic => {
    const needle = locate(found);
    if (needle === undefined) return found;
    const index = lines.findIndex((line) => line.includes(needle));
    return index < 0 ? found : { ...found, line: index + 1, column: (lines[index]?.indexOf(needle) ?? 0) + 1 };
  });
  return {
    path,
    exitCode: result.exitCode,
    verdict: result.verdict,
    diagnostics,
    counts: countsOf(diagnostics, result.error),
    error: result.error,
    report: result.report,
    source: text,
  };
}

function blindReadSpec(): string {
  const spec = validSpec();
  spec.deepDives[2].node = 'billing/README.md';
  return `${JSON.stringify(spec, null, 2)}\n`;
}

const blindRead = () => compiled('fixtures/invalid/blind read.json', blindReadSpec(), () => '"node": "billing/README.md"');
const passing = () => compiled('fixtures/valid/ok.json', `${JSON.stringify(validSpec(), null, 2)}\n`, () => undefined);

const twelveLines = [
  '{',
  '  "a": 1,',
  '  "goal": "x",',
  ...Array.from({ length: 8 }, (_, index) => `  "k${index}": ${index},`),
  '    "node": "billing/README.md",',
  '}',
].join('\n');

describe('formatText', () => {
  it('aligns positions and severities within a file and frames each line', () => {
    const file = failed(
      'fixtures/invalid/x.json',
      [
        diagnostic('goal-rule', 'first', 3, 3, 'warning'),
        diagnostic('dive-grounded', 'deep dive "D3" read a blind read.', 12, 5),
        diagnostic('schema', 'no position'),
      ],
      twelveLines,
    );
    expect(formatText([file], { color: false })).toBe(
      [
        'fixtures/invalid/x.json',
        '   3:3  warning  first  goal-rule',
        '        "goal": "x",',
        '        ^',
        '  12:5  error    deep dive "D3" read a blind read.  dive-grounded',
        '        "node": "billing/README.md",',
        '        ^',
        '   0:0  error    no position  schema',
        '',
        '✖ 3 problems (2 errors, 1 warning)',
        '',
      ].join('\n'),
    );
  });

  it('places the caret under the column past a tab, and keeps the indentation left of the caret', () => {
    const source = '{\n\t"tool":\t"Read"\n}';
    const text = formatText([failed('a.json', [diagnostic('x', 'm', 2, 10)], source)], { color: false });
    const [, , frame, caret] = text.split('\n');
    expect(frame).toBe('        "tool": "Read"');
    expect(caret?.indexOf('^')).toBe(frame?.indexOf('"Read"'));
    const atIndent = formatText([failed('a.json', [diagnostic('x', 'm', 2, 1)], source)], { color: false }).split('\n');
    expect(atIndent[2]).toBe('        "tool": "Read"');
    expect(atIndent[3]).toBe('       ^');
  });

  it('cuts a very long line to a window around the column, marking the cut ends', () => {
    const long = `${'a'.repeat(300)}X${'b'.repeat(300)}`;
    const [, , frame = '', caret = ''] = formatText([failed('a.json', [diagnostic('x', 'm', 1, 301)], long)], { color: false }).split('\n');
    const shown = frame.trimStart();
    expect(shown.startsWith('…') && shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(102);
    expect(frame[caret.indexOf('^')]).toBe('X');

    const [, , head = '', headCaret = ''] = formatText([failed('a.json', [diagnostic('x', 'm', 1, 2)], long)], { color: false }).split(
      '\n',
    );
    expect(head.trimStart().startsWith('a')).toBe(true);
    expect(head.endsWith('…')).toBe(true);
    expect(headCaret.indexOf('^')).toBe(head.indexOf('a') + 1);
  });

  it('splits source lines on \\r\\n and \\r as well as \\n', () => {
    for (const newline of ['\r\n', '\r']) {
      const text = formatText([failed('a.json', [diagnostic('x', 'm', 3, 1)], ['one', 'two', 'three'].join(newline))], { color: false });
      expect(text.split('\n')[2]).toBe('       three');
    }
  });

  it('prints no frame without source or with a line out of range', () => {
    const noSource = formatText([failed('a.json', [diagnostic('x', 'm', 2, 1)])], { color: false });
    const outOfRange = formatText([failed('a.json', [diagnostic('x', 'm', 9, 1)], 'one line')], { color: false });
    for (const text of [noSource, outOfRange]) expect(text.split('\n')).toHaveLength(5);
  });

  it('prints an input error with its subcode, and a critical input only once', () => {
    const text = formatText(
      [
        unreadable('bad.json', 'JSON_SYNTAX', 'invalid JSON: unexpected end', { line: 1, column: 11 }, '{ "goal": '),
        passing(),
        compiled('nogoal.json', '{"budget": {"total": 3, "used": 0, "unit": "reads"}}', () => '"budget"'),
      ],
      { color: false },
    );
    expect(text).toBe(
      [
        'bad.json',
        '  1:11  error  invalid JSON: unexpected end  JSON_SYNTAX',
        '        { "goal":',
        '                  ^',
        '',
        'nogoal.json',
        `  1:2  error  ${createCompiler().compile('{"budget": {"total": 3, "used": 0, "unit": "reads"}}').diagnostics[0]?.message}  critical-input`,
        '       {"budget": {"total": 3, "used": 0, "unit": "reads"}}',
        '        ^',
        '',
        '✖ 2 problems (2 errors, 0 warnings)',
        '',
      ].join('\n'),
    );
  });

  it('frames a real diagnostic of the compiler', () => {
    const text = formatText([blindRead()], { color: false });
    expect(text).toContain('fixtures/invalid/blind read.json\n');
    expect(text).toMatch(
      /\n {2}\d+:7 {2}error {2}deep dive "D3" read "billing\/README\.md".* {2}dive-grounded\n {2}.*"node": "billing\/README\.md",\n +\^\n\n✖ 1 problem \(1 error, 0 warnings\)\n$/,
    );
  });

  it('words the summary in the singular and the plural', () => {
    expect(formatText([passing()], { color: false })).toBe('✔ 1 file passed\n');
    expect(formatText([passing(), passing()], { color: false })).toBe('✔ 2 files passed\n');
    expect(formatText([], { color: false })).toBe('✔ 0 files passed\n');
    const warningOnly = formatText([failed('a.json', [diagnostic('x', 'm', undefined, undefined, 'warning')])], { color: false });
    expect(warningOnly.endsWith('\n\n✖ 1 problem (0 errors, 1 warning)\n')).toBe(true);
  });

  it('uses no escape character without colour, even when the input holds one', () => {
    const hostile = failed(
      `a${ESC}[31m.json`,
      [diagnostic('x', `bad${ESC}[2J\nnext`, 1, 1), diagnostic('y', 'w', undefined, undefined, 'warning')],
      `"${ESC}[31mred"`,
    );
    const plain = formatText([hostile, passing()], { color: false });
    expect(plain).not.toContain(ESC);
    expect(plain.endsWith('\n') && !plain.endsWith('\n\n')).toBe(true);
    expect(formatText([passing()], { color: false })).not.toContain(ESC);
  });

  it('colours positions, severities, rule ids and the summary with colour on', () => {
    const text = formatText([failed('a.json', [diagnostic('rule-a', 'm', 1, 1), diagnostic('rule-b', 'w', 1, 1, 'warning')], 'x')], {
      color: true,
    });
    expect(text).toContain(`${ESC}[31merror${ESC}[39m`);
    expect(text).toContain(`${ESC}[33mwarning${ESC}[39m`);
    expect(text).toContain(`${ESC}[2m1:1${ESC}[22m`);
    expect(text).toContain(`${ESC}[2mrule-a${ESC}[22m`);
    expect(text).toContain(`${ESC}[1m${ESC}[31m✖ 2 problems (1 error, 1 warning)${ESC}[39m${ESC}[22m\n`);
    expect(formatText([passing()], { color: true })).toBe(`${ESC}[32m✔${ESC}[39m 1 file passed\n`);
  });

  it('is deterministic', () => {
    const files = () => [blindRead(), passing(), unreadable('gone.json', 'NOT_FOUND', 'no such file')];
    expect(formatText(files(), { color: true })).toBe(formatText(files(), { color: true }));
  });
});

describe('formatGithub', () => {
  it('writes one workflow command a problem, with line and column when known (1:1 for the whole file)', () => {
    const output = formatGithub([
      failed('a.json', [
        diagnostic('dive-grounded', 'blind read', 12, 5),
        diagnostic('dive-order', 'late', undefined, undefined, 'warning'),
      ]),
      unreadable('b.json', 'NOT_FOUND', 'no such file'),
      passing(),
    ]);
    expect(output).toBe(
      [
        '::error file=a.json,line=12,col=5,title=dive-grounded::blind read',
        '::warning file=a.json,title=dive-order::late',
        '::error file=b.json,line=1,col=1,title=NOT_FOUND::no such file',
        '',
      ].join('\n'),
    );
  });

  it('escapes data and property values', () => {
    const output = formatGithub([failed('dir,1/a:b%.json', [diagnostic('x', '100% sure: a\r\nb, c\nd', 1, 2)])]);
    expect(output).toBe('::error file=dir%2C1/a%3Ab%25.json,line=1,col=2,title=x::100%25 sure: a%0D%0Ab, c%0Ad\n');
  });

  it('prints an input error once, with its position, and a critical input only as diagnostics', () => {
    const critical = compiled('nogoal.json', '{"budget": {"total": 3, "used": 0, "unit": "reads"}}', () => undefined);
    const output = formatGithub([unreadable('bad.json', 'JSON_SYNTAX', 'invalid', { line: 1, column: 3 }), critical]);
    const lines = output.trimEnd().split('\n');
    expect(lines[0]).toBe('::error file=bad.json,line=1,col=3,title=JSON_SYNTAX::invalid');
    expect(lines.slice(1).every((line) => line.startsWith('::error file=nogoal.json,title=critical-input::'))).toBe(true);
    expect(lines).toHaveLength(1 + critical.diagnostics.length);
  });

  it('is empty when there is nothing to report', () => {
    expect(formatGithub([passing()])).toBe('');
    expect(formatGithub([])).toBe('');
  });
});

interface SarifLog {
  runs: Array<{
    tool: { driver: { rules: Array<{ id: string; name: string; defaultConfiguration: { level: string } }> } };
    artifacts: Array<{ location: { uri: string } }>;
    results: Array<{
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: Array<{
        physicalLocation: { artifactLocation: { uri: string; index: number }; region?: { startLine: number; startColumn?: number } };
      }>;
      properties?: { jsonPointer?: string };
    }>;
  }>;
}

function sarif(files: FileOutcome[], preset = 'gate'): string {
  return formatSarif(files, { tool: toolInfo, rules, settings: createCompiler({ preset }).settings });
}

const sampleFiles = (): FileOutcome[] => [
  blindRead(),
  passing(),
  unreadable('bad.json', 'JSON_SYNTAX', 'invalid JSON', { line: 1, column: 11 }),
  unreadable('<stdin>', 'NOT_FOUND', 'no such file'),
  failed('odd/ü path#1.json', [
    diagnostic('dive-order', 'no position', undefined, undefined, 'warning'),
    diagnostic('schema', 'line only', 4),
  ]),
  compiled('nogoal.json', '{"budget": {"total": 3, "used": 0, "unit": "reads"}}', () => '"budget"'),
];

describe('formatSarif', () => {
  const log = (): SarifLog => JSON.parse(sarif(sampleFiles())) as SarifLog;

  it('describes every catalog rule in order, then input-error and too-many-problems, with levels from the settings', () => {
    const descriptors = log().runs[0]?.tool.driver.rules ?? [];
    expect(descriptors.map((descriptor) => descriptor.id)).toEqual([
      ...rules.map((rule) => rule.meta.id),
      'input-error',
      'too-many-problems',
    ]);
    expect(descriptors.find((descriptor) => descriptor.id === 'dive-grounded')?.name).toBe('DiveGrounded');
    const level = (preset: string, id: string) =>
      (JSON.parse(sarif([], preset)) as SarifLog).runs[0]?.tool.driver.rules.find((descriptor) => descriptor.id === id)
        ?.defaultConfiguration.level;
    expect(level('gate', 'dive-grounded')).toBe('error');
    expect(level('reference', 'dive-grounded')).toBe('none');
    expect(level('gate', 'dive-order')).toBe('warning');
    expect(level('gate', 'input-error')).toBe('error');
  });

  it('points every result at its descriptor and its artifact', () => {
    const run = log().runs[0];
    expect(run?.results.length).toBeGreaterThan(4);
    for (const result of run?.results ?? []) {
      expect(run?.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
      const location = result.locations[0]?.physicalLocation.artifactLocation;
      expect(run?.artifacts[location?.index ?? -1]?.location.uri).toBe(location?.uri);
    }
  });

  it('encodes paths as relative URIs, keeping the slashes', () => {
    const uris = log().runs[0]?.artifacts.map((artifact) => artifact.location.uri);
    expect(uris).toEqual([
      'fixtures/invalid/blind%20read.json',
      'fixtures/valid/ok.json',
      'bad.json',
      '%3Cstdin%3E',
      'odd/%C3%BC%20path%231.json',
      'nogoal.json',
    ]);
  });

  it('gives a region only when the line is known or the problem is the whole file, and the JSON Pointer as a property', () => {
    const results = log().runs[0]?.results ?? [];
    const byMessage = (text: string) => results.find((result) => result.message.text === text)?.locations[0]?.physicalLocation;
    expect(byMessage('no position')?.region).toBeUndefined();
    expect(byMessage('line only')?.region).toEqual({ startLine: 4 });
    expect(byMessage('JSON_SYNTAX: invalid JSON')?.region).toEqual({ startLine: 1, startColumn: 11 });
    // An input error with no place in the text is a problem of the whole file, at its start.
    expect(byMessage('NOT_FOUND: no such file')?.region).toEqual({ startLine: 1, startColumn: 1 });
    const blind = results.find((result) => result.ruleId === 'dive-grounded');
    expect(blind?.properties?.jsonPointer).toBe('/deepDives/2/node');
    expect(blind?.locations[0]?.physicalLocation.region?.startColumn).toBe(7);
  });

  it('reports a critical input once, as its diagnostics', () => {
    const results = log().runs[0]?.results ?? [];
    expect(
      results
        .filter((result) => result.locations[0]?.physicalLocation.artifactLocation.uri === 'nogoal.json')
        .map((result) => result.ruleId),
    ).toEqual(['critical-input']);
  });

  it('is deterministic, ends with one newline and names no absolute path', () => {
    const text = sarif(sampleFiles());
    expect(text).toBe(sarif(sampleFiles()));
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).not.toMatch(/file:|\/work\/|"startLine": 0/);
  });
});

describe('formatSarif against the official SARIF 2.1.0 schema', () => {
  const validate = sarifValidator();

  it.each([
    ['a mix of passing, failing and unreadable files', sampleFiles],
    ['no files', () => []],
    ['only passing files', () => [passing()]],
  ])('accepts the log of %s', (_name, files) => {
    const valid = validate(JSON.parse(sarif(files())));
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('rejects an unencoded space, so the URI check has teeth', () => {
    const log = JSON.parse(sarif([failed('a b.json', [])])) as { runs: Array<{ artifacts: Array<{ location: { uri: string } }> }> };
    const artifact = log.runs[0]?.artifacts[0];
    if (artifact) artifact.location.uri = 'a b.json';
    expect(validate(log)).toBe(false);
  });
});
