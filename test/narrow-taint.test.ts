import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { validSpec } from './support/specs.js';

type Spec = ReturnType<typeof validSpec>;

const gate = createCompiler();

function diagnose(mutate: (spec: Spec) => void): Array<[ruleId: string, path: string]> {
  const spec = validSpec();
  mutate(spec);
  return gate.compile(spec).diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path]);
}

describe('a schema error hides only the findings that depend on the broken value', () => {
  it('a bad provenance on one dive leaves the hypotheses rules and the other dives judged', () => {
    expect(
      diagnose((s) => {
        s.deepDives[2].provenance = 7;
        s.deepDives[0].node = 'billing/README.md';
        s.hypotheses[2].status = 'confirmed';
      }),
    ).toEqual([
      ['hypothesis-status', '/hypotheses/2/status'],
      ['dive-grounded', '/deepDives/0/node'],
      ['schema', '/deepDives/2/provenance'],
    ]);
  });

  it('the other fields of the broken item are still judged', () => {
    expect(
      diagnose((s) => {
        s.deepDives[2].provenance = 7;
        s.deepDives[2].node = 'billing/README.md';
        s.deepDives[2].tool = 'Glob';
      }),
    ).toEqual([
      ['dive-grounded', '/deepDives/2/node'],
      ['dive-selective', '/deepDives/2/tool'],
      ['schema', '/deepDives/2/provenance'],
    ]);
  });

  it('a replan with a bad decision still has its trigger checked', () => {
    expect(
      diagnose((s) => {
        s.replanLog[0].decision = ['Promote H2'];
        s.replanLog[0].trigger = 'every_turn';
      }),
    ).toEqual([
      ['replan-typed', '/replanLog/0/trigger'],
      ['schema', '/replanLog/0/decision'],
    ]);
  });

  it('a missing field hides nothing that does not read it', () => {
    expect(
      diagnose((s) => {
        delete s.hypotheses[0].claim;
        s.hypotheses[0].candidateNodes = ['billing/nowhere.ts'];
      }),
    ).toEqual([
      ['schema', '/hypotheses/0'],
      ['hypotheses-grounded', '/hypotheses/0/candidateNodes/0'],
    ]);
  });

  it('a conclusion from absence stays quiet when a value it counts on is broken', () => {
    expect(
      diagnose((s) => {
        s.deepDives[2].hypothesisId = 3;
        s.hypotheses[2].status = 'confirmed';
      }),
    ).toEqual([['schema', '/deepDives/2/hypothesisId']]);
  });

  it('a rule that reads the broken value stays quiet about it', () => {
    expect(diagnose((s) => (s.deepDives[1].tool = 42))).toEqual([['schema', '/deepDives/1/tool']]);
  });

  it('an item that is not an object hides every finding on it', () => {
    expect(diagnose((s) => (s.deepDives[2] = 'D3'))).toEqual([['schema', '/deepDives/2']]);
  });
});

describe('SpecView items', () => {
  it('gives every rule one list of a section the schema accepted whole, and a list of its own where taint reaches it', async () => {
    const { SpecView } = await import('../src/rules/spec-view.js');
    const { validateStructure } = await import('../src/schema/issues.js');
    const clean = validSpec() as unknown as Record<string, unknown>;
    const cleanView = new SpecView(clean, validateStructure(clean));
    // One list of entries for 100,000 dives, not one a way of reading them.
    expect(cleanView.items('deepDives', ['node'])).toBe(cleanView.items('deepDives', ['tool', 'provenance']));

    const spec = validSpec();
    spec.deepDives[1].provenance = 7;
    const data = spec as unknown as Record<string, unknown>;
    const view = new SpecView(data, validateStructure(data));
    const byNode = view.items('deepDives', ['node']);
    const byProvenance = view.items('deepDives', ['provenance']);
    expect(byNode.map((item) => item.index)).toEqual([...spec.deepDives.keys()]);
    expect(byProvenance.map((item) => item.index)).not.toContain(1);
    expect(byProvenance.length).toBe(spec.deepDives.length - 1);
  });
});
