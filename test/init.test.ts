// `init`: a skeleton spec to fill in, which fails only where content is missing, and never written
// over a file without --force.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { specSkeleton } from '../src/cli/skeleton.js';
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

/** The fields the skeleton leaves for the author: the only places the gate may complain about. */
/**
 * Every place left empty, and only those: blank strings (schema), empty candidate lists (map-cheap,
 * hypotheses-ranked), no dive, no risk, and the open hypothesis that no risk names yet
 * (coverage-declared). A schema error hides only findings on the value it breaks, so the empty
 * lists are reported beside the blank strings.
 */
const PLACEHOLDERS = [
  '/surfaceMap/0/tool',
  '/surfaceMap/0/query',
  '/surfaceMap/0/candidateNodes',
  '/surfaceMap/0/evidence',
  '/hypotheses/0/id',
  '/hypotheses/0/claim',
  '/hypotheses/0/candidateNodes',
  '/deepDives',
  '/stopCondition/reason',
  '/stopCondition/evidence',
  '/deliverable',
  '/risks',
];

describe('the skeleton', () => {
  it.each([
    ['yaml', 'reads'],
    ['yaml', 'tokens'],
    ['json', 'reads'],
    ['json', 'tokens'],
  ] as const)('as %s with unit %s fails only on the fields left empty', (format, unit) => {
    const text = specSkeleton({ goal: 'Why do refunds retry twice?', budget: 8, unit, format, schema: SCHEMA });
    const result = createCompiler().compile(text, { path: `spec.${format}` });
    expect(result.exitCode).toBe(1);
    const paths = result.diagnostics.map((diagnostic) => diagnostic.path);
    expect(new Set(paths)).toEqual(new Set(PLACEHOLDERS));
    expect(result.diagnostics.every((diagnostic) => diagnostic.severity === 'error')).toBe(true);
  });

  it('without a goal and a budget, asks for both ({VACIO_CRITICO}) and nothing else', () => {
    const result = createCompiler().compile(specSkeleton({ goal: '', budget: 0, unit: 'reads', format: 'yaml', schema: SCHEMA }), {
      path: 'spec.yaml',
    });
    expect(result.exitCode).toBe(4);
    expect(result.diagnostics.map((diagnostic) => diagnostic.path)).toEqual(['/goal', '/budget/total']);
  });

  it('YAML names the schema for editors and the allowed values in comments; JSON carries the same data', () => {
    const yaml = specSkeleton({ goal: 'a: b', budget: 3, unit: 'reads', format: 'yaml', schema: SCHEMA });
    expect(yaml).toMatch(/^# yaml-language-server: \$schema=\.\/schemas\/investigation\.schema\.json\n/);
    expect(yaml).toContain('# Tools: Glob, Grep, rg, find, ls.');
    expect(yaml).toContain('Reasons: goal_resolved, budget_exhausted, escalated, goal_unresolved.');
    const json = specSkeleton({ goal: 'a: b', budget: 3, unit: 'reads', format: 'json', schema: SCHEMA });
    const data = JSON.parse(json);
    expect(data.$schema).toBe(SCHEMA);
    expect(data.goal).toBe('a: b');
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
