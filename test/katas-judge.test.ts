import { describe, expect, it } from 'vitest';
import { baseKatasReport, findFloatLiterals, findKatasCriticalGaps, judgeKatas, type KatasExample } from '../src/dialects/katas/index.js';
import { fileNamedBy } from '../src/dialects/katas/rules/finding-source-mapped.js';
import { builtInPreset } from '../src/policy/presets.js';

type Preset = 'gate' | 'reference';

function judged(edit: (report: any) => void, preset: Preset, settings = builtInPreset(preset).rules) {
  const report = baseKatasReport();
  edit(report);
  return judgeKatas(report, { preset, settings });
}

const verdict = (edit: (report: any) => void, preset: Preset) =>
  judged(edit, preset).diagnostics.some((diagnostic) => diagnostic.severity === 'error') ? 'fail' : 'pass';
const ruleIds = (edit: (report: any) => void, preset: Preset) => judged(edit, preset).diagnostics.map((d) => [d.ruleId, d.path]);

describe('the reference preset reads values as the katas validator (Python) does', () => {
  const cases: Array<[string, (report: any) => void, 'pass' | 'fail']> = [
    ['a boolean limit counts as 1 (true is an int)', (r) => ((r.budget.minutes.limit = true), (r.budget.minutes.used = 1)), 'pass'],
    ['a boolean use counts as 0', (r) => (r.budget.files.used = false), 'pass'],
    ['a limit of false is 0, not positive', (r) => (r.budget.files.limit = false), 'fail'],
    ['a priority of true repeats priority 1', (r) => (r.prioritized_plan[1].priority = true), 'fail'],
    ['U+001C is white space to Python', (r) => (r.scope = '\u001c'), 'fail'],
    ['NEL is white space to Python', (r) => (r.hypothesis = '\u0085'), 'fail'],
    ['the byte order mark is not white space to Python', (r) => (r.scope = '\ufeff'), 'pass'],
    ['a slug may end in one line feed', (r) => (r.findings[1].id = 'cursor-saved-before-commit\n'), 'pass'],
    ['but not in two', (r) => (r.findings[1].id = 'cursor-saved-before-commit\n\n'), 'fail'],
    [
      'an unhashable trigger crashes the validator: a fail',
      (r) => (r.replans[0].trigger_finding_id = ['retry-resends-only-failures']),
      'fail',
    ],
    ['an unhashable budget status crashes it too', (r) => (r.budget.status = {}), 'fail'],
    ['any list of remaining risks will do', (r) => (r.risks.remaining = [1, null, {}]), 'pass'],
    ['a flag that is not a boolean fails', (r) => (r.findings[1].invalidates_hypothesis = 0), 'fail'],
    ['one replan among several invalidating findings is enough', (r) => (r.findings[1].invalidates_hypothesis = true), 'pass'],
    ['unknown keys are ignored', (r) => ((r.extra = 1), (r.budget.files.note = 'x')), 'pass'],
    ['a forbidden pattern is matched exactly', (r) => (r.risks.forbidden_patterns = ['Read_All_Files', 'read_all_files ']), 'pass'],
  ];
  it.each(cases)('%s', (_title, edit, expected) => {
    expect(verdict(edit, 'reference')).toBe(expected);
    // The gate is the stricter judge: it fails what the reference fails.
    if (expected === 'fail') expect(verdict(edit, 'gate')).toBe('fail');
  });

  it('hides nothing from the rules: no value is tainted', () => {
    const { view, diagnostics } = judged((r) => ((r.budget.files.limit = 'twelve'), (r.findings[0] = 'a finding')), 'reference');
    expect(view.schema.failed.size + view.schema.tainted.size).toBe(0);
    expect(diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['katas-budget', '/budget/files/limit'],
      ['katas-findings', '/findings/0'],
    ]);
  });

  it('judges a report that lacks a top-level field on that alone', () => {
    expect(ruleIds((r) => (delete r.replans, (r.budget.files.used = 99), (r.skill = 'other')), 'reference')).toEqual([
      ['katas-header', ''],
    ]);
  });

  it('judges anything but an object as a report without any field', () => {
    for (const data of [[], 'report', 7, null]) {
      const { diagnostics } = judgeKatas(data as unknown as KatasExample, {
        preset: 'reference',
        settings: builtInPreset('reference').rules,
      });
      expect(diagnostics.length).toBe(14);
      expect(new Set(diagnostics.map((d) => d.ruleId))).toEqual(new Set(['katas-header']));
    }
    const gate = judgeKatas([] as unknown as KatasExample, { preset: 'gate', settings: builtInPreset('gate').rules });
    expect(gate.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['katas-schema', '']]);
  });

  it('judges numbers spelt 5.0 or 5e0 as the floats Python reads, under both presets', () => {
    const text = JSON.stringify(baseKatasReport()).replace('"used":4', '"used":4.0').replace('"result_count":17', '"result_count":1.7e1');
    expect(findFloatLiterals(text)).toEqual(new Set(['/budget/files/used', '/topology/cheap_mapping/0/result_count']));
    for (const preset of ['gate', 'reference'] as const) {
      const report = JSON.parse(text);
      const { diagnostics } = judgeKatas(report, { preset, settings: builtInPreset(preset).rules, floatLiterals: findFloatLiterals(text) });
      expect(diagnostics.map((d) => d.path)).toEqual(['/budget/files/used', '/topology/cheap_mapping/0/result_count']);
      expect(diagnostics[0]?.message).toContain('decimal point or an exponent');
    }
  });
});

describe('the gate preset', () => {
  it('gives one diagnostic for one mistake: the rules skip what the JSON Schema rejected', () => {
    expect(ruleIds((r) => (r.budget.files.limit = '12'), 'gate')).toEqual([['katas-schema', '/budget/files/limit']]);
    expect(ruleIds((r) => (r.findings[0] = 'a finding'), 'gate')).toEqual([['katas-schema', '/findings/0']]);
    expect(ruleIds((r) => (r.replans[0].trigger_finding_id = ['retry-resends-only-failures']), 'gate')).toEqual([
      ['katas-schema', '/replans/0/trigger_finding_id'],
    ]);
    expect(ruleIds((r) => (r.prioritized_plan[0].target = 7), 'gate')).toEqual([['katas-schema', '/prioritized_plan/0/target']]);
  });

  it('reads text as it shows: a zero-width space is a blank scope', () => {
    expect(ruleIds((r) => (r.scope = '\u200b'), 'gate')).toEqual([['katas-header', '/scope']]);
    expect(verdict((r) => (r.scope = '\u200b'), 'reference')).toBe('pass');
  });

  it('without katas-schema, skips mistyped values rather than read them', () => {
    const settings = { ...builtInPreset('gate').rules, 'katas-schema': 'off' as const };
    const { diagnostics } = judged(
      (r) => ((r.budget.files.limit = '12'), (r.findings[0] = 'a finding'), (r.topology = [])),
      'gate',
      settings,
    );
    expect(diagnostics).toEqual([]);
  });

  it('says which value was meant where a value is outside a fixed list', () => {
    const [diagnostic] = judged((r) => (r.evidence[1].evidence_tag = '[INFERENCE]'), 'gate').diagnostics;
    expect(diagnostic?.suggestion).toBe('[INFERENCIA]');
    expect(diagnostic?.expected).toContain('[CONFIG]');
    expect(diagnostic?.message).toMatch(/Did you mean "\[INFERENCIA\]"\?$/);
  });

  it('marks the problems a baseline accepts as suppressed', () => {
    const report = baseKatasReport();
    (report['validation'] as Record<string, unknown>)['status'] = 'block';
    const { diagnostics } = judgeKatas(report, {
      preset: 'gate',
      settings: builtInPreset('gate').rules,
      baseline: { source: 'katas.suppressions.json', counts: { 'katas-validation-not-blocked': 1 } },
    });
    expect(diagnostics.map((d) => d.suppressed)).toEqual([{ baseline: 'katas.suppressions.json' }]);
  });
});

describe('critical gaps', () => {
  const gaps = (edit: (report: any) => void) => {
    const report = baseKatasReport();
    edit(report);
    return findKatasCriticalGaps(report).map((gap) => [gap.subcode, gap.path]);
  };

  it('asks for a missing, null, blank or non-text objective, and a budget that is not an object', () => {
    expect(gaps(() => {})).toEqual([]);
    for (const objective of [undefined, null, '', ' \u001c ', 42]) {
      expect(gaps((r) => (objective === undefined ? delete r.objective : (r.objective = objective)))).toEqual([
        ['MISSING_GOAL', '/objective'],
      ]);
    }
    for (const budget of [undefined, null, [], 'ten files']) {
      expect(gaps((r) => (budget === undefined ? delete r.budget : (r.budget = budget)))).toEqual([['MISSING_BUDGET', '/budget']]);
    }
    for (const gap of findKatasCriticalGaps({})) expect(gap.message).toMatch(/^\{VACIO_CRITICO\} .+\?/);
  });

  it('judges blank by Python white space, so that a gap always fails the katas validator', () => {
    expect(gaps((r) => (r.objective = '\ufeff'))).toEqual([]);
  });
});

describe('which finding sources name a file', () => {
  it.each([
    ['services/billing/export/cursor.go', 'services/billing/export/cursor.go'],
    ['services/billing/export/cursor.go:88', 'services/billing/export/cursor.go'],
    ['services/billing/export/cursor.go:88-95', 'services/billing/export/cursor.go'],
    ['app/CheckoutRouter.kt#L41-L57', 'app/CheckoutRouter.kt'],
    ['README.md', 'README.md'],
    ['docs/runbooks', 'docs/runbooks'],
    ['findings[0]', undefined],
    ['topology.cheap_mapping', undefined],
    ['the gateway docstring', undefined],
    ['Makefile', undefined],
  ])('%s', (source, file) => {
    expect(fileNamedBy(source)).toBe(file);
  });
});
