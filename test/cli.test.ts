import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import packageJson from '../package.json' with { type: 'json' };
import { rules } from '../src/rules/catalog.js';
import { type CliRun, cliPath, projectRoot, runCli, STACK_TRACE, stderrLines } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
import { sha256 } from './support/sha256.js';
import { gateFailingSpec, specWithoutProvenance, validSpec } from './support/specs.js';
import { useTempDirs, writeJson, writeYaml } from './support/temp.js';

const tempDir = useTempDirs('cli');

describe('valid spec', () => {
  it('prints a Markdown report and exits 0 with nothing on stderr', async () => {
    const dir = tempDir();
    const spec = validSpec();
    writeJson(dir, 'spec.json', spec);
    const run = await runInProcess(['spec.json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout.startsWith(`# Adaptive Investigation Report: ${spec.goal}\n`)).toBe(true);
    expect(run.stdout).toMatch(/[^\n]\n$/);
    expect(run.stdout).not.toContain(dir);
  });

  it('prints a JSON report with a relative path, the format and the sha256 of the bytes', async () => {
    const dir = tempDir();
    const path = writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--format', 'json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/[^\n]\n$/);
    expect(run.stdout).not.toContain(dir);
    const report = JSON.parse(run.stdout);
    expect(report.reportVersion).toBe(1);
    expect(report.verdict).toBe('pass');
    expect(report.input).toEqual({ path: 'spec.json', format: 'json', sha256: sha256(readFileSync(path)) });
    expect(report.diagnostics).toEqual([]);
  });

  it('shows a path below the working directory relative to it, with forward slashes', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'specs', 'billing'), { recursive: true });
    writeJson(dir, 'specs/billing/spec.json', validSpec());
    const run = await runInProcess(['specs/billing/spec.json', '-f', 'json'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).input.path).toBe('specs/billing/spec.json');
  });

  it('makes an absolute input path relative to the working directory in the report', async () => {
    const dir = tempDir();
    const path = writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess([path, '--format', 'json'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain(dir);
    expect(JSON.parse(run.stdout).input.path).toBe('spec.json');
  });
});

describe('input argument', () => {
  it('accepts the positional argument and --input, with identical output', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    for (const format of ['markdown', 'json']) {
      const positional = await runInProcess(['spec.json', '--format', format], { cwd: dir });
      const option = await runInProcess(['--input', 'spec.json', '--format', format], { cwd: dir });
      const short = await runInProcess(['-i', 'spec.json', '--format', format], { cwd: dir });
      expect(positional.status).toBe(0);
      expect(option.status).toBe(0);
      expect(short.status).toBe(0);
      expect(positional.stdout.length).toBeGreaterThan(0);
      expect(option.stdout).toBe(positional.stdout);
      expect(short.stdout).toBe(positional.stdout);
    }
  });

  it('compiles two different inputs, one from --input, into one text listing', async () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    writeJson(dir, 'b.json', gateFailingSpec());
    const run = await runInProcess(['a.json', '--input', 'b.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('b.json\n');
    expect(run.stdout).not.toContain('a.json');
    expect(run.stdout).toMatch(/✖ 1 problem \(1 error, 0 warnings\)\n$/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('gate failure', () => {
  it('exits 1, still prints the report with verdict fail and one diagnostic line per finding', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    const json = await runInProcess(['spec.json', '--format', 'json'], { cwd: dir });
    expect(json.status).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.verdict).toBe('fail');
    expect(report.diagnostics).toContainEqual(
      expect.objectContaining({ ruleId: 'dive-selective', severity: 'error', path: '/deepDives/0/tool' }),
    );
    const diveSelective = report.diagnostics.find((d: { ruleId: string }) => d.ruleId === 'dive-selective');
    expect(stderrLines(json)).toContain(
      `spec.json:${diveSelective.line}:${diveSelective.column}: error dive-selective ${diveSelective.message} (at /deepDives/0/tool)`,
    );
    expect(stderrLines(json)).toHaveLength(report.diagnostics.length);

    const markdown = await runInProcess(['spec.json'], { cwd: dir });
    expect(markdown.status).toBe(1);
    expect(markdown.stdout.startsWith(`# Adaptive Investigation Report: ${validSpec().goal}\n`)).toBe(true);
    expect(markdown.stdout).toMatch(/fail/);
    expect(markdown.stderr).toBe(json.stderr);
  });

  it('writes the path exactly as given in stderr lines', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    writeJson(dir, 'sub/spec.json', gateFailingSpec());
    const run = await runInProcess(['./sub/spec.json'], { cwd: dir });
    expect(run.status).toBe(1);
    const line = stderrLines(run).find((l) => l.includes('dive-selective'));
    expect(line).toMatch(/^\.\/sub\/spec\.json:\d+:\d+: error dive-selective .*"WebFetch".* \(at \/deepDives\/0\/tool\)$/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('usage errors (exit 2)', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['an unknown option', ['spec.json', '--bogus'], /unknown option '--bogus'/],
    ['an unknown format', ['spec.json', '--format', 'pdf'], /pdf/],
    ['an unknown preset', ['spec.json', '--preset', 'nope'], /nope/],
    ['no input', [], /no input/],
    ['a --max-bytes that is not a number', ['spec.json', '--max-bytes', 'abc'], /--max-bytes.*abc/],
    ['a --max-bytes of 0', ['spec.json', '--max-bytes', '0'], /--max-bytes/],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(args, { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('input errors (exit 3)', () => {
  function expectInputError(run: CliRun, subcode: string, shownPath: string): void {
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    const lines = stderrLines(run);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.startsWith(`${shownPath}:`)).toBe(true);
    expect(lines[0]).toContain(`: error ${subcode}: `);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  }

  it('a missing file is NOT_FOUND', async () => {
    const dir = tempDir();
    const run = await runInProcess(['missing.json'], { cwd: dir });
    expectInputError(run, 'NOT_FOUND', 'missing.json');
    expect(run.stderr).toContain('missing.json');
  });

  it('a folder without specs is a usage error (NO_INPUT)', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'specs.json'));
    const run = await runInProcess(['specs.json', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'NO_INPUT' });
  });

  it.each([
    ['a trailing comma in an object', '{\n  "goal": "x",\n  "budget": {"total": 3,}\n}\n', 3, 24],
    ['a bare word as a value', '{\n  "goal": "x",\n  "budget": {"total": three}\n}\n', 3, '2[34]'],
    ['a trailing comma in an array', '{\n  "goal": "x",\n  "risks": ["a",]\n}\n', 3, 16],
    ['a missing closing brace', '{\n  "goal": "x"\n', 3, 1],
    ['a second value after the object', '{"goal": "x"}\n{}\n', 2, 1],
  ] as Array<[string, string, number, number | string]>)(
    'broken JSON (%s) is JSON_SYNTAX with its line and column',
    async (_name, text, line, column) => {
      const dir = tempDir();
      writeFileSync(join(dir, 'broken.json'), text);
      const run = await runInProcess(['broken.json'], { cwd: dir });
      expectInputError(run, 'JSON_SYNTAX', 'broken.json');
      // The column of the offending character (a trailing comma itself; a bare word may be blamed on its first letter or the first wrong one).
      expect(run.stderr).toMatch(new RegExp(`line ${line}, column ${column}\\b`));
    },
  );

  it('a YAML list at the top level is NOT_AN_OBJECT', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'list.yaml'), '- goal: x\n- budget: 3\n');
    const run = await runInProcess(['list.yaml'], { cwd: dir });
    expectInputError(run, 'NOT_AN_OBJECT', 'list.yaml');
    expect(run.stderr).toMatch(/array/);
  });

  it('a duplicate YAML key is DUPLICATE_KEY', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'dup.yaml'), `${toYaml(validSpec())}goal: again\n`);
    expectInputError(await runInProcess(['dup.yaml'], { cwd: dir }), 'DUPLICATE_KEY', 'dup.yaml');
  });

  it('invalid UTF-8 is ENCODING', async () => {
    const dir = tempDir();
    const valid = Buffer.from(JSON.stringify(validSpec()));
    writeFileSync(join(dir, 'latin1.json'), Buffer.concat([valid.subarray(0, 20), Buffer.from([0xc3, 0x28, 0xff]), valid.subarray(20)]));
    expectInputError(await runInProcess(['latin1.json'], { cwd: dir }), 'ENCODING', 'latin1.json');
  });

  it('a file above --max-bytes is TOO_LARGE', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--max-bytes', '100'], { cwd: dir });
    expectInputError(run, 'TOO_LARGE', 'spec.json');
    expect(run.stderr).toContain('100');
  });

  it('standard input above --max-bytes is TOO_LARGE', () => {
    const run = runCli(['-', '--max-bytes', '100'], { input: JSON.stringify(validSpec()) });
    expectInputError(run, 'TOO_LARGE', '<stdin>');
  });

  it('a file at exactly --max-bytes is read', async () => {
    const dir = tempDir();
    const path = writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--max-bytes', String(statSync(path).size)], { cwd: dir });
    expect(run.status).toBe(0);
  });
});

describe('critical input (exit 4)', () => {
  const cases: Array<[string, (spec: Record<string, any>) => void, RegExp, string]> = [
    ['a missing goal', (spec) => delete spec.goal, /\bgoal\b/, '/goal'],
    ['a blank goal', (spec) => (spec.goal = '   '), /\bgoal\b/, '/goal'],
    ['a missing budget', (spec) => delete spec.budget, /\bbudget\b/, '/budget'],
    ['a budget total of 0', (spec) => (spec.budget.total = 0), /budget\.total/, '/budget/total'],
    ['a budget without a total', (spec) => delete spec.budget.total, /budget\.total is missing/, '/budget/total'],
  ];
  it.each(cases)('%s stops with {VACIO_CRITICO} and no report', async (_name, mutate, names, pointer) => {
    const dir = tempDir();
    const spec = validSpec();
    mutate(spec);
    writeJson(dir, 'spec.json', spec);
    for (const format of ['markdown', 'json']) {
      const run = await runInProcess(['spec.json', '--format', format], { cwd: dir });
      expect(run.status).toBe(4);
      expect(run.stdout).toBe('');
      expect(run.stderr).toContain('{VACIO_CRITICO}');
      expect(run.stderr).toMatch(names);
      expect(stderrLines(run)).toContainEqual(
        expect.stringMatching(
          new RegExp(`^spec\\.json:\\d+:\\d+: error critical-input \\{VACIO_CRITICO\\} .* \\(at ${pointer.replace(/\//g, '\\/')}\\)$`),
        ),
      );
      expect(run.stderr).not.toMatch(STACK_TRACE);
    }
  });

  it('names each missing datum when both goal and budget are missing', async () => {
    const dir = tempDir();
    const spec = validSpec();
    delete spec.goal;
    delete spec.budget;
    writeJson(dir, 'spec.json', spec);
    const run = await runInProcess(['spec.json'], { cwd: dir });
    expect(run.status).toBe(4);
    expect(run.stdout).toBe('');
    const lines = stderrLines(run);
    expect(lines.some((line) => line.includes('goal') && line.endsWith('(at /goal)'))).toBe(true);
    expect(lines.some((line) => line.includes('budget') && line.endsWith('(at /budget)'))).toBe(true);
  });

  it('writes no --output file', async () => {
    const dir = tempDir();
    const spec = validSpec();
    delete spec.goal;
    writeJson(dir, 'spec.json', spec);
    const run = await runInProcess(['spec.json', '--output', 'report.md'], { cwd: dir });
    expect(run.status).toBe(4);
    expect(existsSync(join(dir, 'report.md'))).toBe(false);
    expect(readdirSync(dir).sort()).toEqual(['spec.json']);
  });
});

describe('standard input', () => {
  it('compiles JSON from -', () => {
    const dir = tempDir();
    const path = writeJson(dir, 'spec.json', validSpec());
    const bytes = readFileSync(path);
    const run = runCli(['-', '--format', 'json'], { input: bytes });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.input).toEqual({ path: null, format: 'json', sha256: sha256(bytes) });
  });

  it('compiles YAML from -', () => {
    const yaml = toYaml(validSpec());
    const run = runCli(['-', '--format', 'json'], { input: yaml });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.input.format).toBe('yaml');
    expect(report.input.sha256).toBe(sha256(Buffer.from(yaml)));
    expect(report.verdict).toBe('pass');
  });

  it('gives the same Markdown from stdin as from --input -', () => {
    const input = JSON.stringify(validSpec());
    const positional = runCli(['-'], { input });
    const option = runCli(['--input', '-'], { input });
    expect(positional.status).toBe(0);
    expect(option.status).toBe(0);
    expect(option.stdout).toBe(positional.stdout);
  });

  it('shows <stdin> as the path in diagnostics and input errors', () => {
    const failing = runCli(['-'], { input: JSON.stringify(gateFailingSpec()) });
    expect(failing.status).toBe(1);
    expect(stderrLines(failing)).toContainEqual(
      expect.stringMatching(/^<stdin>:\d+:\d+: error dive-selective .+ \(at \/deepDives\/0\/tool\)$/),
    );
    for (const line of stderrLines(failing)) expect(line.startsWith('<stdin>:')).toBe(true);

    const list = runCli(['-'], { input: '[1, 2]\n' });
    expect(list.status).toBe(3);
    expect(list.stdout).toBe('');
    expect(stderrLines(list)).toEqual([expect.stringMatching(/^<stdin>(:\d+:\d+)?: error NOT_AN_OBJECT: /)]);

    const critical = runCli(['-'], { input: 'budget: {total: 3, used: 0, unit: reads}\n' });
    expect(critical.status).toBe(4);
    expect(critical.stdout).toBe('');
    expect(stderrLines(critical)).toContainEqual(expect.stringMatching(/^<stdin>:\d+:\d+: error critical-input \{VACIO_CRITICO\} .*goal/));
  });
});

describe('formats by extension', () => {
  it.each(['spec.yaml', 'spec.yml', 'SPEC.YAML'])('%s is parsed as YAML', async (name) => {
    const dir = tempDir();
    const path = writeYaml(dir, name, validSpec());
    const run = await runInProcess([name, '--format', 'json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report.input).toEqual({ path: name, format: 'yaml', sha256: sha256(readFileSync(path)) });
  });

  it('YAML and JSON of the same spec give the same verdict and summary', async () => {
    const dir = tempDir();
    writeYaml(dir, 'spec.yaml', validSpec());
    writeJson(dir, 'spec.json', validSpec());
    const yaml = JSON.parse((await runInProcess(['spec.yaml', '-f', 'json'], { cwd: dir })).stdout);
    const json = JSON.parse((await runInProcess(['spec.json', '-f', 'json'], { cwd: dir })).stdout);
    expect(yaml.summary).toEqual(json.summary);
    expect(yaml.investigation).toEqual(json.investigation);
  });

  it('a .json file holding YAML is a JSON_SYNTAX error', async () => {
    const dir = tempDir();
    writeYaml(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json'], { cwd: dir });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^spec\.json:1:1: error JSON_SYNTAX: .*line 1, column 1\b/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('--output', () => {
  it('writes the report to the file instead of stdout and keeps exit 0', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const expected = (await runInProcess(['spec.json'], { cwd: dir })).stdout;
    const run = await runInProcess(['spec.json', '--output', 'report.md'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe('');
    expect(readFileSync(join(dir, 'report.md'), 'utf8')).toBe(expected);
    expect(readdirSync(dir).sort()).toEqual(['report.md', 'spec.json']);
  });

  it('keeps exit 1 and still writes the report when the gate fails', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    const expected = await runInProcess(['spec.json', '-f', 'json'], { cwd: dir });
    const run = await runInProcess(['spec.json', '-f', 'json', '-o', 'report.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(expected.stderr);
    expect(run.stderr).toMatch(/dive-selective/);
    const written = readFileSync(join(dir, 'report.json'), 'utf8');
    expect(written).toBe(expected.stdout);
    expect(JSON.parse(written).verdict).toBe('fail');
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'spec.json']);
  });

  it('replaces an existing file fully and leaves no temporary files', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const expected = (await runInProcess(['spec.json', '-f', 'json'], { cwd: dir })).stdout;
    const target = join(dir, 'report.json');
    writeFileSync(target, 'x'.repeat(expected.length * 3));
    const run = await runInProcess(['spec.json', '-f', 'json', '--output', 'report.json'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe(expected);
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'spec.json']);

    const again = await runInProcess(['spec.json', '--output', 'report.json'], { cwd: dir });
    expect(again.status).toBe(0);
    expect(readFileSync(target, 'utf8')).toBe((await runInProcess(['spec.json'], { cwd: dir })).stdout);
    expect(readdirSync(dir).sort()).toEqual(['report.json', 'spec.json']);
  });

  it('writes into another folder given as a path', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'out'));
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--output', 'out/report.md'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(readdirSync(join(dir, 'out'))).toEqual(['report.md']);
  });

  it('an --output in a folder that does not exist is a usage error, not an internal one', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--output', 'missing/report.md'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('missing/report.md');
    expect(run.stderr).not.toMatch(/internal error|This is a bug/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(readdirSync(dir)).toEqual(['spec.json']);
  });

  it.each([
    ['the same relative path', 'spec.json', 'spec.json'],
    ['another spelling of the same path', 'spec.json', './sub/../spec.json'],
  ])('refuses to overwrite the input file (%s) with exit 2', async (_name, input, output) => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    const path = writeJson(dir, 'spec.json', validSpec());
    const before = readFileSync(path);
    const run = await runInProcess([input, '--output', output], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/--output/);
    expect(run.stderr).not.toMatch(STACK_TRACE);
    expect(readFileSync(path).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['spec.json', 'sub']);
  });

  it('refuses to overwrite the input file named by an absolute path', async () => {
    const dir = tempDir();
    const path = writeJson(dir, 'spec.json', validSpec());
    const before = readFileSync(path);
    const run = await runInProcess(['--input', 'spec.json', '-o', path], { cwd: dir });
    expect(run.status).toBe(2);
    expect(readFileSync(path).equals(before)).toBe(true);
  });

  it('never modifies the input file', async () => {
    const dir = tempDir();
    const path = writeJson(dir, 'spec.json', validSpec());
    const yamlPath = writeYaml(dir, 'spec.yaml', gateFailingSpec());
    const snapshot = (file: string) => ({ bytes: readFileSync(file), mtime: statSync(file).mtimeMs, size: statSync(file).size });
    const before = [snapshot(path), snapshot(yamlPath)];
    expect((await runInProcess(['spec.json'], { cwd: dir })).status).toBe(0);
    expect((await runInProcess(['spec.json', '-f', 'json', '-o', 'out.json'], { cwd: dir })).status).toBe(0);
    expect((await runInProcess(['spec.yaml', '-o', 'out.md'], { cwd: dir })).status).toBe(1);
    expect((await runInProcess(['spec.yaml', '--preset', 'reference', '-f', 'json'], { cwd: dir })).status).toBe(1);
    const after = [snapshot(path), snapshot(yamlPath)];
    for (const [index, was] of before.entries()) {
      const now = after[index]!;
      expect(now.bytes.equals(was.bytes)).toBe(true);
      expect(now.mtime).toBe(was.mtime);
      expect(now.size).toBe(was.size);
    }
  });
});

describe('--preset', () => {
  it('reference passes a spec without provenance tags that the default gate fails on provenance alone', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', specWithoutProvenance());

    const reference = await runInProcess(['spec.json', '--preset', 'reference', '-f', 'json'], { cwd: dir });
    expect(reference.stderr).toBe('');
    expect(reference.status).toBe(0);
    const referenceReport = JSON.parse(reference.stdout);
    expect(referenceReport.verdict).toBe('pass');
    expect(referenceReport.preset).toBe('reference');

    const gate = await runInProcess(['spec.json', '-f', 'json'], { cwd: dir });
    expect(gate.status).toBe(1);
    const gateReport = JSON.parse(gate.stdout);
    expect(gateReport.verdict).toBe('fail');
    expect(gateReport.preset).toBe('gate');
    expect(gateReport.diagnostics).toHaveLength(validSpec().deepDives.length);
    for (const diagnostic of gateReport.diagnostics) {
      expect(diagnostic.ruleId).toBe('finding-provenance');
    }
    const lines = stderrLines(gate);
    expect(lines).toHaveLength(validSpec().deepDives.length);
    lines.forEach((line, index) => {
      expect(line).toMatch(new RegExp(`^spec\\.json:\\d+:\\d+: error finding-provenance .+ \\(at /deepDives/${index}/provenance\\)$`));
    });

    const explicitGate = await runInProcess(['spec.json', '--preset', 'gate', '-f', 'json'], { cwd: dir });
    expect(explicitGate.status).toBe(1);
    expect(explicitGate.stdout).toBe(gate.stdout);
  });
});

describe('--policy', () => {
  it('a JSON policy adding WebFetch to the expensive tools makes the spec pass', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    writeJson(dir, 'policy.json', { expensiveDiveTools: ['Read', 'WebFetch'] });
    expect((await runInProcess(['spec.json'], { cwd: dir })).status).toBe(1);
    const run = await runInProcess(['spec.json', '--policy', 'policy.json', '-f', 'json'], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).verdict).toBe('pass');
  });

  it.each(['policy.yaml', 'policy.yml'])('a YAML policy (%s) works too', async (name) => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    writeFileSync(join(dir, name), 'expensiveDiveTools:\n  - Read\n  - WebFetch\n');
    const run = await runInProcess(['spec.json', '--policy', name], { cwd: dir });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('a policy with an unknown key is a usage error naming the key', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeJson(dir, 'policy.json', { expensiveDiveTols: ['Read'] });
    const run = await runInProcess(['spec.json', '--policy', 'policy.json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('policy.json');
    expect(run.stderr).toContain('expensiveDiveTols');
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });

  it('a policy with a value of the wrong type is a usage error naming it', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeJson(dir, 'policy.json', { expensiveDiveTools: 'Read' });
    const run = await runInProcess(['spec.json', '--policy', 'policy.json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('expensiveDiveTools');
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });

  it('a policy that is not an object is a usage error', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeFileSync(join(dir, 'policy.yaml'), '- Read\n- WebFetch\n');
    const run = await runInProcess(['spec.json', '--policy', 'policy.yaml'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('policy.yaml');
  });

  it('a broken policy file is a usage error', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeFileSync(join(dir, 'policy.json'), '{"expensiveDiveTools": [');
    const run = await runInProcess(['spec.json', '--policy', 'policy.json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('policy.json');
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });

  it('a missing policy file is a usage error', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--policy', 'nope.json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('nope.json');
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });
});

describe('--help and --version', () => {
  it('--help exits 0 and lists every rule and every exit code', async () => {
    const run = await runInProcess(['--help'], { cwd: projectRoot });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    for (const rule of rules) expect(run.stdout).toContain(rule.meta.id);
    for (let code = 0; code <= 5; code++) expect(run.stdout).toMatch(new RegExp(`^\\s+${code}\\s+\\S`, 'm'));
    expect(run.stdout).toContain('{VACIO_CRITICO}');
    for (const option of ['--input', '--format', '--output', '--preset', '--policy', '--max-bytes']) expect(run.stdout).toContain(option);
  });

  it.each([['--version'], ['-V']])('%s prints the package version', async (flag) => {
    const run = await runInProcess([flag], { cwd: projectRoot });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`${packageJson.version}\n`);
    expect(run.stderr).toBe('');
  });
});

describe('exit code 5', () => {
  it('the launcher exits 5 with a message, and no stack trace, when the build is missing', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'bin'));
    copyFileSync(cliPath, join(dir, 'bin', 'compile-investigation.cjs'));
    copyFileSync(join(dirname(cliPath), 'load-bundle.cjs'), join(dir, 'bin', 'load-bundle.cjs'));
    writeFileSync(join(dir, 'package.json'), '{"type": "module"}\n');
    const result = spawnSync(process.execPath, [join(dir, 'bin', 'compile-investigation.cjs'), '--help'], { cwd: dir, encoding: 'utf8' });
    expect(result.status).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/build is missing/);
    expect(result.stderr).not.toMatch(STACK_TRACE);
  });
});
