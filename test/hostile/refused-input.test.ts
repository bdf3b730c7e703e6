/**
 * Hostile input through the built CLI that is refused: exit 3 with its INPUT_ERROR subcode, and
 * quickly: in linear time, or at the cost of a small input, measured in process. The CLI runs keep
 * runWellBehaved's timeout as the guard against a hang.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { createCompiler } from '../../src/index.js';
import { DEFAULT_MAX_BYTES, readInput } from '../../src/load/read-input.js';
import type { CliRun, runCli } from '../support/cli.js';
import { runWellBehaved } from '../support/hostile-cli.js';
import { posix } from '../support/platform.js';
import { costRatio, growthRatio, LINEAR } from '../support/scaling.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('hostile');

/** Runs with --json and checks exit code 3 and the subcode, in the envelope and in the file's entry. */
function expectInputError(args: string[], subcode: string, options: Parameters<typeof runCli>[1] = {}): CliRun {
  const result = runWellBehaved([...args, '--json'], options);
  expect(result.status, result.stderr).toBe(3);
  const envelope = JSON.parse(result.stdout);
  expect(envelope.error).toMatchObject({ code: 'INPUT_ERROR', subcode });
  expect(envelope.data.files[0].error).toMatchObject({ code: 'INPUT_ERROR', subcode });
  expect(result.stderr).toContain(`error ${subcode}: `);
  return result;
}

/** Several files in one run (--json): exit 3, and every file refused with the subcode. */
function expectInputErrors(files: string[], subcode: string, cwd: string): void {
  const result = runWellBehaved([...files, '--format', 'text', '--json'], { cwd });
  expect(result.status, result.stderr).toBe(3);
  const entries: Array<{ path: string; exitCode: number; error: { code: string; subcode: string } }> = JSON.parse(result.stdout).data.files;
  // Listed in code-unit order of their paths, whatever the order of the arguments.
  expect(entries.map((entry) => entry.path)).toEqual([...files].sort());
  for (const entry of entries) expect(entry, entry.path).toMatchObject({ exitCode: 3, error: { code: 'INPUT_ERROR', subcode } });
}

describe('refused input: exit 3 with its INPUT_ERROR subcode', () => {
  it('a file over the default 16 MiB is TOO_LARGE; --max-bytes moves the limit, for files and stdin', () => {
    const dir = tempDir();
    const spec = `${JSON.stringify(validSpec())}\n`;
    const big = join(dir, 'big.json');
    // A valid spec padded with whitespace to 17 MiB: refused only for its size.
    writeFileSync(big, spec + ' '.repeat(17 * 1024 * 1024 - Buffer.byteLength(spec)));
    expect(statSync(big).size).toBe(17 * 1024 * 1024);
    expectInputError(['big.json'], 'TOO_LARGE', { cwd: dir });
    // Refused from its size, unread: it costs about what reading a small spec costs.
    writeFileSync(join(dir, 'small.json'), spec);
    const hundredTimes = (path: string) => () => {
      for (let round = 0; round < 100; round++) readInput(path, { maxBytes: DEFAULT_MAX_BYTES });
    };
    expect(costRatio(hundredTimes(big), hundredTimes(join(dir, 'small.json')), 4)).toBeLessThan(4);
    expect(runWellBehaved(['big.json', '--max-bytes', String(20 * 1024 * 1024), '--format', 'json'], { cwd: dir }).status).toBe(0);

    expectInputError(['small.json', '--max-bytes', '1000'], 'TOO_LARGE', { cwd: dir });
    expect(runWellBehaved(['small.json', '--max-bytes', String(Buffer.byteLength(spec))], { cwd: dir }).status).toBe(0);
    expectInputError(['-', '--max-bytes', '1000'], 'TOO_LARGE', { cwd: dir, input: spec });
  });

  describe('nesting deeper than 100 levels is TOO_DEEP, quickly', () => {
    /**
     * In compilations of a valid spec: 250,000 JSON levels cost about 20 today, YAML about 1. (A
     * million JSON levels cost some 20 times more than 250,000: the CLI cases above run that size.)
     */
    const DEEP_REFUSAL_COST = 200;
    const million = 1_000_000;
    const cases: Array<[string, string, () => string]> = [
      ['JSON, 150 levels of arrays', 'deep.json', () => `{"goal": "g", "x-deep": ${'['.repeat(150)}${']'.repeat(150)}}`],
      ['JSON, 1,000,000 levels of arrays', 'deep.json', () => '['.repeat(million) + ']'.repeat(million)],
      ['JSON, 1,000,000 levels of objects', 'deep.json', () => `${'{"a":'.repeat(million)}1${'}'.repeat(million)}`],
      ['JSON on stdin, 1,000,000 levels', '-', () => '['.repeat(million) + ']'.repeat(million)],
      ['YAML flow, 150 levels', 'deep.yaml', () => `goal: g\nx-deep: ${'['.repeat(150)}${']'.repeat(150)}\n`],
      ['YAML flow, 1,000,000 levels of sequences', 'deep.yaml', () => `x: ${'['.repeat(million)}${']'.repeat(million)}\n`],
      ['YAML flow, 1,000,000 levels of mappings', 'deep.yml', () => `${'{a: '.repeat(million)}1${'}'.repeat(million)}\n`],
      [
        'YAML block mappings, 150 levels by indentation',
        'deep.yaml',
        () => `${Array.from({ length: 150 }, (_, level) => `${'  '.repeat(level)}k${level}:`).join('\n')} leaf\n`,
      ],
      [
        'YAML block mappings, 3,000 levels by indentation',
        'deep.yaml',
        () => `${Array.from({ length: 3000 }, (_, level) => `${' '.repeat(level)}k:`).join('\n')} leaf\n`,
      ],
      [
        'YAML block sequences, 3,000 levels by indentation',
        'deep.yaml',
        () => `${Array.from({ length: 3000 }, (_, level) => `${' '.repeat(level)}-`).join('\n')} leaf\n`,
      ],
      ['YAML compact sequences, 1,000,000 levels on one line', 'deep.yaml', () => `${'- '.repeat(million)}x\n`],
      ['YAML explicit keys, 1,000,000 levels on one line', 'deep.yaml', () => `${'? - '.repeat(million)}x\n`],
      ['YAML compact mappings, 1,000,000 levels on one line', 'deep.yaml', () => `${'a: '.repeat(million)}x\n`],
      ['YAML on stdin, 1,000,000 compact levels', '-', () => `${'- '.repeat(million)}x\n`],
    ];
    for (const [name, file, content] of cases) {
      it(name, () => {
        const dir = tempDir();
        const text = content();
        if (file !== '-') writeFileSync(join(dir, file), text);
        expectInputError([file], 'TOO_DEEP', { cwd: dir, ...(file === '-' ? { input: text } : {}) });
      });
    }

    it('refusing 250,000 levels costs at most DEEP_REFUSAL_COST compilations of a valid spec, in every shape', () => {
      const shapes: Array<[string, (levels: number) => string]> = [
        ['deep.json', (levels) => '['.repeat(levels) + ']'.repeat(levels)],
        ['deep.json', (levels) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`],
        ['deep.yaml', (levels) => `x: ${'['.repeat(levels)}${']'.repeat(levels)}\n`],
        ['deep.yaml', (levels) => `${'{a: '.repeat(levels)}1${'}'.repeat(levels)}\n`],
        ['deep.yaml', (levels) => `${'- '.repeat(levels)}x\n`],
        ['deep.yaml', (levels) => `${'? - '.repeat(levels)}x\n`],
        ['deep.yaml', (levels) => `${'a: '.repeat(levels)}x\n`],
      ];
      const compiler = createCompiler();
      const reference = JSON.stringify(validSpec());
      for (const [path, shape] of shapes) {
        const text = shape(250_000);
        expect(compiler.compile(text, { path }).error?.subcode, shape(3)).toBe('TOO_DEEP');
        const ratio = costRatio(
          () => void compiler.compile(text, { path }),
          () => void compiler.compile(reference, { path: 'spec.json' }),
          DEEP_REFUSAL_COST,
        );
        expect(ratio, shape(3)).toBeLessThan(DEEP_REFUSAL_COST);
      }
    });

    it('exactly 100 levels is accepted, 101 is not, in JSON and YAML alike', () => {
      const dir = tempDir();
      // The document is level 1, so 99 nested arrays under a key make 100 levels.
      const nested = (count: number): unknown => {
        let value: unknown = [];
        for (let level = 1; level < count; level++) value = [value];
        return value;
      };
      for (const [count, status] of [
        [99, 0],
        [100, 3],
      ] as const) {
        const spec = { ...validSpec(), 'x-deep': nested(count) };
        writeJson(dir, `d${count}.json`, spec);
        writeFileSync(join(dir, `d${count}.yaml`), toYaml(spec));
        writeFileSync(join(dir, `f${count}.yaml`), `${toYaml(validSpec())}x-deep: ${JSON.stringify(nested(count))}\n`);
        for (const file of [`d${count}.json`, `d${count}.yaml`, `f${count}.yaml`]) {
          const result = runWellBehaved([file, '--json'], { cwd: dir });
          expect(result.status, `${file}: ${result.stderr}`).toBe(status);
          if (status === 3) expect(JSON.parse(result.stdout).error.subcode).toBe('TOO_DEEP');
        }
      }
    });

    it('two deeply nested YAML files in one run are both refused, and the process does not abort', () => {
      const dir = tempDir();
      writeFileSync(join(dir, 'a.yaml'), `${'- '.repeat(20_000)}x\n`);
      writeFileSync(join(dir, 'b.yaml'), `${Array.from({ length: 3000 }, (_, level) => `${' '.repeat(level)}k:`).join('\n')} leaf\n`);
      writeFileSync(join(dir, 'c.yaml'), `${Array.from({ length: 2500 }, (_, level) => `${' '.repeat(level)}-`).join('\n')} leaf\n`);
      const result = runWellBehaved(['.', '--json'], { cwd: dir });
      expect(result.status).toBe(3);
      const files = JSON.parse(result.stdout).data.files;
      expect(files.map((file: { error: { subcode: string } }) => file.error.subcode)).toEqual(['TOO_DEEP', 'TOO_DEEP', 'TOO_DEEP']);
    });
  });

  it('50,000 keys in one mapping compile in linear time, and a repeated key among them is DUPLICATE_KEY', () => {
    const dir = tempDir();
    const wideYaml = (count: number) => {
      const keys = Array.from({ length: count }, (_, index) => `x-k${index}`);
      return `${toYaml(validSpec())}${keys.map((key) => `${key}: v`).join('\n')}\n`;
    };
    const wideJson = (count: number) =>
      JSON.stringify({ ...validSpec(), ...Object.fromEntries(Array.from({ length: count }, (_, index) => [`x-k${index}`, 'v'])) });
    const yaml = wideYaml(50_000);
    const json = wideJson(50_000);
    writeFileSync(join(dir, 'wide.yaml'), yaml);
    writeFileSync(join(dir, 'wide.json'), json);
    writeFileSync(join(dir, 'repeated.yaml'), `${yaml}x-k7: again\n`);
    writeFileSync(join(dir, 'repeated.json'), json.replace(/\}$/, ', "x-k7": "again"}'));
    for (const file of ['wide.yaml', 'wide.json']) {
      const result = runWellBehaved([file, '--format', 'json'], { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
    }
    for (const file of ['repeated.yaml', 'repeated.json']) {
      const result = expectInputError([file], 'DUPLICATE_KEY', { cwd: dir });
      expect(result.stderr).toContain('duplicate key "x-k7"');
    }
    // Sizes where each format takes some tens of milliseconds, so that noise does not decide the ratio.
    const compiler = createCompiler();
    for (const [path, wide, keys] of [
      ['wide.yaml', wideYaml, 3125],
      ['wide.json', wideJson, 12_500],
      ['repeated.yaml', (count: number) => `${wideYaml(count)}x-k7: again\n`, 3125],
      ['repeated.json', (count: number) => wideJson(count).replace(/\}$/, ', "x-k7": "again"}'), 12_500],
    ] as const) {
      const compile = (count: number) => {
        const text = wide(count);
        return () => void compiler.compile(text, { path });
      };
      expect(growthRatio(compile, keys), path).toBeLessThan(LINEAR);
    }
  });

  // Expanding the bomb would take billions of steps: runWellBehaved's timeout is the guard.
  it('a YAML alias bomb is refused (YAML_SYNTAX) without being expanded, quickly', () => {
    const dir = tempDir();
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let level = 1; level < 10; level++) {
      const name = String.fromCharCode(97 + level);
      const previous = String.fromCharCode(96 + level);
      levels.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(',')}]`);
    }
    const bomb = `goal: laugh\nbudget: {total: 5, used: 0, unit: reads}\n${levels.join('\n')}\n`;
    writeFileSync(join(dir, 'bomb.yaml'), bomb);
    const result = expectInputError(['bomb.yaml'], 'YAML_SYNTAX', { cwd: dir });
    expect(result.stderr).toMatch(/alias/i);
    // Sniffed from stdin too.
    expectInputError(['-'], 'YAML_SYNTAX', { cwd: dir, input: bomb });
  });

  it('YAML tags outside the core schema are YAML_TAG, at the top level and deep inside a spec', () => {
    const dir = tempDir();
    const tags = [
      '!foo bar',
      '!!binary aGVsbG8=',
      '!!set {a, b}',
      '!!js/function "function () { return 1 }"',
      '!!python/object:os.system ls',
      '!!timestamp 2001-12-14',
      '!<tag:example.com,2000:x> y',
    ];
    const files: string[] = [];
    tags.forEach((tag, index) => {
      writeFileSync(join(dir, `top${index}.yaml`), `goal: ${tag}\nbudget: {total: 5, used: 0, unit: reads}\n`);
      const deep = toYaml(validSpec()).replace('  - id: H1\n', `  - id: H1\n    x-tagged: ${tag}\n`);
      expect(deep).toContain(tag);
      writeFileSync(join(dir, `deep${index}.yaml`), deep);
      files.push(`top${index}.yaml`, `deep${index}.yaml`);
    });
    expectInputError(['top0.yaml'], 'YAML_TAG', { cwd: dir });
    expectInputErrors(files, 'YAML_TAG', dir);
  });

  it('invalid UTF-8 is ENCODING: a bad sequence, Latin-1, an overlong form, an encoded surrogate, UTF-16', () => {
    const dir = tempDir();
    const spec = JSON.stringify(validSpec());
    const cases: Array<[string, Buffer]> = [
      ['bad.json', Buffer.from([0x7b, 0xc3, 0x28, 0x7d])],
      ['latin1.json', Buffer.from(`{"goal": "caf\u00e9"}`, 'latin1')],
      ['overlong.yaml', Buffer.from([0x67, 0x6f, 0x61, 0x6c, 0x3a, 0x20, 0xc0, 0xaf])],
      ['surrogate.json', Buffer.concat([Buffer.from('{"goal": "'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from('"}')])],
      ['utf16.json', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(spec, 'utf16le')])],
      ['truncated.json', Buffer.concat([Buffer.from('{"goal": "'), Buffer.from('€').subarray(0, 2)])],
    ];
    for (const [name, bytes] of cases) writeFileSync(join(dir, name), bytes);
    expectInputError(['bad.json'], 'ENCODING', { cwd: dir });
    expectInputErrors(
      cases.map(([name]) => name),
      'ENCODING',
      dir,
    );
    expectInputError(['-'], 'ENCODING', { cwd: dir, input: Buffer.from([0x7b, 0xc3, 0x28, 0x7d]) });
  });

  it('NUL bytes and binary content (a PNG) are BINARY', () => {
    const dir = tempDir();
    const png = Buffer.from([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00,
      0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89,
    ]);
    const cases: Array<[string, Buffer]> = [
      ['nul.json', Buffer.from(JSON.stringify(validSpec()).replace('"goal":"', '"goal":"\u0000'))],
      ['nul.yaml', Buffer.from(`${toYaml(validSpec())}\u0000`)],
      ['image.json', png],
      ['image.yaml', png],
      ['image.png', png],
    ];
    for (const [name, bytes] of cases) writeFileSync(join(dir, name), bytes);
    expectInputError(['image.json'], 'BINARY', { cwd: dir });
    expectInputErrors(
      cases.map(([name]) => name),
      'BINARY',
      dir,
    );
    expectInputError(['-'], 'BINARY', { cwd: dir, input: png });
  });

  it.skipIf(!posix)('a FIFO where a file was expected is NOT_A_FILE, at once instead of waiting for a writer', () => {
    const dir = tempDir();
    execFileSync('mkfifo', [join(dir, 'pipe.json')]);
    // A run that waits for a writer is killed by the timeout, and then fails expectWellBehaved.
    expectInputError(['pipe.json'], 'NOT_A_FILE', { cwd: dir, timeout: 10_000 });
    // Among other inputs it fails alone.
    writeJson(dir, 'spec.json', validSpec());
    const both = runWellBehaved(['spec.json', 'pipe.json', '--json'], { cwd: dir, timeout: 10_000 });
    expect(both.status).toBe(3);
    // pipe.json before spec.json: listed in code-unit order of their paths.
    expect(JSON.parse(both.stdout).data.files.map((file: { exitCode: number }) => file.exitCode)).toEqual([3, 0]);
  });

  it('a directory is NOT_A_FILE when read as a file; as a CLI input it is searched for specs', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'folder.json'));
    expect(readInput(join(dir, 'folder.json'), { maxBytes: 1024 })).toMatchObject({ ok: false, subcode: 'NOT_A_FILE' });
    const empty = runWellBehaved(['folder.json', '--json'], { cwd: dir });
    expect(empty.status).toBe(2);
    expect(JSON.parse(empty.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'NO_INPUT' });
    writeJson(join(dir, 'folder.json'), 'inside.json', validSpec());
    expect(runWellBehaved(['folder.json', '--format', 'text'], { cwd: dir }).status).toBe(0);
  });

  it('a missing file is NOT_FOUND, and does not stop the other inputs', () => {
    const dir = tempDir();
    expectInputError(['missing.json'], 'NOT_FOUND', { cwd: dir });
    writeJson(dir, 'spec.json', validSpec());
    const both = runWellBehaved(['missing.yaml', 'spec.json', '--json'], { cwd: dir });
    expect(both.status).toBe(3);
    expect(JSON.parse(both.stdout).data.files.map((file: { exitCode: number }) => file.exitCode)).toEqual([3, 0]);
  });
});
