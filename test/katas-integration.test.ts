import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Table } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createCompiler } from '../src/compile.js';
import { baseKatasReport, katasRules } from '../src/dialects/katas/index.js';
import { renderMarkdown } from '../src/dialects/markdown.js';
import { projectRoot } from './support/cli.js';
import { expectEnvelope } from './support/contract.js';
import { HOSTILE } from './support/hostile-labels.js';
import { runInProcess } from './support/in-process.js';
import { markdownTree } from './support/markdown.js';
import { sarifValidator } from './support/sarif.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('katas');
const valid = (name: string) => JSON.parse(readFileSync(join(projectRoot, 'fixtures', 'katas', 'valid', `${name}.json`), 'utf8'));

describe('a katas report through the compiler', () => {
  const compiler = createCompiler();

  it('is told apart by its schema, judged by its own rules, and reported in the common model with its three budgets', () => {
    const result = compiler.compile(JSON.stringify(valid('mobile-checkout-flag')), { path: 'flag.json' });
    expect(result).toMatchObject({ exitCode: 0, verdict: 'pass', dialect: 'katas-report-v1' });
    const report = result.report!;
    expect(report.dialect).toBe('katas-report-v1');
    const katas = report.dialect === 'katas-report-v1' ? report.katas : undefined;
    expect(katas?.budget.files).toEqual({ limit: 8, used: 3, remaining: 5 });
    expect(Object.keys(katas?.budget ?? {})).toEqual(['files', 'queries', 'minutes', 'status', 'pendingQuestions']);
    expect(report.summary.budget).toMatchObject({ used: 3, total: 8, unit: 'files' });
    expect(report.summary.gate.map((criterion) => criterion.criterion)).toEqual([
      'typed-scratchpad',
      'hard-budget',
      'cheap-map',
      'ranked-hypotheses',
      'selective-deep-dive',
      'typed-replan',
      'provenance',
      'method',
    ]);
    expect(compiler.compile(validSpec()).dialect).toBe('investigation-spec');
  });

  it('refuses a schema it does not know, naming the ones it does, with a did-you-mean for a near miss', () => {
    const result = compiler.compile(
      JSON.stringify({ ...baseKatasReport(), schema: 'jm-labs.katas-adaptive-investigation.report.v2' }, null, 2),
    );
    expect(result).toMatchObject({ exitCode: 3, error: { code: 'INPUT_ERROR', subcode: 'UNKNOWN_SCHEMA', line: 2 } });
    expect(result.error?.message).toContain('use "jm-labs.katas-adaptive-investigation.report.v1" for a katas report');
    expect(result.error?.message).toContain('Did you mean "jm-labs.katas-adaptive-investigation.report.v1"?');
  });

  it('asks for a missing objective or budget, as for a spec: {VACIO_CRITICO}, exit 4', () => {
    const { budget: _budget, ...noBudget } = baseKatasReport();
    expect(compiler.compile(noBudget)).toMatchObject({ exitCode: 4, error: { code: 'CRITICAL_INPUT', subcode: 'MISSING_BUDGET' } });
    expect(compiler.compile({ ...baseKatasReport(), objective: ' ' })).toMatchObject({ exitCode: 4, error: { subcode: 'MISSING_GOAL' } });
  });

  it('keeps every table of its Markdown whole whatever its text holds', () => {
    const hostile = HOSTILE.join(' ');
    const report = baseKatasReport() as Record<string, any>;
    report['findings'][0].summary = hostile;
    report['findings'][0].target = hostile;
    report['topology'].cheap_mapping[0].pattern = hostile;
    report['prioritized_plan'][0].rationale = hostile;
    report['replans'][0].new_plan_order = [hostile];
    report['evidence'][0].claim = hostile;
    const markdown = renderMarkdown(compiler.compile(report).report!);
    const tables = markdownTree(markdown).children.filter((node): node is Table => node.type === 'table');
    expect(tables.length).toBeGreaterThanOrEqual(7);
    for (const table of tables) {
      const width = table.children[0]?.children.length;
      for (const row of table.children) expect(row.children.length).toBe(width);
    }
    // No text made a heading of its own: the sections are those of the plain report.
    const headings = (text: string) => text.split('\n').filter((line) => line.startsWith('#') && line !== '## Diagnostics');
    expect(headings(markdown).slice(1)).toEqual(headings(renderMarkdown(compiler.compile(baseKatasReport()).report!)).slice(1));
  });
});

describe('katas reports on the command line', () => {
  it('compile: the envelope says which dialect each file is; SARIF describes the katas rules, each with its page', async () => {
    const dir = tempDir();
    writeJson(dir, 'reports/flag.json', valid('mobile-checkout-flag'));
    writeJson(dir, 'reports/spec.json', validSpec());
    const run: any = expectEnvelope(await runInProcess(['reports', '--json'], { cwd: dir }), { command: 'compile', exit: 0 });
    expect(run.data.files.map((file: { dialect: string }) => file.dialect)).toEqual(['katas-report-v1', 'investigation-spec']);
    const sarif = JSON.parse((await runInProcess(['reports', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarifValidator()(sarif)).toBe(true);
    const ids = sarif.runs[0].tool.driver.rules.map((rule: { id: string }) => rule.id);
    for (const rule of katasRules) {
      expect(ids).toContain(rule.meta.id);
      expect(existsSync(join(projectRoot, 'docs', 'rules', `${rule.meta.id}.md`)), rule.meta.id).toBe(true);
    }
  });

  it('rules and explain know the katas rules; explain shows a katas report it rejects and one that passes', async () => {
    const rules: any = expectEnvelope(await runInProcess(['rules', '--json'], { cwd: projectRoot }), { command: 'rules', exit: 0 });
    expect(rules.data.katasRules.map((rule: { id: string }) => rule.id)).toEqual(katasRules.map((rule) => rule.meta.id));
    const explained: any = expectEnvelope(await runInProcess(['explain', 'katas-plan', '--json'], { cwd: projectRoot }), {
      command: 'explain',
      exit: 0,
    });
    expect(explained.data.examples.failing.spec.schema).toBe('jm-labs.katas-adaptive-investigation.report.v1');
    expect(explained.data.examples.failing.diagnostics.map((diagnostic: { ruleId: string }) => diagnostic.ruleId)).toContain('katas-plan');
    expect(explained.data.examples.passing.diagnostics).toEqual([]);
  });

  it('next refuses a katas report: it advises on a draft of a spec', async () => {
    const dir = tempDir();
    writeJson(dir, 'flag.json', valid('mobile-checkout-flag'));
    const run: any = expectEnvelope(await runInProcess(['next', 'flag.json', '--json'], { cwd: dir }), {
      command: 'next',
      exit: 2,
      code: 'USAGE_ERROR',
    });
    expect(run.error.message).toContain('is a katas report');
  });

  it('stats and compare read katas reports like specs', async () => {
    const dir = tempDir();
    writeJson(dir, 'base/flag.json', valid('mobile-checkout-flag'));
    const broken = valid('mobile-checkout-flag');
    broken.prioritized_plan[1].priority = broken.prioritized_plan[0].priority;
    writeJson(dir, 'head/flag.json', broken);
    const stats: any = expectEnvelope(await runInProcess(['stats', 'base', 'head', '--json'], { cwd: dir }), { command: 'stats', exit: 0 });
    expect(stats.data.stats.files).toBe(2);
    const compared: any = expectEnvelope(await runInProcess(['compare', 'base', 'head', '--json'], { cwd: dir }), {
      command: 'compare',
      exit: 0,
    });
    expect(compared.data.files[0]).toMatchObject({ worse: true });
  });

  it('convert: the spec a valid report describes passes --preset reference, and what has no place is named and kept', async () => {
    const dir = tempDir();
    for (const name of ['mobile-checkout-flag', 'wiki-laptop-provisioning']) {
      writeJson(dir, `${name}.json`, valid(name));
      const run: any = expectEnvelope(await runInProcess(['convert', `${name}.json`, '--to', 'spec', '--json'], { cwd: dir }), {
        command: 'convert',
        exit: 0,
      });
      expect(run.data.check, name).toMatchObject({ preset: 'reference', verdict: 'pass', diagnostics: [] });
      expect(run.data.unmapped.map((entry: { field: string }) => entry.field)).toContain('budget.queries, budget.minutes');
      expect(run.data.spec['x-katas'].scope).toBe(valid(name).scope);
      const reference = createCompiler({ preset: 'reference' }).compile(run.data.spec);
      expect(reference.verdict).toBe('pass');
    }
    const yaml = await runInProcess(['convert', 'mobile-checkout-flag.json', '--to', 'spec', '--format', 'yaml', '--output', 'flag.yaml'], {
      cwd: dir,
    });
    expect(yaml.status).toBe(0);
    const text = readFileSync(join(dir, 'flag.yaml'), 'utf8');
    expect(text).not.toMatch(/[&*]a\d/);
    expect(parse(text).goal).toBe(valid('mobile-checkout-flag').objective);
    expect(yaml.stderr).toContain('the converted spec passes --preset reference');
  });

  it('convert writes nothing that compile would refuse: a report whose kept data would nest past the limit under x-katas', async () => {
    const dir = tempDir();
    const report = valid('mobile-checkout-flag');
    // 100 levels in the report (its scratchpad, then 98 objects); one more under x-katas in the spec.
    let deep: Record<string, unknown> = {};
    const top = deep;
    for (let level = 0; level < 97; level++) deep = deep['k'] = {};
    report.scratchpad = { ...report.scratchpad, deep: top };
    writeJson(dir, 'deep.json', report);
    expect((await runInProcess(['deep.json', '--format', 'json'], { cwd: dir })).status).toBe(0);
    for (const format of ['json', 'yaml']) {
      const run = await runInProcess(['convert', 'deep.json', '--to', 'spec', '--format', format, '--output', `spec.${format}`, '--json'], {
        cwd: dir,
      });
      const envelope: any = expectEnvelope(run, { command: 'convert', exit: 3, code: 'INPUT_ERROR', subcode: 'TOO_DEEP' });
      expect(envelope.error.message).toContain('deep.json: converted, it would be a spec that compile refuses');
      expect(existsSync(join(dir, `spec.${format}`))).toBe(false);
    }
  });

  it('convert refuses what is not a katas report, and an --output that is the report', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeJson(dir, 'flag.json', valid('mobile-checkout-flag'));
    expectEnvelope(await runInProcess(['convert', 'spec.json', '--to', 'spec', '--json'], { cwd: dir }), {
      command: 'convert',
      exit: 2,
      code: 'USAGE_ERROR',
    });
    const before = readFileSync(join(dir, 'flag.json'), 'utf8');
    const same = await runInProcess(['convert', 'flag.json', '--to', 'spec', '--output', 'flag.json', '--json'], { cwd: dir });
    expectEnvelope(same, { command: 'convert', exit: 2, code: 'USAGE_ERROR', subcode: 'OUTPUT_IS_INPUT' });
    expect(readFileSync(join(dir, 'flag.json'), 'utf8')).toBe(before);
    writeFileSync(join(dir, 'broken.json'), '{"schema": ');
    expectEnvelope(await runInProcess(['convert', 'broken.json', '--to', 'spec', '--json'], { cwd: dir }), {
      command: 'convert',
      exit: 3,
      code: 'INPUT_ERROR',
    });
  });
});
