import { describe, expect, it, vi } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { htmlRenderer } from '../src/dialects/html.js';
import { catalogRules, dialects } from '../src/dialects/index.js';
import { baseKatasReport } from '../src/dialects/katas/index.js';
import { renderMarkdown } from '../src/dialects/markdown.js';
import { SUPPRESSIBLE_RULES, unsuppressible } from '../src/suppressions/file.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';
import { TOY_SCHEMA, toyNote } from './support/toy-dialect.js';

// A third dialect, added the way ARCHITECTURE.md says: a folder of its own (here the test's
// test/support/toy-dialect.ts) and one line in the registry. Nothing else in src/ knows of it, yet
// compile, the Markdown renderer, the catalogs and the commands pick it up.
vi.mock('../src/dialects/registry.js', async (importOriginal) => {
  const { dialects: listed } = await importOriginal<typeof import('../src/dialects/registry.js')>();
  const { toyDialect } = await import('./support/toy-dialect.js');
  return { dialects: [...listed, toyDialect] };
});

const tempDir = useTempDirs('dialects');

describe('a third dialect, registered in the test suite only', () => {
  const compiler = createCompiler();

  it('is listed after the two the tool ships', () => {
    expect(dialects.map((dialect) => dialect.id)).toEqual(['investigation-spec', 'katas-report-v1', 'toy-note-v1']);
  });

  it('compile sends a document to the dialect its schema names, with its rules and its critical input', () => {
    const sound = compiler.compile(JSON.stringify(toyNote(), null, 2), { path: 'note.json' });
    expect(sound).toMatchObject({ exitCode: 0, verdict: 'pass', dialect: 'toy-note-v1', error: null });
    expect(sound.report).toMatchObject({ dialect: 'toy-note-v1', toy: { notes: 2 }, input: { path: 'note.json', format: 'json' } });

    const blank = compiler.compile(JSON.stringify({ ...toyNote(), notes: ['edge cache config', ' '] }, null, 2));
    expect(blank).toMatchObject({ exitCode: 1, verdict: 'fail', dialect: 'toy-note-v1' });
    expect(blank.diagnostics).toEqual([expect.objectContaining({ ruleId: 'toy-notes', path: '/notes/1', line: 6, column: 5 })]);

    const { question: _, ...unasked } = toyNote();
    const stopped = compiler.compile(JSON.stringify(unasked));
    expect(stopped).toMatchObject({ exitCode: 4, report: null, dialect: 'toy-note-v1', error: { code: 'CRITICAL_INPUT' } });
    expect(stopped.diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path])).toEqual([['critical-input', '/question']]);
  });

  it('leaves the spec and the katas report to their own dialects, and names the toy among the known schemas', () => {
    expect(compiler.compile(validSpec()).dialect).toBe('investigation-spec');
    expect(compiler.compile(baseKatasReport()).dialect).toBe('katas-report-v1');
    const unknown = compiler.compile({ ...toyNote(), schema: 'example.toy-note.v2' });
    expect(unknown.error?.message).toContain(`"${TOY_SCHEMA}" for a toy note, or no "schema" for an investigation spec.`);
    expect(unknown.error?.message).toContain(`Did you mean "${TOY_SCHEMA}"?`);
  });

  it('renders its report with its own Markdown tree and flowchart, and the common gate and diagnostics', () => {
    const report = compiler.compile({ ...toyNote(), notes: ['edge cache config', ''] }).report;
    if (report === null) throw new Error('the toy note was not judged');
    const markdown = renderMarkdown(report);
    expect(markdown).toMatch(/^# Toy note: Which cache serves the stale prices\?\n/);
    expect(markdown).toContain('- Notes: 2');
    expect(markdown).toContain('```mermaid\nflowchart TD');
    expect(markdown).toContain('toy-notes');
  });

  it('renders its HTML page with the sections its own module gives, after the problems, and its headline in the header', async () => {
    const report = compiler.compile({ ...toyNote(), notes: ['edge cache config', '<b>purge</b> log'] }).report;
    if (report === null) throw new Error('the toy note was not judged');
    const html = (await htmlRenderer())(report);
    const ids = [...html.matchAll(/<section[^>]* id="([a-z-]+)"/g)].map((found) => found[1]);
    expect(ids).toEqual(['gate', 'problems', 'notes']);
    expect(html).toContain('<ol><li>edge cache config</li><li>&#x3C;b>purge&#x3C;/b> log</li></ol>');
    expect(html).toContain('<a href="#notes">2 looked at</a>');
    // The spec and the katas report keep their own sections beside it.
    const katas = compiler.compile(baseKatasReport()).report;
    expect(katas === null ? '' : (await htmlRenderer())(katas)).toContain('id="topology"');
  });

  it('the catalogs, rules, explain, schema and baselines list its rules', async () => {
    expect(catalogRules().map((rule) => rule.meta.id)).toContain('toy-notes');
    expect(SUPPRESSIBLE_RULES).toContain('toy-notes');
    const rules = await runInProcess(['rules', '--json'], { cwd: tempDir() });
    const data = JSON.parse(rules.stdout).data;
    expect(Object.keys(data)).toEqual(['rules', 'katasRules', 'toyRules', 'artifactChecks']);
    expect(data.toyRules).toEqual([
      expect.objectContaining({ id: 'toy-shape', criterion: 'provenance' }),
      expect.objectContaining({ id: 'toy-notes', criterion: 'provenance' }),
    ]);
    const text = await runInProcess(['rules'], { cwd: tempDir() });
    expect(text.stdout).toMatch(
      /\nRules of toy notes:\n {2}toy-shape +off \/ off +The notes are a list\.\n {2}toy-notes +off \/ off +Every note says what was looked at\.\n/,
    );
    const explained = JSON.parse((await runInProcess(['explain', 'toy-notes', '--json'], { cwd: tempDir() })).stdout).data;
    expect(explained.examples.failing.diagnostics).toEqual([expect.objectContaining({ ruleId: 'toy-notes', path: '/notes/2' })]);
    expect(explained.examples.passing.diagnostics).toEqual([]);
    const schema = JSON.parse((await runInProcess(['schema'], { cwd: tempDir() })).stdout);
    expect(schema.toyRules.map((rule: { id: string }) => rule.id)).toEqual(['toy-shape', 'toy-notes']);
    expect(schema.toyInputSchema).toEqual({ type: 'object', required: ['schema', 'question'] });
  });

  it('a baseline refuses its foundation rule for the reason the rule gives, and accepts its other rule', async () => {
    expect(SUPPRESSIBLE_RULES).not.toContain('toy-shape');
    expect(unsuppressible('toy-shape')).toEqual({
      why: 'foundation',
      reason: 'the notes rule cannot read notes that are not a list, so they are fixed, never accepted',
    });
    expect(unsuppressible('toy-notes')).toBeUndefined();
    const dir = tempDir();
    writeJson(dir, 'note.json', { ...toyNote(), notes: 'edge cache config' });
    writeJson(dir, 'investigation-suppressions.json', { 'note.json': { 'toy-shape': { count: 1 } } });
    const run = await runInProcess(['note.json', '--format', 'text'], { cwd: dir });
    expect(run.stderr + run.stdout).toContain(
      'toy-shape cannot be suppressed: the notes rule cannot read notes that are not a list, so they are fixed, never accepted',
    );
  });

  it('compile --format markdown writes its report, and next declines it in the words the dialect gives', async () => {
    const dir = tempDir();
    writeJson(dir, 'note.json', toyNote());
    const compiled = await runInProcess(['note.json', '--format', 'markdown'], { cwd: dir });
    expect(compiled.status).toBe(0);
    expect(compiled.stdout).toMatch(/^# Toy note: /);
    const next = await runInProcess(['next', 'note.json'], { cwd: dir });
    expect(next.status).toBe(2);
    expect(next.stderr).toContain('note.json is a toy note, a note, not a draft: next advises on an investigation spec');
  });
});
