import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { onlySpellingDiffers } from '../src/common/suggest.js';
import { type CompileResult, type Compiler, createCompiler } from '../src/compile.js';
import { editValues } from '../src/fix/edit-value.js';
import { fixSpec } from '../src/fix/fix-spec.js';
import { runHermetic } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'fix-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The passing YAML spec of the fixtures, with comments, CRLF line ends and four problems: three safe to fix, one not. */
function brokenYaml(): string {
  return readFileSync(join(root, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8')
    .replace('goal:', '# Kept as written.\ngoal:')
    .replace('  used: 2', '  used: 7 # spent so far')
    .replace('tool: Glob', "tool: 'glob'")
    .replace('effect: confirms', 'effect: confrims')
    .replace('provenance: "[CODIGO]"\n  - id: D2', 'provenance: "[CODE]"\n  - id: D2')
    .replace(/\n/g, '\r\n');
}

describe('which suggestions are safe: only the spelling differs', () => {
  it.each([
    ['grep', 'Grep', true],
    ['[CÓDIGO]', '[CODIGO]', true],
    ['goal-resolved', 'goal_resolved', true],
    ['confrims', 'confirms', true],
    ['invalidatse', 'invalidates', true],
    ['[CODE]', '[CODIGO]', false],
    ['resolved', 'goal_resolved', false],
    ['sed', 'Read', false],
    ['cat', 'car', false],
  ])('%s for %s: %s', (value, replacement, safe) => {
    expect(onlySpellingDiffers(value, replacement)).toBe(safe);
  });
});

describe('one value edited, the rest of the text kept byte for byte', () => {
  it('YAML: comments, quoting, flow collections and CRLF stay; a plain scalar stays plain, a quoted one keeps its quotes', () => {
    const text = 'a: 1 # one\r\nlist:\r\n  - {tool: grep, why: x}  # flow\r\n  - \'single\'\r\n  - "double"\r\nplain: value\r\n';
    const edited = editValues(text, 'yaml', [
      { path: '/a', replacement: 2 },
      { path: '/list/0/tool', replacement: 'Grep' },
      { path: '/list/1', replacement: "it's" },
      { path: '/list/2', replacement: 'new' },
      { path: '/plain', replacement: '[CODIGO]' },
      { path: '/missing/value', replacement: 'ignored' },
    ]);
    expect(edited).toBe('a: 2 # one\r\nlist:\r\n  - {tool: Grep, why: x}  # flow\r\n  - \'it\'\'s\'\r\n  - "new"\r\nplain: "[CODIGO]"\r\n');
  });

  it('JSON: indentation, key order and the other values stay', () => {
    const text = '{\n    "b": {"tool": "grep"},\n    "a": [1, "x"]\n}\n';
    expect(
      editValues(text, 'json', [
        { path: '/b/tool', replacement: 'Grep' },
        { path: '/a/0', replacement: 3 },
      ]),
    ).toBe('{\n    "b": {"tool": "Grep"},\n    "a": [3, "x"]\n}\n');
  });
});

describe('the rules declare their fixes', () => {
  it('a misspelt value is a safe fix, another value an unsafe one, budget.used recounted a safe one', () => {
    const result = createCompiler().compile(brokenYaml(), { path: 'spec.yaml' });
    const fixes = Object.fromEntries(result.diagnostics.map((diagnostic) => [`${diagnostic.ruleId} ${diagnostic.path}`, diagnostic.fix]));
    expect(fixes).toMatchObject({
      'budget-accounting /budget/used': { replacement: 2, safety: 'safe' },
      'map-cheap /surfaceMap/0/tool': { replacement: 'Glob', safety: 'safe' },
      'dive-selective /deepDives/0/effect': { replacement: 'confirms', safety: 'safe' },
      'finding-provenance /deepDives/0/provenance': { replacement: '[CODIGO]', safety: 'unsafe' },
    });
  });

  it('rules --json and explain say which rules carry fixes, and how safe, as their problems carry them', async () => {
    const listed = envelopeOf((await runInProcess(['rules', '--json'], { cwd: root })).stdout).data.rules as Array<{
      id: string;
      fixes?: string;
    }>;
    const fixesOf = new Map(listed.map((entry) => [entry.id, entry.fixes]));
    const carried = createCompiler()
      .compile(brokenYaml(), { path: 'spec.yaml' })
      .diagnostics.filter((diagnostic) => diagnostic.fix !== undefined);
    expect(carried.length).toBeGreaterThan(0);
    for (const { ruleId, fix } of carried) expect([fix?.safety, 'spelling']).toContain(fixesOf.get(ruleId));
    expect(fixesOf.get('budget-accounting')).toBe('safe');
    expect(fixesOf.get('trace-tool')).toBe('unsafe');
    expect(fixesOf.get('stop-reason')).toBe('spelling');
    // A rule whose problems carry no fix is listed without one.
    expect(fixesOf.has('coverage-declared')).toBe(true);
    expect(fixesOf.get('coverage-declared')).toBeUndefined();
    const explained = await runInProcess(['explain', 'map-cheap'], { cwd: root });
    expect(explained.stdout).toContain('Fixes: safe when only the spelling or case differs');
  });

  it('trace-tool offers the tool the trace used, always as an unsafe fix', async () => {
    const spec = join(scratch, 'tool.yaml');
    writeFileSync(spec, readFileSync(join(root, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8').replace('tool: sed', 'tool: cat'));
    const run = await runInProcess([spec, '--trace', 'fixtures/traces/transcript-small.jsonl', '--json'], { cwd: root });
    const diagnostics = JSON.parse(run.stdout).data.files[0].diagnostics;
    expect(diagnostics.find((diagnostic: { ruleId: string }) => diagnostic.ruleId === 'trace-tool').fix).toEqual({
      replacement: 'sed',
      safety: 'unsafe',
    });
  });
});

describe('fixSpec', () => {
  it('keeps only passes that leave fewer problems', () => {
    // A compiler whose every text has one problem, fixable to a value that fixes nothing.
    const stuck: CompileResult = {
      exitCode: 1,
      verdict: 'fail',
      diagnostics: [{ ruleId: 'r', severity: 'error', message: 'm', path: '/a', fix: { replacement: 'b', safety: 'safe' } }],
      report: { input: { path: null, format: 'json', sha256: '' } } as never,
      error: null,
      ruleTotals: {},
      dialect: 'investigation-spec',
    };
    const compiler = { compile: () => stuck } as unknown as Compiler;
    expect(fixSpec(compiler, '{"a": "x"}', {}, 'safe')).toMatchObject({ text: '{"a": "x"}', applied: [] });
  });
});

describe('compile --fix, --fix-unsafe, --fix-dry-run', () => {
  it('--fix writes the safe fixes, keeps comments, quotes and CRLF, and reports what remains', async () => {
    const spec = join(scratch, 'fix.yaml');
    const before = brokenYaml();
    writeFileSync(spec, before);
    const run = await runInProcess([spec, '--fix', '--format', 'text'], { cwd: scratch });
    expect(run.stderr).toContain('fixed 3 problems in 1 file');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('finding-provenance');
    expect(run.stdout).toContain('1 fixable with --fix-unsafe');
    const after = readFileSync(spec, 'utf8');
    expect(after).toBe(
      before.replace('used: 7 #', 'used: 2 #').replace("tool: 'glob'", "tool: 'Glob'").replace('effect: confrims', 'effect: confirms'),
    );
  });

  it('--fix-unsafe writes the rest, and the --json envelope lists every fix', async () => {
    const spec = join(scratch, 'unsafe.yaml');
    writeFileSync(spec, brokenYaml());
    const run = await runInProcess([spec, '--fix-unsafe', '--json'], { cwd: scratch });
    const envelope = envelopeOf(run.stdout);
    expect(run.status).toBe(0);
    expect(envelope.data.fixed).toEqual([
      {
        path: 'unsafe.yaml',
        fixes: [
          { ruleId: 'budget-accounting', path: '/budget/used', replacement: 2, safety: 'safe' },
          { ruleId: 'map-cheap', path: '/surfaceMap/0/tool', replacement: 'Glob', safety: 'safe' },
          { ruleId: 'dive-selective', path: '/deepDives/0/effect', replacement: 'confirms', safety: 'safe' },
          { ruleId: 'finding-provenance', path: '/deepDives/0/provenance', replacement: '[CODIGO]', safety: 'unsafe' },
        ],
      },
    ]);
  });

  it('--fix-dry-run prints a unified diff, writes nothing, and exits 1 while fixes remain', async () => {
    const spec = join(scratch, 'dry.yaml');
    writeFileSync(spec, brokenYaml());
    const run = await runInProcess([spec, '--fix-dry-run'], { cwd: scratch });
    expect(run.status).toBe(1);
    // Printed, the file's carriage returns show as every control does; the envelope's diff is the patch itself.
    expect(run.stdout).toContain('-  used: 7 # spent so far\u240d\n+  used: 2 # spent so far\u240d\n');
    expect(readFileSync(spec, 'utf8')).toBe(brokenYaml());
    const json = await runInProcess([spec, '--fix-dry-run', '--json'], { cwd: scratch });
    expect(envelopeOf(json.stdout).error).toMatchObject({ code: 'GATE_FAILED', subcode: 'FIXES_PENDING' });
    expect(envelopeOf(json.stdout).data.diff).toContain('-  used: 7 # spent so far\r\n+  used: 2 # spent so far\r\n');
    const clean = await runInProcess(['fixtures/traces/transcript-small.spec.yaml', '--fix-dry-run'], { cwd: root });
    expect(clean).toMatchObject({ status: 0, stdout: '' });
  });

  it("standard input is fixed only as a diff; a folder's files are fixed in place", async () => {
    const refused = runHermetic(['-', '--fix'], { cwd: scratch, input: brokenYaml() });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('use --fix-dry-run');
    const shown = runHermetic(['-', '--fix-dry-run'], { cwd: scratch, input: brokenYaml() });
    expect(shown.status).toBe(1);
    expect(shown.stdout).toContain('+    effect: confirms');
    const { mkdirSync } = await import('node:fs');
    mkdirSync(join(scratch, 'folder'));
    writeFileSync(join(scratch, 'folder', 'a.yaml'), brokenYaml());
    const run = await runInProcess(['folder', '--fix'], { cwd: scratch });
    expect(run.stderr).toContain('fixed 3 problems in 1 file');
    expect(readFileSync(join(scratch, 'folder', 'a.yaml'), 'utf8')).toContain('effect: confirms');
  });
});
