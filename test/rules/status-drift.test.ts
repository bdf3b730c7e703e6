// status-drift: a status that disagrees with its hypothesis's last deciding deep dive, in both
// directions, never where hypothesis-status already speaks; an error in a finished spec, a warning
// in a draft, off in the reference preset.
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/compile.js';
import { validSpec } from '../support/specs.js';

type Spec = ReturnType<typeof validSpec>;

const gate = createCompiler();
const reference = createCompiler({ preset: 'reference' });

function found(spec: Spec, options: { stage?: 'draft' } = {}, compiler = gate): Array<[string, string, string]> {
  return compiler.compile(spec, options).diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.severity, diagnostic.path]);
}

function spec(mutate: (spec: Spec) => void): Spec {
  const copy = validSpec();
  mutate(copy);
  return copy;
}

/** D3 now tests H3 and confirms it: H3's last deciding deep dive. */
const h3ConfirmedByD3 = (s: Spec) => {
  s.deepDives[2].hypothesisId = 'H3';
};

describe('status-drift', () => {
  it('flags a hypothesis still open after its deep dive confirmed it, naming the dive and the status to set', () => {
    const result = gate.compile(spec(h3ConfirmedByD3));
    expect(result.diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path])).toEqual([
      ['status-drift', '/hypotheses/2/status'],
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      'hypothesis "H3" is still open, but deep dive "D3", the last to confirm or invalidate it, confirms it; set its status to "confirmed".',
    );
    expect(result.exitCode).toBe(1);
  });

  it('flags an active hypothesis that a deep dive invalidated', () => {
    const s = spec((s) => {
      h3ConfirmedByD3(s);
      s.deepDives[2].effect = 'invalidates';
      s.hypotheses[2].status = 'active';
    });
    expect(found(s)).toEqual([['status-drift', 'error', '/hypotheses/2/status']]);
    expect(gate.compile(s).diagnostics[0]?.message).toContain('is still active, but deep dive "D3"');
  });

  it('flags a confirmed hypothesis whose last deciding deep dive invalidates it, after one confirmed it', () => {
    // D2 confirms H2, then D3 invalidates it: the status still says confirmed.
    const s = spec((s) => {
      s.deepDives[2].effect = 'invalidates';
    });
    expect(found(s)).toEqual([['status-drift', 'error', '/hypotheses/1/status']]);
    expect(gate.compile(s).diagnostics[0]?.message).toContain('is confirmed, but deep dive "D3"');
  });

  it('flags an invalidated hypothesis whose last deciding deep dive confirms it, and not once the status follows', () => {
    // D1 invalidates H1; a later dive on H1 confirms it.
    const overturned = spec((s) => {
      s.deepDives[2].hypothesisId = 'H1';
      s.hypotheses[1].status = 'confirmed';
    });
    expect(found(overturned).filter(([ruleId]) => ruleId === 'status-drift')).toEqual([['status-drift', 'error', '/hypotheses/0/status']]);
    overturned.hypotheses[0].status = 'confirmed';
    expect(found(overturned).filter(([ruleId]) => ruleId === 'status-drift')).toEqual([]);
  });

  it('is quiet when a later deep dive is neutral: the last deciding one still has the word', () => {
    const s = spec((s) => {
      s.deepDives.push({ ...s.deepDives[0], id: 'D4', hypothesisId: 'H2', effect: 'neutral' });
      s.budget.used = 4;
    });
    expect(found(s)).toEqual([]);
  });

  it('leaves a settled status no deep dive of its effect backs to hypothesis-status: one mistake, one diagnostic', () => {
    // H2 confirmed, its only deciding deep dives now invalidate it: hypothesis-status's finding alone.
    const s = spec((s) => {
      s.deepDives[1].effect = 'invalidates';
      s.deepDives[2].effect = 'invalidates';
    });
    expect(found(s).map(([ruleId, , path]) => [ruleId, path])).toContainEqual(['hypothesis-status', '/hypotheses/1/status']);
    expect(found(s).some(([ruleId]) => ruleId === 'status-drift')).toBe(false);
  });

  it('is quiet about a hypothesis id two hypotheses share, and while a deep dive is unreadable', () => {
    const shared = spec((s) => {
      h3ConfirmedByD3(s);
      s.hypotheses[2].id = 'H2';
      s.deepDives[2].hypothesisId = 'H2';
    });
    expect(found(shared).some(([ruleId]) => ruleId === 'status-drift')).toBe(false);
    const unreadable = spec((s) => {
      h3ConfirmedByD3(s);
      s.deepDives[1].effect = 7;
    });
    expect(found(unreadable).some(([ruleId]) => ruleId === 'status-drift')).toBe(false);
  });

  it('is a warning in a draft (still draft-ok), an error when finished, and off in the reference preset', () => {
    const s = spec(h3ConfirmedByD3);
    const draft = gate.compile(s, { stage: 'draft' });
    expect(draft.verdict).toBe('draft-ok');
    expect(found(s, { stage: 'draft' })).toEqual([['status-drift', 'warning', '/hypotheses/2/status']]);
    expect(found(s)).toEqual([['status-drift', 'error', '/hypotheses/2/status']]);
    expect(found(s, {}, reference)).toEqual([]);
    // Off stays off in a draft; a configuration can lower it to a warning everywhere.
    expect(found(s, { stage: 'draft' }, createCompiler({ rules: { 'status-drift': 'off' } }))).toEqual([]);
    expect(found(s, {}, createCompiler({ rules: { 'status-drift': 'warning' } }))).toEqual([
      ['status-drift', 'warning', '/hypotheses/2/status'],
    ]);
  });
});
