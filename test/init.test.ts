// `init`: the first draft of a spec, sound under --stage draft, which as a finished spec fails only
// where content is missing, and is never written over a file without --force.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { adviseNext } from '../src/advice/index.js';
import { specSkeleton } from '../src/commands/skeleton.js';
import { createCompiler } from '../src/compile.js';
import { projectRoot } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('init');
const SCHEMA = './schemas/investigation.schema.json';
const PACKAGED_SCHEMA = join(projectRoot, 'assets', 'investigation.schema.json');
/** What init names as `$schema` for a spec in `folder`: the packaged schema, relative to it. */
const schemaFrom = (folder: string) => relative(folder, PACKAGED_SCHEMA).split(sep).join('/');

/**
 * Every place left to fill in, and only those, when the skeleton is judged as a finished spec: the
 * stop condition and the deliverable it leaves out (schema, on the root), the empty map, ranking
 * and deep dives (their minimums) and no risk yet (coverage-declared).
 */
const PLACEHOLDERS = ['', '/surfaceMap', '/hypotheses', '/deepDives', '/risks'];

const FORMATS = [
  ['yaml', 'reads'],
  ['yaml', 'tokens'],
  ['json', 'reads'],
  ['json', 'tokens'],
] as const;

describe('the skeleton', () => {
  it.each(FORMATS)('as %s with unit %s is a sound draft: compile --stage draft finds nothing, and next says to map', (format, unit) => {
    const text = specSkeleton({ goal: 'Why do refunds retry twice?', budget: 8, unit, format, schema: SCHEMA });
    const compiler = createCompiler();
    const draft = compiler.compile(text, { path: `spec.${format}`, stage: 'draft' });
    expect(draft.diagnostics).toEqual([]);
    expect(draft).toMatchObject({ exitCode: 0, verdict: 'draft-ok' });
    expect(adviseNext(draft, compiler.policy)).toMatchObject({ phase: 'map', verdict: 'draft-ok' });
  });

  it.each(FORMATS)('as %s with unit %s fails as a finished spec only where content is missing', (format, unit) => {
    const text = specSkeleton({ goal: 'Why do refunds retry twice?', budget: 8, unit, format, schema: SCHEMA });
    const result = createCompiler().compile(text, { path: `spec.${format}` });
    expect(result.exitCode).toBe(1);
    const paths = result.diagnostics.map((diagnostic) => diagnostic.path);
    expect(new Set(paths)).toEqual(new Set(PLACEHOLDERS));
    expect(result.diagnostics.filter((diagnostic) => diagnostic.path === '').map((diagnostic) => diagnostic.message)).toEqual([
      'the spec is missing the required field "deliverable"; add it.',
      'the spec is missing the required field "stopCondition"; add it.',
    ]);
    expect(result.diagnostics.every((diagnostic) => diagnostic.severity === 'error')).toBe(true);
  });

  it('compile --stage draft on what init --output writes: exit 0, sound so far', async () => {
    const dir = tempDir();
    for (const name of ['spec.yaml', 'spec.json']) {
      expect((await runInProcess(['init', '--goal', 'Why?', '--budget', '5', '--output', name], { cwd: dir })).status).toBe(0);
      const draft = await runInProcess([name, '--stage', 'draft', '--format', 'text'], { cwd: dir });
      expect({ status: draft.status, stdout: draft.stdout }).toEqual({ status: 0, stdout: '✔ 1 draft sound so far\n' });
    }
  });

  it('without a goal and a budget, asks for both ({VACIO_CRITICO}) and nothing else, in a draft too', () => {
    for (const stage of ['final', 'draft'] as const) {
      const result = createCompiler().compile(specSkeleton({ goal: '', budget: 0, unit: 'reads', format: 'yaml', schema: SCHEMA }), {
        path: 'spec.yaml',
        stage,
      });
      expect(result.exitCode).toBe(4);
      expect(result.diagnostics.map((diagnostic) => diagnostic.path)).toEqual(['/goal', '/budget/total']);
    }
  });

  it('YAML names the schema for editors, the allowed values and an example entry in comments; JSON carries the same data', () => {
    const yaml = specSkeleton({ goal: 'a: b', budget: 3, unit: 'reads', format: 'yaml', schema: SCHEMA });
    expect(yaml).toMatch(/^# yaml-language-server: \$schema=\.\/schemas\/investigation\.schema\.json\n/);
    expect(yaml).toContain('# Tools: Glob, Grep, LS, rg, grep, find, fd, ls, tree.');
    expect(yaml).toContain('Reasons: goal_resolved, budget_exhausted, escalated, goal_unresolved.');
    expect(yaml).toContain('#   - {id: M1, tool: rg, query: "", candidateNodes: [], evidence: ""}');
    expect(yaml).toContain('# stopCondition: {reason: "", evidence: ""}');
    const json = specSkeleton({ goal: 'a: b', budget: 3, unit: 'reads', format: 'json', schema: SCHEMA });
    const data = JSON.parse(json);
    expect(data.$schema).toBe(SCHEMA);
    expect(data.goal).toBe('a: b');
    expect(data).toEqual(createCompiler().compile(yaml, { path: 'spec.yaml' }).report?.investigation);
    // A goal with ": " stays one string.
    const compiled = createCompiler().compile(yaml, { path: 'spec.yaml' });
    expect(compiled.diagnostics.map((diagnostic) => diagnostic.path)).not.toContain('/goal');
  });
});

describe('init command', () => {
  it('prints the skeleton on standard output, or inside the envelope with --json', async () => {
    const dir = tempDir();
    const plain = await runInProcess(['init', '--goal', 'Why?', '--budget', '5'], { cwd: dir });
    expect(plain.status).toBe(0);
    expect(plain.stdout).toBe(specSkeleton({ goal: 'Why?', budget: 5, unit: 'reads', format: 'yaml', schema: schemaFrom(dir) }));
    const json = await runInProcess(['init', '--format', 'json', '--unit', 'tokens', '--json'], { cwd: dir });
    const envelope = envelopeOf(json.stdout);
    expect(envelope.command).toBe('init');
    expect(envelope.data).toEqual({
      format: 'json',
      rendered: specSkeleton({ goal: '', budget: 0, unit: 'tokens', format: 'json', schema: schemaFrom(dir) }),
    });
  });

  it('writes --output (its extension chooses the format) and never over a file without --force', async () => {
    const dir = tempDir();
    const first = await runInProcess(['init', '--output', 'spec.json', '--json'], { cwd: dir });
    expect(envelopeOf(first.stdout).data).toEqual({ format: 'json', output: 'spec.json' });
    const written = readFileSync(join(dir, 'spec.json'), 'utf8');
    expect(JSON.parse(written).budget).toEqual({ total: 0, used: 0, unit: 'reads' });

    writeFileSync(join(dir, 'spec.json'), 'mine\n');
    const refused = await runInProcess(['init', '--output', 'spec.json', '--json'], { cwd: dir });
    expect(refused.status).toBe(2);
    expect(envelopeOf(refused.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_EXISTS' });
    expect(readFileSync(join(dir, 'spec.json'), 'utf8')).toBe('mine\n');

    const forced = await runInProcess(['init', '--output', 'spec.json', '--force'], { cwd: dir });
    expect(forced.status).toBe(0);
    expect(readFileSync(join(dir, 'spec.json'), 'utf8')).toBe(written);
  });

  it('refuses a budget that is not a positive whole number, and a folder as --output', async () => {
    const dir = tempDir();
    const budget = await runInProcess(['init', '--budget', '1e3', '--json'], { cwd: dir });
    expect(envelopeOf(budget.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' });
    const folder = await runInProcess(['init', '--output', '.', '--force', '--json'], { cwd: dir });
    expect(envelopeOf(folder.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
  });

  it('names as $schema the packaged schema, relative to the spec written, a file that exists', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'deep', 'down'), { recursive: true });
    for (const [output, format] of [
      ['spec.yaml', 'yaml'],
      ['deep/down/spec.json', 'json'],
    ] as const) {
      const run = await runInProcess(['init', '--output', output, '--goal', 'Why?'], { cwd: dir });
      expect(run.status, run.stderr).toBe(0);
      const text = readFileSync(join(dir, output), 'utf8');
      const named = format === 'json' ? JSON.parse(text).$schema : /^# yaml-language-server: \$schema=(.+)$/m.exec(text)?.[1];
      expect(named).not.toMatch(/^https?:/);
      const target = resolve(dirname(join(dir, output)), named);
      expect(target).toBe(PACKAGED_SCHEMA);
      expect(JSON.parse(readFileSync(target, 'utf8')).title).toBeTypeOf('string');
    }
  });
});
