import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { katasToSpec } from '../src/convert/katas-to-spec.js';
import { baseKatasReport, judgeKatas } from '../src/dialects/katas/index.js';
import { baselineWarnings } from '../src/engine/baselines.js';
import { parseSpecText } from '../src/load/parse.js';
import { builtInPreset } from '../src/policy/presets.js';
import { validSpec } from './support/specs.js';

const gate = createCompiler();

/** The input problem of a text that does not parse. */
function problemOf(text: string, format: 'json' | 'yaml') {
  const result = parseSpecText(text, format);
  if (result.ok) throw new Error('expected the text to be refused');
  return result.problem;
}

const HYPOTHESES_YAML = [
  'goal: x',
  'hypotheses:',
  '  - id: H1',
  '    claim: first',
  '    priority: 1',
  '    cost: 1',
  '    id: H2',
  '    claim: second',
  '',
].join('\n');

describe('hints that lead to the fix', () => {
  it('a YAML list item that lost its "- ": says to write the dash, at the repeated key', () => {
    const problem = problemOf(HYPOTHESES_YAML, 'yaml');
    expect(problem).toEqual({
      subcode: 'DUPLICATE_KEY',
      message:
        'duplicate key "id" at line 7, column 5 in the list item that starts with "id" at line 3; if a new item starts at line 7, write "- " before "id" as line 3 does, else keep one of them.',
      line: 7,
      column: 5,
    });
  });

  it('a key repeated inside a mapping that is no list item keeps the plain duplicate message', () => {
    expect(problemOf('goal: x\nbudget:\n  total: 1\n  total: 2\n', 'yaml').message).toBe(
      'duplicate key "total" at line 4, column 3; it is already defined at line 3, column 3. Keep one of them.',
    );
    // A repeat of a later key of a list item is no lost dash either.
    expect(problemOf('a:\n  - id: H1\n    claim: x\n    claim: y\n', 'yaml').message).toContain('Keep one of them.');
  });

  it('an unquoted [TAG] in YAML: says it became a list and shows the quoted text', () => {
    const spec = validSpec();
    const yaml = `provenance: [DOC]\n`;
    expect(parseSpecText(yaml, 'yaml')).toMatchObject({ ok: true, data: { provenance: ['DOC'] } });
    spec.deepDives[1].provenance = ['DOC'];
    const [diagnostic] = gate.compile(spec).diagnostics;
    expect(diagnostic).toMatchObject({ ruleId: 'schema', path: '/deepDives/1/provenance' });
    expect(diagnostic?.message).toBe(
      '/deepDives/1/provenance must be a string, not an array. In YAML, [DOC] without quotes is a list of one item; to write the text, quote it: provenance: "[DOC]".',
    );
  });

  it('a key indented 3 spaces among keys indented 4: an indentation slip, at the key itself', () => {
    const text = ['goal: x', 'hypotheses:', '  - id: H1', '    priority: 1', '   cost: 1', '    status: open', ''].join('\n');
    expect(problemOf(text, 'yaml')).toEqual({
      subcode: 'YAML_SYNTAX',
      message:
        'invalid YAML: the key "cost" at line 5, column 4 is indented by 3 spaces, but "priority" at line 4, the key above it, is indented by 4 spaces: an indentation slip. Indent "cost" by 4 spaces to keep it in that mapping.',
      line: 5,
      column: 4,
    });
    const mapping = problemOf('goal: x\nbudget:\n    total: 1\n   used: 2\n', 'yaml');
    expect(mapping).toMatchObject({ line: 4, column: 4 });
    expect(mapping.message).toContain('Indent "used" by 4 spaces');
  });

  it('a key indented 5 spaces below a key indented 4: an indentation slip, at the key itself', () => {
    const text = ['goal: x', 'hypotheses:', '  - id: H1', '    priority: 1', '     cost: 1', '    status: open', ''].join('\n');
    expect(problemOf(text, 'yaml')).toEqual({
      subcode: 'YAML_SYNTAX',
      message:
        'invalid YAML: the key "cost" at line 5, column 6 is indented by 5 spaces, but "priority" at line 4, the key above it, is indented by 4 spaces: an indentation slip. Indent "cost" by 4 spaces to keep it in that mapping.',
      line: 5,
      column: 6,
    });
    // Right under the item's dash, after a plain mapping's key, and after lines of the value's own text.
    expect(problemOf('goal: x\nhypotheses:\n  - id: H1\n     priority: 1\n', 'yaml')).toMatchObject({ line: 4, column: 6 });
    expect(problemOf('goal: x\nhypotheses:\n  - id: H1\n     priority: 1\n', 'yaml').message).toContain('but "id" at line 3');
    const mapping = problemOf('goal: x\nbudget:\n  total: 1\n   used: 2\n', 'yaml');
    expect(mapping).toMatchObject({ line: 4, column: 4 });
    expect(mapping.message).toContain('Indent "used" by 2 spaces to keep it in that mapping.');
    expect(problemOf('goal: x\nclaim: the re-org\n  matrix says\n budget: 2\n', 'yaml').message).toContain(
      'Start "budget" at the beginning of its line to keep it in that mapping.',
    );
  });

  it('a text holding ": " keeps the advice to quote it, one line or several, and so does a key two spaces deeper', () => {
    for (const text of [
      'goal: x\nclaim: cause: a timeout\n',
      'goal: x\nclaim: a\n  see (old): c\n budget: 1\n',
      'goal: x\nclaim: a\n  b: c\n',
    ]) {
      const problem = problemOf(text, 'yaml');
      expect(problem).toMatchObject({ line: 2, column: 8 });
      expect(problem.message).toMatch(/must be quoted/);
    }
  });

  it('a JSON trailing comma: points at the comma, and says to remove it', () => {
    expect(problemOf('{\n  "goal": "x",\n  "risks": ["a",\n  ],\n}\n', 'json')).toEqual({
      subcode: 'JSON_SYNTAX',
      message: 'invalid JSON at line 3, column 16: a trailing comma before the closing bracket; JSON allows none, so remove it',
      line: 3,
      column: 16,
    });
    expect(problemOf('{"goal": "x", }', 'json')).toMatchObject({ line: 1, column: 13 });
  });

  it('a stop reason that is one word of an allowed one: suggests it', () => {
    const spec = validSpec();
    spec.stopCondition.reason = 'resolved';
    const [diagnostic] = gate.compile(spec).diagnostics;
    expect(diagnostic).toMatchObject({ ruleId: 'stop-reason', suggestion: 'goal_resolved' });
    expect(diagnostic?.message).toMatch(/ Did you mean "goal_resolved"\?$/);
    // "goal" is a word of two allowed reasons: no single best answer, no suggestion.
    spec.stopCondition.reason = 'goal';
    expect(gate.compile(spec).diagnostics[0]?.suggestion).toBeUndefined();
  });
});

describe('a deep dive naming an unknown hypothesis', () => {
  /** D2, the only dive left confirming H2, pointed at "H5": as close to H1 and H3 as to H2. */
  function misnamed(node?: string): ReturnType<typeof validSpec> {
    const spec = validSpec();
    spec.deepDives[1].hypothesisId = 'H5';
    spec.deepDives[2].effect = 'neutral';
    if (node !== undefined) spec.deepDives[1].node = node;
    return spec;
  }

  it('is reported first, names the hypothesis whose candidate nodes hold its node, and alone', () => {
    const diagnostics = gate.compile(misnamed()).diagnostics;
    expect(diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path])).toEqual([
      ['dive-selective', '/deepDives/1/hypothesisId'],
    ]);
    expect(diagnostics[0]?.message).toBe(
      'deep dive "D2" tests hypothesis "H5", which is not in hypotheses; rank a hypothesis before reading for it. Did you mean "H2", the hypothesis whose candidateNodes include "billing/money/decimal.ts"? "H2" is confirmed, and no other deep dive confirms it.',
    );
  });

  it('offers no guess among equally close ids, and no consequence is listed before it', () => {
    const diagnostics = gate.compile(misnamed('billing/invoice/total.spec.ts')).diagnostics;
    expect(diagnostics[0]).toMatchObject({ ruleId: 'dive-selective', path: '/deepDives/1/hypothesisId' });
    expect(diagnostics[0]?.message).not.toContain('Did you mean');
    expect(diagnostics.some((diagnostic) => diagnostic.ruleId === 'hypothesis-status')).toBe(false);
  });

  it('still lets hypothesis-status speak once the id names a ranked hypothesis', () => {
    const spec = misnamed();
    spec.deepDives[1].hypothesisId = 'H3';
    const paths = gate.compile(spec).diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path]);
    expect(paths).toContainEqual(['hypothesis-status', '/hypotheses/1/status']);
  });

  it('in a replan, offers no guess among equally close ids either', () => {
    const spec = validSpec();
    spec.replanLog = [{ ...(spec.replanLog[0] ?? {}), hypothesisId: 'H9' }];
    const diagnostic = gate.compile(spec).diagnostics.find((entry) => entry.path.endsWith('/hypothesisId'));
    expect(diagnostic?.message).toMatch(/^replan names hypothesis "H9", which is not in hypotheses; [^?]*$/);
  });
});

describe('katas diagnostics', () => {
  it('are listed in the order of the report format, not by field name', () => {
    const report = baseKatasReport();
    (report['topology'] as { candidates: unknown }).candidates = 'not a list';
    (report['findings'] as unknown[]).push('not a finding');
    (report['budget'] as { status: unknown }).status = 7;
    const { diagnostics } = judgeKatas(report, { preset: 'gate', settings: builtInPreset('gate').rules });
    const tops = [...new Set(diagnostics.map((diagnostic) => diagnostic.path.split('/')[1]))];
    expect(tops.slice(0, 3)).toEqual(['budget', 'topology', 'findings']);
  });
});

describe('plural slips', () => {
  it('says "1 problem" and "1 result"', () => {
    const warnings = baselineWarnings({
      files: [],
      written: [],
      unused: [{ file: 'b.json', spec: 's.json', ruleId: 'r', count: 1, found: 0 }],
      unusedTotal: 1,
      exceeded: [{ file: 'b.json', spec: 's.json', ruleId: 'r', count: 0, found: 1 }],
    });
    expect(warnings[0]).toContain('r found 1 problem, more than the 0');
    expect(warnings[1]).toContain('accepts 1 problem of r');
    const report = baseKatasReport();
    ((report['topology'] as { cheap_mapping: Array<{ result_count: number }> }).cheap_mapping[0] as { result_count: number }).result_count =
      1;
    const { spec } = katasToSpec(report);
    expect((spec as { surfaceMap: Array<{ evidence: string }> }).surfaceMap[0]?.evidence).toMatch(/^1 result \[/);
  });
});
