import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type CliRun, cliPath, projectRoot, runCli, STACK_TRACE } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
import { sarifValidator } from './support/sarif.js';
import { gateFailingSpec, validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('batch');
const ESC = '\u001b';

// ---------------------------------------------------------------------------------------------
// Helpers

function write(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  return text;
}

const asJson = (data: unknown): string => `${JSON.stringify(data, null, 2)}\n`;
const asYaml = (data: unknown): string => toYaml(data);

interface Place {
  line: number;
  column: number;
}

/** The 1-based line and column where `needle` starts in `text` (its first occurrence after `after`). */
function placeOf(text: string, needle: string, after = ''): Place {
  const from = after === '' ? 0 : text.indexOf(after);
  if (from === -1) throw new Error(`${after} not in text`);
  const offset = text.indexOf(needle, from);
  if (offset === -1) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** Passes the gate with one warning: an unknown field (a typo beside the real key). */
function warningsOnly(): Record<string, any> {
  const spec = validSpec();
  spec.hypotheses[0].prority = 2;
  return spec;
}

function errorAndWarning(tool = 'WebFetch'): Record<string, any> {
  const spec = gateFailingSpec(tool);
  spec.hypotheses[0].prority = 2;
  return spec;
}

/** {VACIO_CRITICO}: exit 4, no report. */
function critical(): Record<string, any> {
  const spec = validSpec();
  delete spec.goal;
  return spec;
}

const BROKEN_JSON = '{\n  "goal": tru\n}\n';

function envelope(run: CliRun): any {
  return JSON.parse(run.stdout);
}

interface TextEntry {
  path: string;
  line: number;
  column: number;
  severity: string;
  message: string;
  label: string;
  /** The whole printed lines, indentation included. */
  entryLine: string;
  frameLine?: string;
  caretLine?: string;
}

interface TextListing {
  files: string[];
  entries: TextEntry[];
  summary: string;
}

const ENTRY = /^ {2}( *)(\d+):(\d+)( *) {2}(error|warning)( *) {2}(.+) {2}(\S+)$/;
const SUMMARY = /^✖ (\d+) problems? \((\d+) errors?, (\d+) warnings?\)$/;

/** Parses the `text` format: blocks per file (path line, entries each with frame and caret), then the summary (its first line; the next says what --fix would remove). */
function parseText(stdout: string): TextListing {
  expect(stdout.endsWith('\n')).toBe(true);
  const blocks = stdout.slice(0, -1).split('\n\n');
  const summary = (blocks.pop() ?? '').split('\n')[0] ?? '';
  const files: string[] = [];
  const entries: TextEntry[] = [];
  for (const block of blocks) {
    const [path, ...lines] = block.split('\n');
    if (path === undefined) continue;
    expect(path.startsWith(' ')).toBe(false);
    files.push(path);
    let current: TextEntry | undefined;
    for (const line of lines) {
      const match = ENTRY.exec(line);
      if (match) {
        current = {
          path,
          line: Number(match[2]),
          column: Number(match[3]),
          severity: match[5] as string,
          message: match[7] as string,
          label: match[8] as string,
          entryLine: line,
        };
        entries.push(current);
      } else if (current !== undefined && /^ +\^$/.test(line)) {
        current.caretLine = line;
      } else if (current !== undefined && current.frameLine === undefined) {
        current.frameLine = line;
      } else {
        throw new Error(`unexpected line in text output: ${JSON.stringify(line)}`);
      }
    }
  }
  return { files, entries, summary };
}

/** The frame shows the source line and the caret sits under the entry's column. */
function expectFramed(entry: TextEntry, source: string): void {
  const sourceLine = source.split('\n')[entry.line - 1] ?? '';
  expect(entry.frameLine).toBeDefined();
  expect(entry.caretLine).toBeDefined();
  const frameLine = entry.frameLine ?? '';
  const caret = (entry.caretLine ?? '').indexOf('^');
  expect(frameLine.trim()).toBe(sourceLine.trim());
  // From the caret on, the frame reads exactly what the source holds from the column on.
  expect(
    sourceLine
      .slice(entry.column - 1)
      .trimEnd()
      .startsWith(frameLine.slice(caret)),
  ).toBe(true);
  expect(frameLine.slice(caret)).not.toBe('');
}

const hasScript = process.platform === 'linux' && spawnSync('script', ['-V'], { encoding: 'utf8' }).status === 0;

/** Runs the CLI with stdout/stderr on a pseudo-terminal (util-linux `script`); returns what the terminal got. */
function runOnTty(args: string[], cwd: string, env: Record<string, string | undefined>, stdoutToNull = false): string {
  const quote = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;
  const command = [process.execPath, cliPath, ...args].map(quote).join(' ') + (stdoutToNull ? ' >/dev/null' : '');
  const result = spawnSync('script', ['-q', '-e', '-c', command, '/dev/null'], { cwd, encoding: 'utf8', env: { ...process.env, ...env } });
  return String(result.stdout);
}

// ---------------------------------------------------------------------------------------------
// 1. Source locations

describe('source locations through the CLI', () => {
  for (const format of ['json', 'yaml'] as const) {
    it(`text and --json give the real line:col of each ${format} diagnostic, with a frame and a caret`, async () => {
      const dir = tempDir();
      const name = `spec.${format}`;
      const text = write(dir, name, format === 'json' ? asJson(errorAndWarning()) : asYaml(errorAndWarning()));
      const tool = placeOf(text, format === 'json' ? '"tool": "WebFetch"' : 'tool: WebFetch');
      const typo = placeOf(text, format === 'json' ? '"prority"' : 'prority:');

      const run = await runInProcess([name, '--format', 'text'], { cwd: dir });
      expect(run.status).toBe(1);
      const listing = parseText(run.stdout);
      expect(listing.files).toEqual([name]);
      // Document order: hypotheses come before deepDives in a spec.
      expect(listing.entries.map((entry) => [entry.label, entry.severity, entry.line, entry.column])).toEqual([
        ['unknown-field', 'warning', typo.line, typo.column],
        ['dive-selective', 'error', tool.line, tool.column],
      ]);
      for (const entry of listing.entries) expectFramed(entry, text);
      expect(listing.summary).toBe('✖ 2 problems (1 error, 1 warning)');

      const json = await runInProcess([name, '--json'], { cwd: dir });
      expect(json.status).toBe(1);
      const diagnostics = envelope(json).data.files[0].diagnostics as Array<Record<string, unknown>>;
      expect(diagnostics.map((d) => [d['ruleId'], d['line'], d['column']])).toEqual([
        ['unknown-field', typo.line, typo.column],
        ['dive-selective', tool.line, tool.column],
      ]);
    });
  }

  const duplicates = [
    ['json', '{\n  "goal": "a",\n  "budget": {"total": 3, "used": 0, "total": 4, "unit": "reads"}\n}\n', '"total"', '"used"'],
    ['yaml', 'goal: a\nbudget:\n  total: 3\n  used: 0\n  total: 4\n  unit: reads\n', 'total:', 'used:'],
  ] as const;
  for (const [format, text, key, between] of duplicates) {
    it(`a duplicate key in ${format} exits 3 DUPLICATE_KEY naming both places`, async () => {
      const dir = tempDir();
      const name = `dup.${format}`;
      write(dir, name, text);
      const first = placeOf(text, key);
      const second = placeOf(text, key, between);
      const both = `at line ${second.line}, column ${second.column}; it is already defined at line ${first.line}, column ${first.column}`;

      const run = await runInProcess([name, '--format', 'text'], { cwd: dir });
      expect(run.status).toBe(3);
      const [entry, ...rest] = parseText(run.stdout).entries;
      expect(rest).toEqual([]);
      expect(entry).toMatchObject({ path: name, label: 'DUPLICATE_KEY', severity: 'error', line: second.line, column: second.column });
      expect(entry?.message).toContain(both);
      if (entry) expectFramed(entry, text);

      const json = await runInProcess([name, '--json'], { cwd: dir });
      expect(json.status).toBe(3);
      const value = envelope(json);
      expect(value.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'DUPLICATE_KEY' });
      expect(value.error.message).toContain(both);
      expect(value.data.files[0].error).toMatchObject({ subcode: 'DUPLICATE_KEY', line: second.line, column: second.column });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 2. Many files in one run

describe('many files in one run', () => {
  let dir: string;
  const sources: Record<string, string> = {};
  beforeAll(() => {
    dir = tempDir();
    sources['pass.json'] = write(dir, 'pass.json', asJson(validSpec()));
    sources['fail.yaml'] = write(dir, 'fail.yaml', asYaml(gateFailingSpec()));
    sources['warn.json'] = write(dir, 'warn.json', asJson(warningsOnly()));
    sources['crit.json'] = write(dir, 'crit.json', asJson(critical()));
    sources['broken.json'] = write(dir, 'broken.json', BROKEN_JSON);
  });

  it('lists several file arguments as text by default, only the files with problems, in argument order', async () => {
    const run = await runInProcess(['pass.json', 'fail.yaml', 'warn.json'], { cwd: dir });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const listing = parseText(run.stdout);
    expect(listing.files).toEqual(['fail.yaml', 'warn.json']);
    expect(listing.entries.map((entry) => entry.label)).toEqual(['dive-selective', 'unknown-field']);
    expect(listing.summary).toBe('✖ 2 problems (1 error, 1 warning)');
    expect((await runInProcess(['pass.json', 'fail.yaml', 'warn.json', '--format', 'text'], { cwd: dir })).stdout).toBe(run.stdout);
  });

  it.each([
    [['pass.json', 'warn.json'], 0],
    [['pass.json', 'fail.yaml'], 1],
    [['pass.json', 'broken.json'], 3],
    [['pass.json', 'fail.yaml', 'crit.json'], 4],
    [['crit.json', 'broken.json', 'pass.json'], 4],
  ])('exits with the largest of the files’ codes: %j -> %i', async (files, code) => {
    const run = await runInProcess([...files, '--json'], { cwd: dir });
    expect(run.status).toBe(code);
    const value = envelope(run);
    expect(value.data.summary.exitCode).toBe(code);
    expect(Math.max(...(value.data.files as Array<{ exitCode: number }>).map((file) => file.exitCode))).toBe(code);
    // Listed in code-unit order of their paths, whatever the order of the arguments.
    expect(value.data.files.map((file: { path: string }) => file.path)).toEqual([...files].sort());
  });

  it('never lets a missing or broken file stop the others', async () => {
    const run = await runInProcess(['missing.json', 'broken.json', 'fail.yaml', 'crit.json'], { cwd: dir });
    expect(run.status).toBe(4);
    const listing = parseText(run.stdout);
    expect(listing.files).toEqual(['broken.json', 'crit.json', 'fail.yaml', 'missing.json']);
    const tool = placeOf(sources['fail.yaml'] ?? '', 'tool: WebFetch');
    const tru = placeOf(BROKEN_JSON, 'tru');
    expect(listing.entries.map((entry) => [entry.path, entry.label, entry.line, entry.column])).toEqual([
      ['broken.json', 'JSON_SYNTAX', tru.line, tru.column],
      ['crit.json', 'critical-input', 1, 1],
      ['fail.yaml', 'dive-selective', tool.line, tool.column],
      ['missing.json', 'NOT_FOUND', 1, 1],
    ]);
    expect(listing.summary).toBe('✖ 4 problems (4 errors, 0 warnings)');
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });

  it('refuses --format markdown (or json) for several files without --output-dir: exit 2 CONFLICTING_ARGUMENTS', async () => {
    for (const format of ['markdown', 'json']) {
      const plain = await runInProcess(['pass.json', 'warn.json', '--format', format], { cwd: dir });
      expect(plain.status).toBe(2);
      expect(plain.stdout).toBe('');
      expect(plain.stderr).toMatch(/--output-dir/);
      const json = await runInProcess(['pass.json', 'warn.json', '--format', format, '--json'], { cwd: dir });
      expect(json.status).toBe(2);
      expect(envelope(json).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' });
    }
  });

  const ALL = ['pass.json', 'fail.yaml', 'warn.json', 'crit.json', 'broken.json', 'missing.json'];

  it('--output-dir writes one report per input that has one, identical to the single-file report', async () => {
    for (const [format, extension] of [
      ['markdown', '.report.md'],
      ['json', '.report.json'],
    ] as const) {
      const out = `out-${format}`;
      mkdirSync(join(dir, out));
      const run = await runInProcess([...ALL, '--format', format, '--output-dir', out], { cwd: dir });
      expect(run.status).toBe(4);
      expect(run.stdout).toBe('');
      expect(readdirSync(join(dir, out)).sort()).toEqual(['fail', 'pass', 'warn'].map((stem) => `${stem}${extension}`));
      for (const name of ['pass.json', 'fail.yaml', 'warn.json']) {
        const single = await runInProcess([name, '--format', format], { cwd: dir });
        expect(single.stdout.length).toBeGreaterThan(0);
        expect(readFileSync(join(dir, out, `${name.replace(/\.\w+$/, '')}${extension}`), 'utf8')).toBe(single.stdout);
      }
    }
  });

  it('--output-dir without --format writes Markdown reports (<name>.report.md)', async () => {
    const out = 'out-default';
    mkdirSync(join(dir, out));
    const run = await runInProcess([...ALL, '--output-dir', out], { cwd: dir });
    expect(run.stderr).not.toMatch(/--format must be/);
    expect(run.status).toBe(4);
    expect(readdirSync(join(dir, out)).sort()).toEqual(['fail.report.md', 'pass.report.md', 'warn.report.md']);
  });

  it('--output-dir with two inputs of the same base name exits 2 and writes nothing', async () => {
    write(dir, 'sub/pass.json', asJson(validSpec()));
    write(dir, 'fail.json', asJson(gateFailingSpec()));
    for (const inputs of [
      ['warn.json', 'pass.json', 'sub/pass.json'],
      ['warn.json', 'fail.yaml', 'fail.json'],
    ]) {
      const out = join(dir, 'clash');
      mkdirSync(out, { recursive: true });
      const run = await runInProcess([...inputs, '--format', 'markdown', '--output-dir', 'clash', '--json'], { cwd: dir });
      expect(run.status).toBe(2);
      expect(envelope(run).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' });
      expect(readdirSync(out)).toEqual([]);
    }
  });

  it('--output-dir checks the names before compiling: a clash with a spec that has no report (broken JSON) is refused too', async () => {
    write(dir, 'clash2/broken.yaml', asYaml(validSpec()));
    const out = join(dir, 'clash-broken');
    const run = await runInProcess(['broken.json', 'clash2/broken.yaml', '--output-dir', 'clash-broken', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(envelope(run).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' });
    expect(envelope(run).error.message).toBe(
      'broken.json and clash2/broken.yaml would both write clash-broken/broken.report.md; compile them into different --output-dir folders',
    );
    expect(readdirSync(out)).toEqual([]);
  });
});

describe('folders and quoted globs', () => {
  /** Specs and non-specs; `reverse` creates them in the opposite order. */
  function tree(reverse: boolean): string {
    const root = tempDir();
    const entries: Array<[string, string]> = [
      ['specs/a.json', asJson(validSpec())],
      ['specs/b/c.yaml', asYaml(gateFailingSpec())],
      ['specs/b/deep/e.yaml', asYaml(warningsOnly())],
      ['specs/d.yml', asYaml(errorAndWarning())],
      ['specs/f.json', BROKEN_JSON],
      ['specs/node_modules/x.json', asJson(gateFailingSpec())],
      ['specs/node_modules/n.yaml', asYaml(gateFailingSpec())],
      ['specs/.hidden/y.json', asJson(gateFailingSpec())],
      ['specs/.hidden/h.yaml', asYaml(gateFailingSpec())],
      ['specs/a.expect.json', '{"exitCode": 0}\n'],
      ['specs/a.expect.yaml', 'exitCode: 0\n'],
      ['specs/a.report.json', '{}\n'],
      ['specs/a.report.md', '# report\n'],
      ['specs/b/investigation.config.json', '{"preset": "gate"}\n'],
      ['specs/investigation.config.yaml', 'preset: gate\n'],
      ['specs/investigation.config.yml', 'preset: gate\n'],
      ['specs/notes.txt', 'not a spec\n'],
    ];
    for (const [path, text] of reverse ? [...entries].reverse() : entries) write(root, path, text);
    return root;
  }

  let forward: string;
  let backward: string;
  beforeAll(() => {
    forward = tree(false);
    backward = tree(true);
  });

  const paths = (run: CliRun): string[] => (envelope(run).data.files as Array<{ path: string }>).map((file) => file.path);

  it('searches a folder recursively for specs only, skipping node_modules, dot-folders, side files and config files', async () => {
    const run = await runInProcess(['specs', '--json'], { cwd: forward });
    expect(run.status).toBe(3);
    expect(paths(run)).toEqual(['specs/a.json', 'specs/b/c.yaml', 'specs/b/deep/e.yaml', 'specs/d.yml', 'specs/f.json']);
  });

  it('expands a quoted glob itself, with the same exclusions', async () => {
    const yaml = await runInProcess(['specs/**/*.yaml', '--json'], { cwd: forward });
    expect(yaml.status).toBe(1);
    expect(paths(yaml)).toEqual(['specs/b/c.yaml', 'specs/b/deep/e.yaml']);
    const json = await runInProcess(['specs/**/*.json', '--json'], { cwd: forward });
    expect(json.status).toBe(3);
    expect(paths(json)).toEqual(['specs/a.json', 'specs/f.json']);
  });

  it('gives the same output whatever order the files were created in', async () => {
    for (const args of [['specs'], ['specs/**/*.{json,yaml,yml}'], ['specs', '--format', 'sarif'], ['specs', '--format', 'github']]) {
      const a = await runInProcess(args, { cwd: forward });
      const b = await runInProcess(args, { cwd: backward });
      expect(a.stdout.length).toBeGreaterThan(0);
      expect(b.stdout).toBe(a.stdout);
      expect(b.status).toBe(a.status);
    }
    const listing = parseText((await runInProcess(['specs'], { cwd: backward })).stdout);
    expect(listing.files).toEqual(['specs/b/c.yaml', 'specs/b/deep/e.yaml', 'specs/d.yml', 'specs/f.json']);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Formats

describe('text format', () => {
  it('prints ✔ with the file count when every file is clean', async () => {
    const dir = tempDir();
    write(dir, 'a.json', asJson(validSpec()));
    write(dir, 'b.yaml', asYaml(validSpec()));
    const run = await runInProcess(['a.json', 'b.yaml'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('✔ 2 files passed\n');
  });

  // Real processes: what is tested is how the CLI sees its own standard streams.
  it('has no ANSI escapes when stdout is not a terminal, with or without NO_COLOR', () => {
    const dir = tempDir();
    write(dir, 'a.json', asJson(errorAndWarning()));
    write(dir, 'b.json', asJson(validSpec()));
    const bare = runCli(['a.json', 'b.json', 'missing.json'], { cwd: dir, env: { NO_COLOR: undefined, FORCE_COLOR: '1' } });
    const noColor = runCli(['a.json', 'b.json', 'missing.json'], { cwd: dir, env: { NO_COLOR: '1' } });
    expect(bare.status).toBe(3);
    expect(bare.stdout).toContain('a.json\n');
    expect(bare.stdout + bare.stderr).not.toContain(ESC);
    expect(noColor.stdout).toBe(bare.stdout);
    expect(noColor.stdout + noColor.stderr).not.toContain(ESC);
  });

  it.skipIf(!hasScript)('colours a terminal, and NO_COLOR turns that off', () => {
    const dir = tempDir();
    write(dir, 'a.json', asJson(errorAndWarning()));
    write(dir, 'b.json', asJson(validSpec()));
    const coloured = runOnTty(['a.json', 'b.json'], dir, { NO_COLOR: undefined });
    expect(coloured).toContain('a.json');
    expect(coloured).toContain(ESC);
    const plain = runOnTty(['a.json', 'b.json'], dir, { NO_COLOR: '1' });
    expect(plain).toContain('a.json');
    expect(plain).not.toContain(ESC);
  });
});

describe('sarif format over every invalid fixture', () => {
  let root: string;
  let sarifRun: CliRun;
  let textRun: CliRun;
  let log: any;
  let specs: string[];
  beforeAll(async () => {
    root = tempDir();
    cpSync(join(projectRoot, 'fixtures', 'invalid'), join(root, 'fixtures', 'invalid'), { recursive: true });
    specs = readdirSync(join(root, 'fixtures', 'invalid'))
      .filter((name) => /\.(json|ya?ml)$/.test(name) && !/\.(expect|report)\.\w+$/.test(name))
      .map((name) => `fixtures/invalid/${name}`)
      .sort();
    sarifRun = await runInProcess(['fixtures/invalid', '--format', 'sarif'], { cwd: root });
    textRun = await runInProcess(['fixtures/invalid', '--format', 'text'], { cwd: root });
    log = JSON.parse(sarifRun.stdout);
  });

  it('exits with the largest code, as text does, and lists every file as an artifact with a relative URI', () => {
    expect(sarifRun.status).toBe(4);
    expect(textRun.status).toBe(4);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const uris = (log.runs[0].artifacts as Array<{ location: { uri: string } }>).map((artifact) => artifact.location.uri);
    expect(uris).toEqual(specs);
    const resultUris = (log.runs[0].results as any[]).map((result) => result.locations[0].physicalLocation.artifactLocation.uri as string);
    for (const uri of [...uris, ...resultUris]) {
      expect(uri.startsWith('/')).toBe(false);
      expect(uri).not.toMatch(/file:|^[A-Za-z]:|\\/);
      expect(specs).toContain(uri);
    }
    expect(sarifRun.stdout).not.toContain(root);
  });

  it('points every result at its rule in tool.driver.rules', () => {
    const rules = log.runs[0].tool.driver.rules as Array<{ id: string }>;
    const ids = rules.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    const results = log.runs[0].results as Array<{ ruleId: string; ruleIndex: number }>;
    expect(results.length).toBeGreaterThan(specs.length);
    for (const result of results) {
      expect(ids).toContain(result.ruleId);
      expect(rules[result.ruleIndex]?.id).toBe(result.ruleId);
    }
  });

  it('places each result where the text format does, 1-based, and gives every rule diagnostic a region', () => {
    const listing = parseText(textRun.stdout);
    const results = log.runs[0].results as any[];
    const fromSarif = results.map((result) => {
      const { artifactLocation, region } = result.locations[0].physicalLocation;
      if (region !== undefined) {
        expect(region.startLine).toBeGreaterThanOrEqual(1);
        expect(region.startColumn).toBeGreaterThanOrEqual(1);
      } else {
        // Only a file-level input error may lack a place; every rule diagnostic has a line and column.
        expect(result.ruleId).toBe('input-error');
      }
      const label = result.ruleId === 'input-error' ? result.properties.subcode : result.ruleId;
      return [artifactLocation.uri, label, region?.startLine ?? 0, region?.startColumn ?? 0];
    });
    expect(fromSarif).toEqual(listing.entries.map((entry) => [entry.path, entry.label, entry.line, entry.column]));
    const [, count] = SUMMARY.exec(listing.summary) ?? [];
    expect(results).toHaveLength(Number(count));
  });

  it('writes the same content with --output results.sarif', async () => {
    const run = await runInProcess(['fixtures/invalid', '--format', 'sarif', '--output', 'results.sarif'], { cwd: root });
    expect(run.status).toBe(4);
    expect(run.stdout).toBe('');
    expect(readFileSync(join(root, 'results.sarif'), 'utf8')).toBe(sarifRun.stdout);
  });

  it('validates against the official SARIF 2.1.0 schema', () => {
    const validate = sarifValidator();
    const valid = validate(log);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });
});

describe('github format', () => {
  it('prints one escaped ::error or ::warning workflow command per problem', async () => {
    const dir = tempDir();
    const text = write(dir, 'spec.yaml', asYaml(errorAndWarning('Web%Fetch')));
    const missing = 'gone\n50%,x:y.json';
    const json = await runInProcess(['spec.yaml', '--json'], { cwd: dir });
    const diagnostics = envelope(json).data.files[0].diagnostics as Array<{
      ruleId: string;
      message: string;
      line: number;
      column: number;
    }>;
    expect(diagnostics.map((d) => d.ruleId)).toEqual(['unknown-field', 'dive-selective']);
    const tool = placeOf(text, 'tool: Web%Fetch');
    const typo = placeOf(text, 'prority:');
    const [warning, error] = diagnostics;
    expect(error?.message).toContain('Web%Fetch');

    const run = await runInProcess(['spec.yaml', missing, '--format', 'github'], { cwd: dir });
    expect(run.status).toBe(3);
    expect(run.stdout.split('\n')).toEqual([
      '::error file=gone%0A50%25%2Cx%3Ay.json,line=1,col=1,title=NOT_FOUND::gone%0A50%25,x:y.json does not exist; check the path',
      `::warning file=spec.yaml,line=${typo.line},col=${typo.column},title=unknown-field::${warning?.message}`,
      `::error file=spec.yaml,line=${tool.line},col=${tool.column},title=dive-selective::${error?.message.replaceAll('%', '%25')}`,
      '',
    ]);
  });
});

describe('--fail-on and --quiet', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir();
    write(dir, 'warn.json', asJson(warningsOnly()));
    write(dir, 'both.json', asJson(errorAndWarning()));
  });

  it('--fail-on warning turns a warnings-only file into exit 1', async () => {
    const plain = await runInProcess(['warn.json', '--format', 'text'], { cwd: dir });
    expect(plain.status).toBe(0);
    expect(parseText(plain.stdout).summary).toBe('✖ 1 problem (0 errors, 1 warning)');
    const strict = await runInProcess(['warn.json', '--format', 'text', '--fail-on', 'warning'], { cwd: dir });
    expect(strict.status).toBe(1);
    expect(strict.stdout).toBe(plain.stdout);
    const json = await runInProcess(['warn.json', '--fail-on', 'warning', '--json'], { cwd: dir });
    expect(json.status).toBe(1);
    expect(envelope(json).error).toMatchObject({ code: 'GATE_FAILED', subcode: 'WARNINGS' });
  });

  it('--quiet reports errors only, in every format', async () => {
    const text = await runInProcess(['both.json', 'warn.json', '--quiet'], { cwd: dir });
    expect(text.status).toBe(1);
    const listing = parseText(text.stdout);
    expect(listing.entries.map((entry) => [entry.path, entry.severity, entry.label])).toEqual([['both.json', 'error', 'dive-selective']]);
    expect(listing.summary).toBe('✖ 1 problem (1 error, 0 warnings)');
    expect(text.stdout).not.toMatch(/warning {2}|unknown-field/);

    const github = await runInProcess(['both.json', 'warn.json', '--quiet', '--format', 'github'], { cwd: dir });
    expect(github.stdout).not.toContain('::warning');
    expect(github.stdout.split('\n').filter((line) => line !== '')).toHaveLength(1);

    const sarif = JSON.parse((await runInProcess(['both.json', 'warn.json', '--quiet', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results.map((result: { level: string }) => result.level)).toEqual(['error']);

    const markdown = await runInProcess(['warn.json', '--quiet'], { cwd: dir });
    expect(markdown.status).toBe(0);
    expect(markdown.stderr).toBe('');
  });

  it('--quiet with --fail-on warning: a warnings-only file lists no warning but still fails, and says why', async () => {
    const run = await runInProcess(['warn.json', '--format', 'text', '--quiet', '--fail-on', 'warning'], { cwd: dir });
    expect(run.stdout).not.toMatch(/warning {2}|unknown-field/);
    expect(run.stdout).toBe('✖ 1 warning hidden by --quiet fails the gate under --fail-on warning\n');
    expect(run.status).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The test command

describe('test command', () => {
  const chosen: Array<[string, string]> = [
    ['valid', 'payments-refund-retry'],
    ['valid', 'sensor-csv-drift'],
    ['valid', 'wiki-oncall-ownership'],
    ['invalid', 'critical-input-missing-goal'],
    ['invalid', 'dive-grounded-blind-read'],
    ['invalid', 'input-error-broken-json'],
    ['invalid', 'reference-passes-without-provenance'],
  ];
  const COUNT = chosen.length;
  const GOLDEN = 'fixtures/valid/payments-refund-retry.report.md';
  const EXPECTATION = 'fixtures/invalid/critical-input-missing-goal.expect.json';
  const FAILING = ['fixtures/invalid/critical-input-missing-goal.json', 'fixtures/valid/payments-refund-retry.json'];

  /** A temp root holding fixtures/valid and fixtures/invalid with the chosen fixtures and their side files. */
  function fixtureRoot(): string {
    const root = tempDir();
    for (const [group, stem] of chosen) {
      const from = join(projectRoot, 'fixtures', group);
      mkdirSync(join(root, 'fixtures', group), { recursive: true });
      const files = readdirSync(from).filter((name) => name.startsWith(`${stem}.`));
      expect(files.length).toBeGreaterThanOrEqual(2);
      for (const name of files) copyFileSync(join(from, name), join(root, 'fixtures', group, name));
    }
    return root;
  }

  const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

  /** Breaks one line of a golden and one exit code of an expectation; returns the golden's original and broken lines. */
  function breakTwo(root: string): { original: string; goldenBefore: string; expectationBroken: string } {
    const goldenBefore = read(root, GOLDEN);
    const lines = goldenBefore.split('\n');
    const index = lines.findIndex((line) => line.startsWith('## '));
    expect(index).toBeGreaterThan(0);
    const original = lines[index] as string;
    lines[index] = 'BROKEN LINE';
    writeFileSync(join(root, GOLDEN), lines.join('\n'));
    const expectation = read(root, EXPECTATION);
    expect(expectation).toContain('"exitCode": 4');
    const expectationBroken = expectation.replace('"exitCode": 4', '"exitCode": 1');
    writeFileSync(join(root, EXPECTATION), expectationBroken);
    return { original, goldenBefore, expectationBroken };
  }

  const lastLine = (run: CliRun) => run.stdout.trimEnd().split('\n').at(-1);
  const fixturePaths = (run: CliRun) => (envelope(run).data.fixtures as Array<{ path: string }>).map((fixture) => fixture.path);

  it('passes a faithful copy: exit 0, closing line "N passed, 0 failed", nothing on stderr (also with CI=1)', async () => {
    const root = fixtureRoot();
    const run = await runInProcess(['test', 'fixtures'], { cwd: root });
    expect(run.stdout).toBe(`${COUNT} passed, 0 failed\n`);
    expect(lastLine(run)).toBe(`${COUNT} passed, 0 failed`);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
    const ci = await runInProcess(['test', 'fixtures'], { cwd: root, env: { CI: '1' } });
    expect(ci.status).toBe(0);
    expect(ci.stderr).toBe('');
  });

  it('reports a broken golden and a broken expectation with one FAIL block each, a diff, and writes JUnit XML', async () => {
    const root = fixtureRoot();
    const { original } = breakTwo(root);
    const run = await runInProcess(['test', 'fixtures', '--junit', 'junit.xml'], { cwd: root });
    expect(run.status).toBe(1);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines.filter((line) => line.startsWith('FAIL '))).toEqual(FAILING.map((path) => `FAIL ${path}`));
    expect(lastLine(run)).toBe(`${COUNT - 2} passed, 2 failed`);
    // The expectation's block says what differs.
    expect(run.stdout).toMatch(/FAIL fixtures\/invalid\/critical-input-missing-goal\.json\n {2}exit code 4, expected 1/);
    // The golden's block carries a readable unified diff: - the golden, + the actual output.
    const goldenBlock = run.stdout.slice(run.stdout.indexOf(`FAIL ${FAILING[1]}`));
    expect(goldenBlock).toContain(`${GOLDEN} differs`);
    const trimmed = goldenBlock.split('\n').map((line) => line.trim());
    expect(trimmed).toContain(`--- ${GOLDEN} (golden)`);
    expect(trimmed).toContain(`+++ ${GOLDEN} (actual output)`);
    expect(trimmed).toContain('-BROKEN LINE');
    expect(trimmed).toContain(`+${original}`);

    const xml = read(root, 'junit.xml');
    expect(XMLValidator.validate(xml)).toBe(true);
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '',
      parseTagValue: false,
      parseAttributeValue: false,
      isArray: (name) => name === 'testcase' || name === 'testsuite',
    });
    const parsed = parser.parse(xml);
    const suites = parsed.testsuites.testsuite as any[];
    const cases = suites.flatMap((suite) => suite.testcase as any[]);
    expect(cases).toHaveLength(COUNT);
    expect(cases.map((testcase) => `${String(testcase.classname).replaceAll('.', '/')}/${testcase.name}`).sort()).toEqual(
      chosen
        .map(
          ([group, stem]) =>
            `fixtures/${group}/${readdirSync(join(root, 'fixtures', group)).find((name) => name.startsWith(`${stem}.`) && !/\.(expect|report)\./.test(name))}`,
        )
        .sort(),
    );
    const failing = cases.filter((testcase) => testcase.failure !== undefined);
    expect(failing.map((testcase) => testcase.name).sort()).toEqual(FAILING.map((path) => path.split('/').at(-1)).sort());
    expect(String(parsed.testsuites.failures)).toBe('2');
  });

  it('--update goldens rewrites only the goldens; --update then fixes the expectation too, and the rerun passes', async () => {
    const root = fixtureRoot();
    const { goldenBefore, expectationBroken } = breakTwo(root);
    const goldens = await runInProcess(['test', 'fixtures', '--update', 'goldens'], { cwd: root });
    expect(goldens.stderr).toBe('');
    expect(read(root, GOLDEN)).toBe(goldenBefore);
    expect(read(root, EXPECTATION)).toBe(expectationBroken);
    const afterGoldens = await runInProcess(['test', 'fixtures'], { cwd: root });
    expect(afterGoldens.status).toBe(1);
    expect(afterGoldens.stdout.split('\n').filter((line) => line.startsWith('FAIL '))).toEqual([`FAIL ${FAILING[0]}`]);
    expect(lastLine(afterGoldens)).toBe(`${COUNT - 1} passed, 1 failed`);

    const all = await runInProcess(['test', 'fixtures', '--update'], { cwd: root });
    expect(all.status).toBe(0);
    expect(JSON.parse(read(root, EXPECTATION)).exitCode).toBe(4);
    const rerun = await runInProcess(['test', 'fixtures'], { cwd: root });
    expect(rerun.status).toBe(0);
    expect(rerun.stdout).toBe(`${COUNT} passed, 0 failed\n`);
  });

  it('--update (all) fixes a broken golden and a broken expectation in one go', async () => {
    const root = fixtureRoot();
    const { goldenBefore } = breakTwo(root);
    const update = await runInProcess(['test', 'fixtures', '--update', '--json'], { cwd: root });
    expect(update.status).toBe(0);
    expect(envelope(update).data.updated).toEqual(expect.arrayContaining([EXPECTATION, GOLDEN]));
    expect(read(root, GOLDEN)).toBe(goldenBefore);
    const rerun = await runInProcess(['test', 'fixtures'], { cwd: root });
    expect(rerun.status).toBe(0);
    expect(lastLine(rerun)).toBe(`${COUNT} passed, 0 failed`);
  });

  it('--shard 1/2 and 2/2 together run every fixture exactly once', async () => {
    const root = fixtureRoot();
    const whole = fixturePaths(await runInProcess(['test', 'fixtures', '--json'], { cwd: root }));
    expect(whole).toHaveLength(COUNT);
    const first = await runInProcess(['test', 'fixtures', '--shard', '1/2', '--json'], { cwd: root });
    const second = await runInProcess(['test', 'fixtures', '--shard', '2/2', '--json'], { cwd: root });
    expect(first.status).toBe(0);
    expect(second.status).toBe(0);
    const [a, b] = [fixturePaths(first), fixturePaths(second)];
    expect(a.length).toBeGreaterThan(0);
    expect(b.length).toBeGreaterThan(0);
    expect(a.filter((path) => b.includes(path))).toEqual([]);
    expect([...a, ...b].sort()).toEqual([...whole].sort());
    expect(envelope(first).data.shard).toBe('1/2');
  });

  describe('progress bar on the whole corpus (more than 20 fixtures)', () => {
    let root: string;
    beforeAll(() => {
      root = tempDir();
      cpSync(join(projectRoot, 'fixtures'), join(root, 'fixtures'), { recursive: true });
    });

    // A real process: what is tested is how the CLI sees its own standard error.
    it('draws nothing on stderr when it is not a terminal, with or without CI', () => {
      for (const CI of [undefined, '', '1']) {
        const run = runCli(['test', 'fixtures'], { cwd: root, env: { CI } });
        expect(run.stderr).toBe('');
        expect(lastLine(run)).toMatch(/^\d+ passed, \d+ failed$/);
      }
    });

    it.skipIf(!hasScript)('draws nothing on a terminal with CI=1 (and does draw without it)', () => {
      const ci = runOnTty(['test', 'fixtures'], root, { CI: '1' }, true);
      expect(ci).not.toMatch(/\[[#.]{20}\]/);
      const local = runOnTty(['test', 'fixtures'], root, { CI: '' }, true);
      expect(local).toMatch(/\[[#.]{20}\] \d+\/\d+/);
    });
  });
});
