import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { compareStrings } from '../src/diagnostics/diagnostic.js';
import {
  createProgress,
  discoverFixtures,
  ExpectationError,
  type FixtureResult,
  formatFailures,
  formatJunit,
  parseExpectation,
  RegressionUsageError,
  readExpectation,
  runFixture,
  runFixtures,
  selectShard,
  unifiedDiff,
} from '../src/regression/index.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('regression');

function write(dir: string, path: string, content = '{}'): string {
  const file = join(dir, path);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, content);
  return file;
}

function relativeTo(dir: string, files: string[]): string[] {
  return files.map((file) => file.slice(dir.length + 1));
}

describe('discoverFixtures', () => {
  const names = [
    'b.json',
    'a.yaml',
    'Z.json',
    '_under.yml',
    'é-accent.json',
    'sub/c.yml',
    'sub/deeper/d.json',
    'sub-dash/e.json',
    'UPPER.JSON',
    'x.expect.json',
    'x.expect.yaml',
    'x.expect.yml',
    'x.report.json',
    'x.report.md',
    'investigation.config.json',
    'sub/investigation.config.yaml',
    'investigation.config.yml',
    'node_modules/pkg/n.json',
    'sub/node_modules/m.json',
    '.hidden/h.json',
    '.dotfile.json',
    'README.md',
    'notes.txt',
  ];
  const expected = [
    'UPPER.JSON',
    'Z.json',
    '_under.yml',
    'a.yaml',
    'b.json',
    'sub-dash/e.json',
    'sub/c.yml',
    'sub/deeper/d.json',
    'é-accent.json',
  ];

  it('finds specs recursively, skips side files, config files, node_modules and hidden entries, and sorts by code unit', () => {
    const dir = tempDir();
    for (const name of names) write(dir, name);
    expect(relativeTo(dir, discoverFixtures([dir]))).toEqual(expected);
    expect([...expected].sort(compareStrings)).toEqual(expected);
  });

  it('gives the same list whatever order the files were created in', () => {
    const first = tempDir();
    const second = tempDir();
    for (const name of names) write(first, name);
    for (const name of [...names].reverse()) write(second, name);
    expect(relativeTo(first, discoverFixtures([first]))).toEqual(relativeTo(second, discoverFixtures([second])));
  });

  it('merges several folders without duplicates and accepts a spec file as an argument', () => {
    const dir = tempDir();
    for (const name of names) write(dir, name);
    const merged = discoverFixtures([join(dir, 'sub'), dir, join(dir, 'b.json')]);
    expect(relativeTo(dir, merged)).toEqual(expected);
  });

  it('throws a usage error for a missing folder or a file that is not a spec', () => {
    const dir = tempDir();
    write(dir, 'x.expect.json');
    const missing = join(dir, 'nope');
    expect(() => discoverFixtures([missing])).toThrow(RegressionUsageError);
    expect(() => discoverFixtures([missing])).toThrow(`${missing} does not exist`);
    try {
      discoverFixtures([join(dir, 'x.expect.json')]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RegressionUsageError);
      expect((error as RegressionUsageError).subcode).toBe('NOT_A_FIXTURE');
    }
  });
});

describe('selectShard', () => {
  const files = Array.from({ length: 11 }, (_, index) => `f${String(index).padStart(2, '0')}.json`);

  it('deals the files round-robin: disjoint shards that together hold every file', () => {
    for (let count = 1; count <= 5; count++) {
      const shards = Array.from({ length: count }, (_, index) => selectShard(files, `${index + 1}/${count}`));
      expect(shards.flat().sort()).toEqual(files);
      expect(new Set(shards.flat()).size).toBe(files.length);
    }
    expect(selectShard(files, '1/3')).toEqual(['f00.json', 'f03.json', 'f06.json', 'f09.json']);
    expect(selectShard(files, '3/3')).toEqual(['f02.json', 'f05.json', 'f08.json']);
    expect(selectShard(files, '1/1')).toEqual(files);
    expect(selectShard(files, '2/20')).toEqual(['f01.json']);
    expect(selectShard(files, '2/3')).toEqual(selectShard(files, '2/3'));
  });

  it.each([
    '0/3',
    '4/3',
    '1/0',
    '0/0',
    'a/b',
    '1/',
    '/2',
    '1/2/3',
    ' 1/2',
    '1/2 ',
    '-1/2',
    '1.5/2',
    '1',
    '',
    '99999999999999999999/99999999999999999999',
  ])('rejects %j with a usage error', (spec) => {
    expect(() => selectShard(files, spec)).toThrow(RegressionUsageError);
    expect(() => selectShard(files, spec)).toThrow(`invalid shard ${JSON.stringify(spec)}: use i/n with whole numbers 1 <= i <= n`);
  });
});

describe('expectations', () => {
  const cases: Array<[string, string, string]> = [
    ['broken JSON', '{"exitCode": 0,', 'not valid JSON'],
    ['a list', '[]', 'must be an object with exitCode'],
    ['no exit code', '{"verdict": "fail"}', 'exitCode is missing'],
    ['exit code 2', '{"exitCode": 2}', 'exitCode must be 0, 1, 3 or 4; got 2'],
    ['exit code as text', '{"exitCode": "1"}', 'exitCode must be 0, 1, 3 or 4; got "1"'],
    ['a contradicting verdict', '{"exitCode": 1, "verdict": "pass"}', 'verdict "pass" contradicts exitCode 1'],
    ['an unknown verdict', '{"exitCode": 1, "verdict": "failed"}', 'verdict must be "pass" or "fail"'],
    ['an unknown preset', '{"exitCode": 0, "preset": "strict"}', 'preset must be "gate" or "reference"'],
    ['a misspelt key', '{"exitcode": 0}', 'unknown key "exitcode"'],
    ['diagnostics not a list', '{"exitCode": 1, "diagnostics": {}}', 'diagnostics must be a list; got an object'],
    [
      'a diagnostic without rule id',
      '{"exitCode": 1, "diagnostics": [{"path": "/goal"}]}',
      'diagnostics[0].ruleId must be a non-empty string',
    ],
    [
      'a path that is no pointer',
      '{"exitCode": 1, "diagnostics": [{"ruleId": "schema", "path": "goal"}]}',
      'diagnostics[0].path must be a JSON Pointer',
    ],
    [
      'an unknown severity',
      '{"exitCode": 1, "diagnostics": [{"ruleId": "schema", "path": "", "severity": "fatal"}]}',
      'diagnostics[0].severity must be "error" or "warning"',
    ],
    [
      'line 0',
      '{"exitCode": 1, "diagnostics": [{"ruleId": "schema", "path": "", "line": 0}]}',
      'diagnostics[0].line must be a whole number from 1',
    ],
    [
      'a message',
      '{"exitCode": 1, "diagnostics": [{"ruleId": "schema", "path": "", "message": "x"}]}',
      'diagnostics[0] has the unknown key "message"',
    ],
    [
      'an inputError with a gate failure',
      '{"exitCode": 1, "inputError": {"subcode": "JSON_SYNTAX"}}',
      'inputError is for a fixture that is an input error',
    ],
    ['an inputError without subcode', '{"exitCode": 3, "inputError": {"line": 2}}', 'inputError.subcode must be a non-empty string'],
    [
      'an inputError column 0',
      '{"exitCode": 3, "inputError": {"subcode": "JSON_SYNTAX", "column": 0}}',
      'inputError.column must be a whole number from 1',
    ],
  ];

  it.each(cases)('rejects %s, naming the file', (_what, text, message) => {
    expect(() => parseExpectation(text, 'json', 'fixtures/x.expect.json')).toThrow(ExpectationError);
    expect(() => parseExpectation(text, 'json', 'fixtures/x.expect.json')).toThrow(`fixtures/x.expect.json: ${message}`);
  });

  it('reads YAML expectations and accepts optional fields', () => {
    const dir = tempDir();
    const spec = write(dir, 'a.yml', 'goal: x');
    write(dir, 'a.expect.yaml', 'exitCode: 1\ndiagnostics:\n  - ruleId: schema\n    path: ""\n    line: 3\n');
    expect(readExpectation(spec, dir)).toEqual({
      file: join(dir, 'a.expect.yaml'),
      format: 'yaml',
      expectation: { exitCode: 1, diagnostics: [{ ruleId: 'schema', path: '', line: 3 }] },
    });
    expect(() => parseExpectation('exitCode: [1\n', 'yaml', 'a.expect.yaml')).toThrow('a.expect.yaml: not valid YAML');
  });

  it('refuses two expectations for one fixture', () => {
    const dir = tempDir();
    const spec = write(dir, 'a.json');
    write(dir, 'a.expect.json', '{"exitCode": 0}');
    write(dir, 'a.expect.yml', 'exitCode: 0\n');
    expect(() => readExpectation(spec, dir)).toThrow('a.expect.json and a.expect.yml both exist');
    expect(runFixture(spec, { cwd: dir }).problems.map((problem) => problem.message)).toEqual([
      'a.expect.json: a.expect.json and a.expect.yml both exist; keep one expectation per fixture',
    ]);
  });
});

describe('unifiedDiff', () => {
  const lines = (count: number) => Array.from({ length: count }, (_, index) => `line ${index + 1}`);

  it('shows the first differing hunk with context, - for expected and + for actual', () => {
    const expected = `${lines(12).join('\n')}\n`;
    const actual = expected.replace('line 6\n', 'line six\n');
    expect(unifiedDiff(expected, actual, { expectedLabel: 'golden', actualLabel: 'output' })).toBe(
      [
        '--- golden',
        '+++ output',
        '@@ -3,7 +3,7 @@',
        ' line 3',
        ' line 4',
        ' line 5',
        '-line 6',
        '+line six',
        ' line 7',
        ' line 8',
        ' line 9',
      ].join('\n'),
    );
  });

  it('shows inserted and removed lines, a missing final newline and further hunks', () => {
    const base = lines(30);
    const actual = [...base.slice(0, 4), 'new', ...base.slice(4, 20), ...base.slice(21)];
    const diff = unifiedDiff(`${base.join('\n')}\n`, actual.join('\n'));
    expect(diff.split('\n').slice(2, 10)).toEqual([
      '@@ -2,6 +2,7 @@',
      ' line 2',
      ' line 3',
      ' line 4',
      '+new',
      ' line 5',
      ' line 6',
      ' line 7',
    ]);
    expect(diff).toContain('... 2 more differing hunks');
    expect(unifiedDiff('a\n', 'a')).toBe(
      ['--- expected', '+++ actual', '@@ -1,1 +1,1 @@', '-a', '+a', '\\ No newline at end of file'].join('\n'),
    );
    expect(unifiedDiff('a\r\n', 'a\n')).toContain('-a␍');
    expect(unifiedDiff('same\n', 'same\n')).toBe('');
  });

  it('cuts a long hunk short', () => {
    const diff = unifiedDiff(
      `${lines(100).join('\n')}\n`,
      `${lines(100)
        .map((line) => `${line}!`)
        .join('\n')}\n`,
      { maxLines: 10 },
    );
    expect(diff.split('\n')).toHaveLength(3 + 10 + 1);
    expect(diff).toContain('... 190 more lines in this hunk');
  });

  it('shows a change of more than 2,000 lines added and removed as replaced whole, rather than aligned at any cost', () => {
    // jsdiff would find "line 2500" in the output, after 4,999 edits; the bound stops it at 2,000.
    const output = `${lines(5000).join('\n')}\n`;
    const diff = unifiedDiff('before\nline 2500\nafter\n', `before\n${output}after\n`, { maxLines: 6 }).split('\n');
    expect(diff.slice(2)).toEqual([
      '@@ -1,3 +1,5002 @@',
      ' before',
      '-line 2500',
      '+line 1',
      '+line 2',
      '+line 3',
      '+line 4',
      '... 4997 more lines in this hunk',
    ]);
    // Below the bound the same texts are aligned: the line kept is not shown removed.
    const aligned = unifiedDiff('before\nline 500\nafter\n', `before\n${lines(1000).join('\n')}\nafter\n`, { maxLines: 1000 });
    expect(aligned).toContain('\n line 500\n');
    expect(aligned).not.toContain('-line 500');
  });
});

describe('runFixture', () => {
  const spec = () => `${JSON.stringify(validSpec(), null, 2)}\n`;

  it('compares an input error with the subcode, line and column its sidecar gives', () => {
    const dir = tempDir();
    const broken = write(dir, 'broken.json', '{\n  "goal": "x",\n}\n');
    write(dir, 'broken.expect.json', JSON.stringify({ exitCode: 3, inputError: { subcode: 'JSON_SYNTAX', line: 2, column: 14 } }));
    expect(runFixture(broken, { cwd: dir }).problems).toEqual([]);
    write(dir, 'broken.expect.json', JSON.stringify({ exitCode: 3, inputError: { subcode: 'JSON_SYNTAX', line: 3, column: 1 } }));
    expect(runFixture(broken, { cwd: dir }).problems.map((problem) => problem.message)).toEqual([
      'input error JSON_SYNTAX at line 3, column 1 expected; got JSON_SYNTAX at line 2, column 14: invalid JSON at line 2, column 14: a trailing comma before the closing brace; JSON allows none, so remove it',
    ]);
  });
  const blindRead = () => {
    const data = validSpec();
    data.deepDives[0].node = 'nowhere.ts';
    return `${JSON.stringify(data, null, 2)}\n`;
  };
  const tempFiles = (dir: string) => readdirSync(dir).filter((name) => name.includes('.tmp-'));

  it('reports missing and unexpected diagnostics, each with its message', () => {
    const dir = tempDir();
    const good = write(dir, 'good.json', spec());
    write(
      dir,
      'good.expect.json',
      JSON.stringify({ exitCode: 0, verdict: 'pass', diagnostics: [{ ruleId: 'budget-limit', severity: 'error', path: '/budget/total' }] }),
    );
    const bad = write(dir, 'sub/bad.json', blindRead());
    write(dir, 'sub/bad.expect.json', JSON.stringify({ exitCode: 0, diagnostics: [] }));
    const matching = write(dir, 'sub/matching.json', blindRead());
    write(
      dir,
      'sub/matching.expect.json',
      JSON.stringify({ exitCode: 1, verdict: 'fail', diagnostics: [{ ruleId: 'dive-grounded', path: '/deepDives/0/node' }] }),
    );

    expect(runFixture(good, { cwd: dir }).problems).toEqual([{ message: 'missing diagnostic error budget-limit at /budget/total' }]);
    const badResult = runFixture(bad, { cwd: dir });
    expect(badResult.path).toBe('sub/bad.json');
    expect(badResult.exitCode).toBe(1);
    expect(badResult.problems.map((problem) => problem.message)).toEqual([
      'exit code 1, expected 0',
      expect.stringMatching(
        /^unexpected diagnostic error dive-grounded at \/deepDives\/0\/node( \(line \d+\))?: deep dive "D1" read "nowhere.ts", which no surface map entry surfaced/,
      ),
    ]);
    expect(runFixture(matching, { cwd: dir })).toMatchObject({ passed: true, problems: [], written: [] });
  });

  it("update 'all' creates the expectation and the goldens; a second run passes and writes nothing", () => {
    const dir = tempDir();
    const good = write(dir, 'good.json', spec());
    const bad = write(dir, 'bad.json', blindRead());
    expect(runFixture(good, { cwd: dir }).problems).toEqual([{ message: 'missing expectation good.expect.json' }]);

    expect(runFixture(good, { cwd: dir, update: 'all' })).toMatchObject({
      passed: true,
      written: ['good.expect.json', 'good.report.md', 'good.report.json'],
    });
    expect(runFixture(bad, { cwd: dir, update: 'all' })).toMatchObject({ passed: true, written: ['bad.expect.json'] });
    expect(JSON.parse(readFileSync(join(dir, 'good.report.json'), 'utf8')).input.path).toBe('good.json');
    const written = JSON.parse(readFileSync(join(dir, 'bad.expect.json'), 'utf8'));
    expect(written).toMatchObject({
      exitCode: 1,
      verdict: 'fail',
      diagnostics: [{ ruleId: 'dive-grounded', severity: 'error', path: '/deepDives/0/node' }],
    });
    expect(Object.keys(written)).toEqual(['exitCode', 'verdict', 'diagnostics']);
    expect(tempFiles(dir)).toEqual([]);

    const again = runFixtures([bad, good], { cwd: dir, update: 'all' });
    expect(again.results.map((result) => result.written)).toEqual([[], []]);
    expect(runFixtures([bad, good], { cwd: dir })).toMatchObject({ passed: 2, failed: 0 });
  });

  it("update 'all' keeps the expectation's format and a non-default preset", () => {
    const dir = tempDir();
    const file = write(dir, 'ref.yaml', spec());
    write(dir, 'ref.expect.yml', 'preset: reference\nexitCode: 1\n');
    expect(runFixture(file, { cwd: dir }).problems).toEqual([{ message: 'exit code 0, expected 1' }]);
    expect(runFixture(file, { cwd: dir, update: 'all' }).written).toEqual(['ref.expect.yml', 'ref.report.md', 'ref.report.json']);
    expect(readFileSync(join(dir, 'ref.expect.yml'), 'utf8')).toBe('preset: reference\nexitCode: 0\nverdict: pass\ndiagnostics: []\n');
    expect(JSON.parse(readFileSync(join(dir, 'ref.report.json'), 'utf8')).preset).toBe('reference');
    expect(runFixture(file, { cwd: dir }).passed).toBe(true);
  });

  it("update 'goldens' rewrites goldens only, creates them for passing fixtures, and never touches expectations", () => {
    const dir = tempDir();
    const good = write(dir, 'good.json', spec());
    write(dir, 'good.expect.json', '{"exitCode": 0}\n');
    const bad = write(dir, 'bad.json', blindRead());
    write(dir, 'bad.expect.json', '{"exitCode": 0}\n');

    expect(runFixture(good, { cwd: dir, update: 'goldens' })).toMatchObject({
      passed: true,
      written: ['good.report.md', 'good.report.json'],
    });
    expect(runFixture(bad, { cwd: dir, update: 'goldens' })).toMatchObject({
      passed: false,
      written: [],
      problems: [{ message: 'exit code 1, expected 0' }],
    });
    expect(readFileSync(join(dir, 'bad.expect.json'), 'utf8')).toBe('{"exitCode": 0}\n');
    expect(readdirSync(dir).sort()).toEqual([
      'bad.expect.json',
      'bad.json',
      'good.expect.json',
      'good.json',
      'good.report.json',
      'good.report.md',
    ]);

    // An existing golden of a failing fixture is rewritten; a stale golden is reported with a diff.
    const markdown = join(dir, 'good.report.md');
    const golden = readFileSync(markdown, 'utf8');
    writeFileSync(markdown, golden.replace('## Summary', '## Summary (old)'));
    writeFileSync(join(dir, 'bad.report.md'), 'stale\n');
    const stale = runFixture(good, { cwd: dir });
    expect(stale.passed).toBe(false);
    expect(stale.problems[0]?.message).toBe('good.report.md differs from the output from line 3');
    expect(stale.problems[0]?.detail).toContain('--- good.report.md (golden)\n+++ good.report.md (actual output)\n@@ -1,6 +1,6 @@');
    expect(stale.problems[0]?.detail).toContain('\n-## Summary (old)\n+## Summary\n');

    expect(runFixture(good, { cwd: dir, update: 'goldens' }).written).toEqual(['good.report.md']);
    expect(readFileSync(markdown, 'utf8')).toBe(golden);
    expect(runFixture(bad, { cwd: dir, update: 'goldens' }).written).toEqual(['bad.report.md']);
    expect(readFileSync(join(dir, 'bad.report.md'), 'utf8')).toContain('**fail**');
    expect(runFixture(good, { cwd: dir }).passed).toBe(true);
    expect(tempFiles(dir)).toEqual([]);
  });

  it('reports a malformed expectation and a golden beside a fixture that has no report', () => {
    const dir = tempDir();
    const broken = write(dir, 'broken.json', '{"goal": ');
    write(dir, 'broken.expect.json', '{"exitCode": 3, "diagnostics": []}');
    write(dir, 'broken.report.json', '{}\n');
    expect(runFixture(broken, { cwd: dir }).problems).toEqual([
      { message: 'broken.report.json exists, but the fixture produced no report (exit code 3)' },
    ]);
    write(dir, 'broken.expect.json', '{"exitCode": 5}');
    expect(runFixture(broken, { cwd: dir })).toMatchObject({
      passed: false,
      exitCode: null,
      problems: [{ message: 'broken.expect.json: exitCode must be 0, 1, 3 or 4; got 5' }],
    });
  });
});

function fakeResult(path: string, problems: FixtureResult['problems'] = []): FixtureResult {
  return { file: path, path, passed: problems.length === 0, problems, written: [], exitCode: 0 };
}

describe('formatFailures', () => {
  it('prints one block per failing fixture and the closing count line', () => {
    const results = [
      fakeResult('fixtures/a.json'),
      fakeResult('fixtures/b.json', [
        { message: 'exit code 1, expected 0' },
        { message: 'fixtures/b.report.md differs', detail: '--- a\n+++ b' },
      ]),
    ];
    expect(formatFailures(results)).toBe(
      'FAIL fixtures/b.json\n  exit code 1, expected 0\n  fixtures/b.report.md differs\n    --- a\n    +++ b\n1 passed, 1 failed\n',
    );
    expect(formatFailures([fakeResult('a.json'), fakeResult('b.json')])).toBe('2 passed, 0 failed\n');
    expect(formatFailures([])).toBe('0 passed, 0 failed\n');
  });
});

describe('formatJunit', () => {
  const nasty = 'quote " apos \' amp & lt < gt > cdata ]]> tab\tbell\u0007 nul\u0000 lone\uD800 ffff\uFFFF emoji 😀 é';
  const results = [
    fakeResult('fixtures/valid/ok.json'),
    fakeResult('fixtures/in valid/a&b<c>.json', [{ message: `first: ${nasty}`, detail: `line 1\nline 2 ${nasty}` }, { message: 'second' }]),
    fakeResult('top.yaml'),
  ];
  const xml = formatJunit(results, 'fixtures & "more"');
  const clean = nasty.replace(/[\u0000\u0007\uD800\uFFFF]/g, '');

  it('is well-formed XML 1.0 with every attribute and text escaped', () => {
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toMatch(/="[^"]*[<>&](?!amp;|lt;|gt;|quot;|apos;|#\d+;)[^"]*"/);
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    expect(xml).not.toContain(']]>');

    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      trimValues: false,
      parseTagValue: false,
      parseAttributeValue: false,
      htmlEntities: true,
    });
    const parsed = parser.parse(xml);
    const suite = parsed.testsuites.testsuite;
    expect(parsed.testsuites).toMatchObject({ name: 'fixtures & "more"', tests: '3', failures: '1' });
    expect(suite).toMatchObject({ name: 'fixtures & "more"', tests: '3', failures: '1', errors: '0' });
    const [ok, failed, top] = suite.testcase;
    expect(ok).toMatchObject({ classname: 'fixtures.valid', name: 'ok.json' });
    expect(ok.failure).toBeUndefined();
    expect(top).toMatchObject({ classname: 'fixtures & "more"', name: 'top.yaml' });
    expect(failed).toMatchObject({ classname: 'fixtures.in valid', name: 'a&b<c>.json' });
    expect(failed.failure.message).toBe(`first: ${clean}`);
    expect(failed.failure['#text']).toBe(`first: ${clean}\n  line 1\n  line 2 ${clean}\nsecond`);
  });

  it('is deterministic: no timestamps, durations or host names', () => {
    expect(formatJunit(results, 'fixtures & "more"')).toBe(xml);
    expect(xml).not.toMatch(/timestamp|time=|hostname/);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')).toBe(true);
    expect(xml.endsWith('</testsuites>\n')).toBe(true);
  });
});

describe('createProgress', () => {
  function recorder(isTTY: boolean | undefined) {
    const writes: string[] = [];
    return { writes, stream: { ...(isTTY === undefined ? {} : { isTTY }), write: (chunk: string) => writes.push(chunk) } };
  }
  function drive(total: number, isTTY: boolean | undefined, env: Record<string, string | undefined>): string[] {
    const { writes, stream } = recorder(isTTY);
    const progress = createProgress(total, stream, env);
    for (let i = 0; i < total; i++) progress.tick();
    progress.done();
    return writes;
  }

  it('stays silent when not on a terminal, in CI, or for 20 fixtures or fewer', () => {
    expect(drive(50, false, {})).toEqual([]);
    expect(drive(50, undefined, {})).toEqual([]);
    expect(drive(50, true, { CI: 'true' })).toEqual([]);
    expect(drive(50, true, { CI: '1' })).toEqual([]);
    expect(drive(20, true, {})).toEqual([]);
    expect(drive(0, true, {})).toEqual([]);
  });

  it('redraws one line with \\r and clears it when done', () => {
    const writes = drive(40, true, { CI: '' });
    expect(writes).toHaveLength(41);
    expect(writes[0]).toBe('\r[....................] 1/40');
    expect(writes[1]).toBe('\r[#...................] 2/40');
    expect(writes[39]).toBe('\r[####################] 40/40');
    expect(writes[40]).toBe(`\r${' '.repeat('[####################] 40/40'.length)}\r`);
    expect(writes.every((chunk) => !chunk.includes('\n'))).toBe(true);
    expect(drive(21, true, { CI: undefined })).toHaveLength(22);
  });
});
