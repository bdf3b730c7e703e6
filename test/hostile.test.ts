/**
 * Hostile input through the built CLI: every refusal has its exit code and INPUT_ERROR subcode and
 * comes quickly; odd but legal input is accepted; nothing pollutes prototypes, builds a regular
 * expression from input, leaves a partial output file or modifies an input.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { mulberry32 } from '../scripts/gen-corpus.js';
import { createCompiler, renderJson, renderMarkdown, UsageError } from '../src/index.js';
import { readInput } from '../src/load/read-input.js';
import { type CliRun, cliPath, runCli, STACK_TRACE } from './support/cli.js';
import { isRoot, posix } from './support/platform.js';
import { sha256 } from './support/sha256.js';
import { gateFailingSpec, specWithDives, validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('hostile');
const FAST_MS = 5000;

interface TimedRun extends CliRun {
  ms: number;
}

/** Every run ends with a documented exit code and never prints a stack trace. */
function expectWellBehaved(result: { status: number | null; stdout: string; stderr: string }): void {
  expect(result.status, `stderr: ${result.stderr.slice(0, 500)}`).not.toBeNull();
  expect(result.status).toBeGreaterThanOrEqual(0);
  expect(result.status).toBeLessThanOrEqual(5);
  expect(result.stderr).not.toMatch(STACK_TRACE);
  expect(result.stdout).not.toMatch(STACK_TRACE);
}

function run(args: string[], options: Parameters<typeof runCli>[1] = {}): TimedRun {
  const started = performance.now();
  const result = runCli(args, { timeout: 60_000, ...options });
  const ms = performance.now() - started;
  expectWellBehaved(result);
  return { ...result, ms };
}

/** Runs with --json and checks exit code 3 and the subcode, in the envelope and in the file's entry. */
function expectInputError(args: string[], subcode: string, options: Parameters<typeof runCli>[1] = {}): TimedRun {
  const result = run([...args, '--json'], options);
  expect(result.status, result.stderr).toBe(3);
  const envelope = JSON.parse(result.stdout);
  expect(envelope.error).toMatchObject({ code: 'INPUT_ERROR', subcode });
  expect(envelope.data.files[0].error).toMatchObject({ code: 'INPUT_ERROR', subcode });
  expect(result.stderr).toContain(`error ${subcode}: `);
  return result;
}

/** Several files in one run (--json): exit 3, and every file refused with the subcode. */
function expectInputErrors(files: string[], subcode: string, cwd: string): void {
  const result = run([...files, '--format', 'text', '--json'], { cwd });
  expect(result.status, result.stderr).toBe(3);
  const entries: Array<{ path: string; exitCode: number; error: { code: string; subcode: string } }> = JSON.parse(result.stdout).data.files;
  // Listed in code-unit order of their paths, whatever the order of the arguments.
  expect(entries.map((entry) => entry.path)).toEqual([...files].sort());
  for (const entry of entries) expect(entry, entry.path).toMatchObject({ exitCode: 3, error: { code: 'INPUT_ERROR', subcode } });
}

/** Bytes and modification time, to show that a file was not touched. */
function fingerprint(path: string): { hash: string; mtimeMs: number; size: number } {
  const stats = statSync(path);
  return { hash: sha256(readFileSync(path)), mtimeMs: stats.mtimeMs, size: stats.size };
}

/** Replaces every string of a value (keys stay), depth first. */
function mapStrings(value: unknown, change: (text: string) => string): unknown {
  if (typeof value === 'string') return change(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, change));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapStrings(item, change)]));
  return value;
}

// -------------------------------------------------------------------------------------------------

describe('refused input: exit 3 with its INPUT_ERROR subcode', () => {
  it('a file over the default 16 MiB is TOO_LARGE; --max-bytes moves the limit, for files and stdin', () => {
    const dir = tempDir();
    const spec = `${JSON.stringify(validSpec())}\n`;
    const big = join(dir, 'big.json');
    // A valid spec padded with whitespace to 17 MiB: refused only for its size.
    writeFileSync(big, spec + ' '.repeat(17 * 1024 * 1024 - Buffer.byteLength(spec)));
    expect(statSync(big).size).toBe(17 * 1024 * 1024);
    const refused = expectInputError(['big.json'], 'TOO_LARGE', { cwd: dir });
    expect(refused.ms).toBeLessThan(FAST_MS);
    expect(run(['big.json', '--max-bytes', String(20 * 1024 * 1024), '--format', 'json'], { cwd: dir }).status).toBe(0);

    writeFileSync(join(dir, 'small.json'), spec);
    expectInputError(['small.json', '--max-bytes', '1000'], 'TOO_LARGE', { cwd: dir });
    expect(run(['small.json', '--max-bytes', String(Buffer.byteLength(spec))], { cwd: dir }).status).toBe(0);
    expectInputError(['-', '--max-bytes', '1000'], 'TOO_LARGE', { cwd: dir, input: spec });
  });

  describe('nesting deeper than 100 levels is TOO_DEEP, in well under 5 s', () => {
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
        const result = expectInputError([file], 'TOO_DEEP', { cwd: dir, ...(file === '-' ? { input: text } : {}) });
        expect(result.ms).toBeLessThan(FAST_MS);
      });
    }

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
          const result = run([file, '--json'], { cwd: dir });
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
      const result = run(['.', '--json'], { cwd: dir });
      expect(result.status).toBe(3);
      const files = JSON.parse(result.stdout).data.files;
      expect(files.map((file: { error: { subcode: string } }) => file.error.subcode)).toEqual(['TOO_DEEP', 'TOO_DEEP', 'TOO_DEEP']);
    });
  });

  it('50,000 keys in one mapping compile in well under 5 s, and a repeated key among them is DUPLICATE_KEY', () => {
    const dir = tempDir();
    const keys = Array.from({ length: 50_000 }, (_, index) => `x-k${index}`);
    const yaml = `${toYaml(validSpec())}${keys.map((key) => `${key}: v`).join('\n')}\n`;
    const json = JSON.stringify({ ...validSpec(), ...Object.fromEntries(keys.map((key) => [key, 'v'])) });
    writeFileSync(join(dir, 'wide.yaml'), yaml);
    writeFileSync(join(dir, 'wide.json'), json);
    writeFileSync(join(dir, 'repeated.yaml'), `${yaml}x-k7: again\n`);
    writeFileSync(join(dir, 'repeated.json'), json.replace(/\}$/, ', "x-k7": "again"}'));
    for (const file of ['wide.yaml', 'wide.json']) {
      const result = run([file, '--format', 'json'], { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(FAST_MS);
    }
    for (const file of ['repeated.yaml', 'repeated.json']) {
      const result = expectInputError([file], 'DUPLICATE_KEY', { cwd: dir });
      expect(result.ms).toBeLessThan(FAST_MS);
      expect(result.stderr).toContain('duplicate key "x-k7"');
    }
  });

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
    expect(result.ms).toBeLessThan(FAST_MS);
    expect(result.stderr).toMatch(/alias/i);
    // Sniffed from stdin too.
    expect(expectInputError(['-'], 'YAML_SYNTAX', { cwd: dir, input: bomb }).ms).toBeLessThan(FAST_MS);
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
    const result = expectInputError(['pipe.json'], 'NOT_A_FILE', { cwd: dir, timeout: 10_000 });
    expect(result.ms).toBeLessThan(FAST_MS);
    // Among other inputs it fails alone.
    writeJson(dir, 'spec.json', validSpec());
    const both = run(['spec.json', 'pipe.json', '--json'], { cwd: dir, timeout: 10_000 });
    expect(both.status).toBe(3);
    // pipe.json before spec.json: listed in code-unit order of their paths.
    expect(JSON.parse(both.stdout).data.files.map((file: { exitCode: number }) => file.exitCode)).toEqual([3, 0]);
  });

  it('a directory is NOT_A_FILE when read as a file; as a CLI input it is searched for specs', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'folder.json'));
    expect(readInput(join(dir, 'folder.json'), 1024)).toMatchObject({ ok: false, subcode: 'NOT_A_FILE' });
    const empty = run(['folder.json', '--json'], { cwd: dir });
    expect(empty.status).toBe(2);
    expect(JSON.parse(empty.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'NO_INPUT' });
    writeJson(join(dir, 'folder.json'), 'inside.json', validSpec());
    expect(run(['folder.json', '--format', 'text'], { cwd: dir }).status).toBe(0);
  });

  it('a missing file is NOT_FOUND, and does not stop the other inputs', () => {
    const dir = tempDir();
    expectInputError(['missing.json'], 'NOT_FOUND', { cwd: dir });
    writeJson(dir, 'spec.json', validSpec());
    const both = run(['missing.yaml', 'spec.json', '--json'], { cwd: dir });
    expect(both.status).toBe(3);
    expect(JSON.parse(both.stdout).data.files.map((file: { exitCode: number }) => file.exitCode)).toEqual([3, 0]);
  });
});

// -------------------------------------------------------------------------------------------------

const markdownParser = unified().use(remarkParse).use(remarkGfm);

function walk(node: Nodes, visit: (node: Nodes) => void): void {
  visit(node);
  if ('children' in node) for (const child of node.children) walk(child as Nodes, visit);
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return node.children.map((child) => textOf(child as Nodes)).join('');
  return '';
}

/** The tables (cells per row) and code blocks of a Markdown report, as remark with GFM parses them. */
function markdownShape(markdown: string): {
  tables: number[][];
  code: Array<{ lang: string | null | undefined; value: string }>;
  headings: string[];
} {
  const tree = markdownParser.parse(markdown) as Root;
  const tables: number[][] = [];
  const code: Array<{ lang: string | null | undefined; value: string }> = [];
  const headings: string[] = [];
  walk(tree, (node) => {
    if (node.type === 'table') tables.push(node.children.map((row) => row.children.length));
    if (node.type === 'code') code.push({ lang: node.lang, value: node.value });
    if (node.type === 'heading' && node.depth === 2) headings.push(textOf(node));
  });
  return { tables, code, headings };
}

const RTL_AND_ZERO_WIDTH = [
  '\u202E',
  '\u202B',
  '\u2067',
  '\u200F',
  '\u200E',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
  '\u00AD',
];

function unicodeSpec(): Record<string, any> {
  const decorate = (text: string, index: number): string => {
    const mark = RTL_AND_ZERO_WIDTH[index % RTL_AND_ZERO_WIDTH.length] as string;
    return `${mark}${text}${mark} שלום مرحبا${mark}|\u200B\`x\`\u202C 🧑‍💻 e\u0301 ${mark}`;
  };
  let counter = 0;
  const spec = validSpec();
  const ids = new Set(['M1', 'H1', 'H2', 'H3', 'D1', 'D2', 'D3']);
  const fixed = new Set([
    ...Object.values(spec.budget),
    'rg',
    'Glob',
    'Read',
    'confirms',
    'invalidates',
    'neutral',
    'open',
    'confirmed',
    'invalidated',
    'hypothesis_invalidated',
    'goal_resolved',
    '[CÓDIGO]',
    '[CODIGO]',
    '[DOC]',
  ]);
  const changed = mapStrings(spec, (text) => {
    if (fixed.has(text)) return text;
    // Ids and nodes are renamed consistently: the same text gets the same Unicode decoration.
    if (ids.has(text) || text.startsWith('map-') || text.startsWith('billing/')) return `${text}\u200B\u202E\u05D0${text.length}`;
    return decorate(text, counter++);
  }) as Record<string, any>;
  // Risks name open hypotheses by id, as whole words.
  changed.risks = changed.risks.map((risk: string, index: number) => `H3\u200B\u202E\u05D02 ${risk} ${index}`);
  return changed;
}

describe('accepted input', () => {
  it('a UTF-8 byte order mark and CRLF line ends, in JSON and YAML, files and stdin', () => {
    const dir = tempDir();
    const spec = validSpec();
    const json = `\uFEFF${JSON.stringify(spec, null, 2).replace(/\n/g, '\r\n')}\r\n`;
    const yaml = `\uFEFF${toYaml(spec).replace(/\n/g, '\r\n')}`;
    writeFileSync(join(dir, 'bom.json'), json);
    writeFileSync(join(dir, 'bom.yaml'), yaml);
    for (const [args, input] of [
      [['bom.json'], undefined],
      [['bom.yaml'], undefined],
      [['-'], json],
      [['-'], yaml],
    ] as const) {
      const result = run([...args, '--format', 'json'], { cwd: dir, ...(input === undefined ? {} : { input }) });
      expect(result.status, result.stderr).toBe(0);
      expect(JSON.parse(result.stdout).investigation).toEqual(spec);
    }
  });

  it('Unicode anywhere, right-to-left and zero-width characters included, keeps the Markdown tables and the Mermaid block intact', () => {
    const dir = tempDir();
    const spec = unicodeSpec();
    writeJson(dir, 'unicode.json', spec);
    writeFileSync(join(dir, 'unicode.yaml'), toYaml(spec));
    writeJson(dir, 'plain.json', validSpec());
    const plain = markdownShape(run(['plain.json'], { cwd: dir }).stdout);
    expect(plain.tables.length).toBeGreaterThanOrEqual(4);
    expect(plain.code.filter((block) => block.lang === 'mermaid')).toHaveLength(1);
    for (const file of ['unicode.json', 'unicode.yaml']) {
      const markdown = run([file], { cwd: dir });
      expect(markdown.status, markdown.stderr).toBe(0);
      expect(markdown.stderr).toBe('');
      const shape = markdownShape(markdown.stdout);
      // Every row of every table has as many cells as its header, and the tables have the plain report's shape.
      for (const table of shape.tables) for (const cells of table) expect(cells).toBe(table[0]);
      expect(shape.tables).toEqual(plain.tables);
      expect(shape.headings).toEqual(plain.headings);
      // The Mermaid diagram is still one fenced block, and nothing else became a code block.
      expect(shape.code).toHaveLength(plain.code.length);
      const mermaid = shape.code.filter((block) => block.lang === 'mermaid');
      expect(mermaid).toHaveLength(1);
      expect(mermaid[0]?.value.startsWith('flowchart')).toBe(true);
      expect(mermaid[0]?.value.split('\n').length).toBe(plain.code.find((block) => block.lang === 'mermaid')?.value.split('\n').length);

      const json = run([file, '--format', 'json'], { cwd: dir });
      expect(json.status).toBe(0);
      expect(JSON.parse(json.stdout).investigation).toEqual(spec);
    }
  });
});

// -------------------------------------------------------------------------------------------------

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];

/** A valid spec with __proto__, constructor and prototype keys at the top level and nested, as JSON text (JSON.parse keeps them as own keys). */
function protoSpecJson(): string {
  const payload = '{"polluted": "yes", "toString": "no", "prototype": {"polluted": "yes"}}';
  const keys = (indent: string): string => PROTO_KEYS.map((key) => `${indent}"${key}": ${payload}`).join(',\n');
  const spec = validSpec();
  const text = JSON.stringify(spec, null, 2);
  return text
    .replace(/^\{\n/, `{\n${keys('  ')},\n`)
    .replace('"budget": {\n', `"budget": {\n${keys('    ')},\n`)
    .replace('"stopCondition": {\n', `"stopCondition": {\n${keys('    ')},\n`)
    .replace('"hypotheses": [\n    {\n', `"hypotheses": [\n    {\n${keys('      ')},\n`);
}

const PROTO_PATHS = ['', '/budget', '/stopCondition', '/hypotheses/0'].flatMap((parent) => PROTO_KEYS.map((key) => `${parent}/${key}`));

function expectProtoKeysAsData(
  investigation: Record<string, any>,
  diagnostics: Array<{ ruleId: string; severity: string; path: string }>,
): void {
  for (const holder of [investigation, investigation['budget'], investigation['stopCondition'], investigation['hypotheses'][0]]) {
    for (const key of PROTO_KEYS) {
      expect(Object.hasOwn(holder, key), key).toBe(true);
      expect(holder[key].polluted).toBe('yes');
    }
    expect(Object.getPrototypeOf(holder)).toBe(Object.prototype);
  }
  expect(diagnostics.map((diagnostic) => diagnostic.path).sort()).toEqual([...PROTO_PATHS].sort());
  for (const diagnostic of diagnostics) expect(diagnostic).toMatchObject({ ruleId: 'unknown-field', severity: 'warning' });
}

function prototypeSnapshot(): Record<string, string[]> {
  return Object.fromEntries(
    [Object.prototype, Array.prototype, Function.prototype, String.prototype].map((proto, index) => [
      String(index),
      Reflect.ownKeys(proto).map(String).sort(),
    ]),
  );
}

describe('__proto__, constructor and prototype keys are plain data', () => {
  it('through the CLI, in JSON and YAML: kept as own keys in the report, reported as unknown fields', () => {
    const dir = tempDir();
    const json = protoSpecJson();
    writeFileSync(join(dir, 'proto.json'), json);
    // The yaml package writes the JSON.parse result's own __proto__ keys as plain keys.
    const yaml = toYaml(JSON.parse(json));
    expect(yaml).toMatch(/^__proto__:/m);
    writeFileSync(join(dir, 'proto.yaml'), yaml);
    for (const file of ['proto.json', 'proto.yaml']) {
      const result = run([file, '--format', 'json'], { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      const report = JSON.parse(result.stdout);
      expect(report.verdict).toBe('pass');
      expectProtoKeysAsData(report.investigation, report.diagnostics);
      expect(result.stderr.trim().split('\n')).toHaveLength(PROTO_PATHS.length);
    }
  });

  it('in process, through the library: nothing is polluted', () => {
    const before = prototypeSnapshot();
    const compiler = createCompiler();
    const json = protoSpecJson();
    const inputs: Array<[string | Uint8Array | Record<string, unknown>, string | undefined]> = [
      [json, 'proto.json'],
      [Buffer.from(json), undefined],
      [toYaml(JSON.parse(json)), 'proto.yaml'],
      [JSON.parse(json) as Record<string, unknown>, undefined],
      [parseYaml(toYaml(JSON.parse(json))) as Record<string, unknown>, undefined],
    ];
    for (const [input, path] of inputs) {
      const result = compiler.compile(input, path === undefined ? {} : { path });
      expect(result.exitCode).toBe(0);
      const report = result.report as NonNullable<typeof result.report>;
      expectProtoKeysAsData(report.investigation as unknown as Record<string, any>, result.diagnostics);
      expectProtoKeysAsData(JSON.parse(renderJson(report)).investigation, result.diagnostics);
      expect(renderMarkdown(report)).toContain('# Adaptive Investigation Report');
    }
    // In a policy the same keys are unknown keys: refused as a usage error, never merged into a prototype.
    for (const key of PROTO_KEYS) {
      expect(() =>
        createCompiler({ policy: JSON.parse(`{"${key}": {"polluted": "yes"}, "budget": {"${key}": {"polluted": "yes"}}}`) }),
      ).toThrow(UsageError);
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(prototypeSnapshot()).toEqual(before);
  });
});

// -------------------------------------------------------------------------------------------------

const PATHOLOGICAL = [
  '(a+)+$'.repeat(50),
  `${'a'.repeat(50_000)}!`,
  '(.*a){20}'.repeat(20),
  `${'\\'.repeat(10_000)}[`,
  `${'('.repeat(5000)}${'['.repeat(5000)}`,
  `^(([a-z])+.)+[A-Z]([a-z])+$ ${'x'.repeat(30_000)}`,
  '$&$1$`'.repeat(1000),
];

describe('no regular expression is built from input', () => {
  it('a spec whose texts are pathological regex-like strings compiles fast and passes', () => {
    const dir = tempDir();
    let index = 0;
    const spec = validSpec();
    const next = (): string => PATHOLOGICAL[index++ % PATHOLOGICAL.length] as string;
    spec.goal = next();
    spec.deliverable = next();
    spec.stopCondition.evidence = next();
    for (const entry of spec.surfaceMap) Object.assign(entry, { query: next(), evidence: next() });
    for (const hypothesis of spec.hypotheses) hypothesis.claim = next();
    for (const dive of spec.deepDives) dive.finding = next();
    for (const replan of spec.replanLog) Object.assign(replan, { decision: next(), evidence: next() });
    spec.risks = spec.risks.map((risk: string) => `${risk} ${next()}`);
    spec['x-pathological'] = PATHOLOGICAL;
    writeJson(dir, 'regex.json', spec);
    writeFileSync(join(dir, 'regex.yaml'), toYaml(spec));
    for (const [file, format] of [
      ['regex.json', 'markdown'],
      ['regex.json', 'json'],
      ['regex.yaml', 'text'],
      ['regex.yaml', 'sarif'],
    ] as const) {
      const result = run([file, '--format', format], { cwd: dir });
      expect(result.status, result.stderr).toBe(0);
      expect(result.ms).toBeLessThan(FAST_MS);
    }
  });

  it('pathological values where ids, enums and keys are matched fail the gate fast, with suggestions', () => {
    const dir = tempDir();
    const spec = validSpec();
    const long = PATHOLOGICAL[1] as string;
    spec.surfaceMap[0].tool = long;
    spec.hypotheses[0].status = PATHOLOGICAL[0];
    spec.deepDives[0].tool = PATHOLOGICAL[2];
    spec.deepDives[1].hypothesisId = long;
    spec.deepDives[2].provenance = PATHOLOGICAL[3];
    spec.budget.unit = PATHOLOGICAL[4];
    spec.stopCondition.reason = PATHOLOGICAL[5];
    spec.replanLog[0].trigger = PATHOLOGICAL[6];
    spec.replanLog[0].afterDeepDive = long;
    spec[long] = 1;
    spec[PATHOLOGICAL[0] as string] = 2;
    spec.hypotheses[1][`${'goal'.repeat(10_000)}`] = 3;
    writeJson(dir, 'regex.json', spec);
    const started = performance.now();
    const result = createCompiler().compile(readFileSync(join(dir, 'regex.json')), { path: 'regex.json' });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(result.exitCode).toBe(1);
    for (const format of ['json', 'text', 'github']) {
      const cli = run(['regex.json', '--format', format], { cwd: dir });
      expect(cli.status).toBe(1);
      expect(cli.ms).toBeLessThan(FAST_MS);
    }
  });
});

// -------------------------------------------------------------------------------------------------

function spawnCli(
  args: string[],
  cwd: string,
): { kill: () => void; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }> } {
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd,
    env: { ...process.env, NO_COLOR: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; stderr: string }>((resolve) =>
    child.on('close', (code, signal) => resolve({ code, signal, stderr })),
  );
  return { kill: () => void child.kill('SIGKILL'), exited };
}

describe('--output is atomic and never overwrites an input', () => {
  it.skipIf(!posix || isRoot)('a read-only folder: exit 2, the old file intact', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const out = join(dir, 'out', 'report.md');
    mkdirSync(join(dir, 'out'));
    writeFileSync(out, 'OLD REPORT\n');
    chmodSync(join(dir, 'out'), 0o555);
    try {
      const result = run(['spec.json', '--output', 'out/report.md', '--json'], { cwd: dir });
      expect(result.status).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
      expect(readFileSync(out, 'utf8')).toBe('OLD REPORT\n');
      expect(readdirSync(join(dir, 'out'))).toEqual(['report.md']);
    } finally {
      chmodSync(join(dir, 'out'), 0o755);
    }
  });

  it.skipIf(!posix)(
    'a write that fails half-way (file size limit, which even root cannot pass): exit 2, the old file intact, no temporary left',
    () => {
      const dir = tempDir();
      writeJson(dir, 'spec.json', validSpec());
      writeFileSync(join(dir, 'report.json'), 'OLD REPORT\n');
      // ulimit -f 1 allows 512 bytes per file; the report is larger, so writing its temporary fails with EFBIG.
      const result = execShell(
        `ulimit -f 1; exec "${process.execPath}" "${cliPath}" spec.json --format json --output report.json --json`,
        dir,
      );
      expectWellBehaved(result);
      expect(result.status).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
      expect(readFileSync(join(dir, 'report.json'), 'utf8')).toBe('OLD REPORT\n');
      expect(readdirSync(dir).sort()).toEqual(['report.json', 'spec.json']);
    },
  );

  it.skipIf(!posix)('a missing output folder: exit 2, nothing written', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const result = run(['spec.json', '--output', 'nowhere/report.md', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout).error.subcode).toBe('OUTPUT_NOT_WRITABLE');
    expect(existsSync(join(dir, 'nowhere'))).toBe(false);
  });

  it('SIGKILL at a random moment leaves the old file or the complete new one, never a part', { timeout: 180_000 }, async () => {
    const dir = tempDir();
    const input = writeJson(dir, 'large.json', specWithDives(20_000));
    const inputBefore = fingerprint(input);
    // The complete report, and how long a run takes.
    const started = performance.now();
    const reference = await spawnCli(['large.json', '--format', 'json', '--output', 'reference.json'], dir).exited;
    const duration = performance.now() - started;
    expect(reference.code, reference.stderr).toBe(0);
    const complete = readFileSync(join(dir, 'reference.json'), 'utf8');
    expect(JSON.parse(complete).investigation.deepDives).toHaveLength(20_000);

    // Seeded, so that the kill delays are the same on every run.
    const random = mulberry32(0x5eed);
    const outcomes: string[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const old = `{"old": ${attempt}}\n`;
      writeFileSync(join(dir, 'report.json'), old);
      // Delays from a fifth of a run to a little past its end, so that some kills land during the write.
      const delay = Math.round(duration * (0.2 + random()));
      const child = spawnCli(['large.json', '--format', 'json', '--output', 'report.json'], dir);
      const timer = setTimeout(child.kill, delay);
      const { code, signal, stderr } = await child.exited;
      clearTimeout(timer);
      expect(stderr).not.toMatch(STACK_TRACE);
      const after = readFileSync(join(dir, 'report.json'), 'utf8');
      if (after === old) {
        outcomes.push(`killed after ${delay} ms: old file`);
      } else {
        // Not the old file: then the whole new report, which parses.
        expect(after.length).toBe(complete.length);
        expect(after).toBe(complete);
        expect(() => JSON.parse(after)).not.toThrow();
        outcomes.push(`${signal === 'SIGKILL' ? 'killed' : `exited ${code}`} after ${delay} ms: new file`);
      }
      if (signal === null) expect(code).toBe(0);
    }
    expect(outcomes).toHaveLength(10);
    expect(fingerprint(input)).toEqual(inputBefore);
  });

  it('refuses to write over its own input, however it is spelled: exit 2, the input unchanged', () => {
    const dir = tempDir();
    const input = writeJson(dir, 'spec.json', validSpec());
    if (posix) symlinkSync('spec.json', join(dir, 'link.json'));
    const before = fingerprint(input);
    const spellings = [
      'spec.json',
      './spec.json',
      input,
      join('..', dir.split(/[\\/]/).pop() as string, 'spec.json'),
      ...(posix ? ['link.json'] : []),
    ];
    spellings.forEach((output, index) => {
      const format = ['markdown', 'json', 'sarif', 'text', 'github'][index % 5] as string;
      const result = run(['spec.json', '--format', format, '--output', output, '--json'], { cwd: dir });
      expect(result.status, output).toBe(2);
      expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_IS_INPUT' });
    });
    // One of several inputs, and through a symlinked input.
    writeJson(dir, 'other.json', validSpec());
    expect(run(['other.json', 'spec.json', '--format', 'text', '--output', 'spec.json'], { cwd: dir }).status).toBe(2);
    if (posix) expect(run(['link.json', '--output', 'spec.json'], { cwd: dir }).status).toBe(2);
    expect(fingerprint(input)).toEqual(before);
  });

  it('--output-dir refuses to write a report over another input named like one: exit 2, nothing written', () => {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    const other = writeJson(dir, 'a.report.json', validSpec());
    const before = fingerprint(other);
    const result = run(['a.json', 'a.report.json', '--output-dir', '.', '--format', 'json', '--json'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(JSON.parse(result.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_IS_INPUT' });
    expect(fingerprint(other)).toEqual(before);
    expect(readdirSync(dir).sort()).toEqual(['a.json', 'a.report.json']);
  });

  it('never modifies an input, whatever the outcome', () => {
    const dir = tempDir();
    const critical = validSpec();
    delete critical.budget;
    const inputs = [
      writeJson(dir, 'pass.json', validSpec()),
      writeJson(dir, 'fail.json', gateFailingSpec()),
      writeJson(dir, 'critical.json', critical),
      join(dir, 'broken.yaml'),
      join(dir, 'crlf.yaml'),
    ];
    writeFileSync(join(dir, 'broken.yaml'), 'goal: [unclosed\n');
    writeFileSync(join(dir, 'crlf.yaml'), `\uFEFF${toYaml(validSpec()).replace(/\n/g, '\r\n')}`);
    if (posix) linkSync(join(dir, 'pass.json'), join(dir, 'hardlink.json'));
    const before = inputs.map(fingerprint);
    const runs: string[][] = [
      ['pass.json', 'fail.json', 'critical.json', 'broken.yaml', 'crlf.yaml'],
      ['.', '--format', 'sarif'],
      ['.', '--output-dir', 'reports'],
      ['.', '--output-dir', '.', '--format', 'json'],
      ['pass.json', '--output', 'out.md'],
      ['fail.json', '--format', 'json', '--output', 'out.json'],
      ['crlf.yaml', '--fail-on', 'warning', '--quiet', '--json'],
      // A hard link is another name for the input's bytes: the atomic rename replaces the link, not the input.
      ...(posix ? [['pass.json', '--format', 'json', '--output', 'hardlink.json']] : []),
    ];
    for (const args of runs) run(args, { cwd: dir });
    expect(inputs.map(fingerprint)).toEqual(before);
  });
});

function execShell(script: string, cwd: string): CliRun {
  try {
    const stdout = execFileSync('sh', ['-c', script], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { status: 0, stdout, stderr: '' };
  } catch (error) {
    const failure = error as { status: number | null; stdout: string; stderr: string };
    return { status: failure.status, stdout: String(failure.stdout), stderr: String(failure.stderr) };
  }
}
