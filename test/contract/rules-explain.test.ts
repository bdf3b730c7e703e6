import { describe, expect, it } from 'vitest';
import gatePreset from '../../assets/presets/gate.json' with { type: 'json' };
import referencePreset from '../../assets/presets/reference.json' with { type: 'json' };
import { rules } from '../../src/rules/catalog.js';
import { type Contract, expectEnvelope } from '../support/contract.js';
import { runBuiltInProcess as runBuilt } from '../support/in-process.js';
import { useTempDirs } from '../support/temp.js';

/** The `rules` and `explain` commands, through the built CLI, in text and in the `--json` envelope. */

const tempDir = useTempDirs('contract');

describe('rules command', () => {
  it('lists every rule id with its severity in each preset, in catalog order', async () => {
    const result = await runBuilt(['rules'], { cwd: tempDir() });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Rules \(severity: gate \/ reference\):\n/);
    const lines = result.stdout.split('\n');
    let previous = -1;
    for (const rule of rules) {
      const id = rule.meta.id;
      const gate = (gatePreset.rules as Record<string, string>)[id];
      const reference = (referencePreset.rules as Record<string, string>)[id];
      const index = lines.findIndex((line) => new RegExp(`^\\s+${id.replace(/-/g, '\\-')}\\s+${gate} / ${reference}\\s+\\S`).test(line));
      expect(index, `no line for ${id} with ${gate} / ${reference}`).toBeGreaterThan(previous);
      expect(lines[index]).toContain(rule.meta.description);
      previous = index;
    }
  });

  it('--json lists the same rules with their severities', async () => {
    const envelope = expectEnvelope(await runBuilt(['rules', '--json'], { cwd: tempDir() }), { command: 'rules', exit: 0, code: null });
    const listed = envelope.data['rules'] as Contract['rules'];
    expect(listed.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.meta.id));
    for (const entry of listed) {
      expect(entry.severity).toEqual({
        gate: (gatePreset.rules as Record<string, string>)[entry.id],
        reference: (referencePreset.rules as Record<string, string>)[entry.id],
      });
    }
  });
});

describe('explain command', () => {
  it.each(rules.map((rule) => [rule.meta.id, rule] as const))('explain %s', async (id, rule) => {
    const dir = tempDir();
    const text = await runBuilt(['explain', id], { cwd: dir });
    expect(text.status).toBe(0);
    expect(text.stderr).toBe('');
    expect(text.stdout.startsWith(`${id}  (`)).toBe(true);
    expect(text.stdout).toContain(rule.meta.description);
    expect(text.stdout).toContain('Failing example');
    expect(text.stdout).toContain('Passing example');
    expect(text.stdout.indexOf('Failing example')).toBeLessThan(text.stdout.indexOf('Passing example'));

    const envelope = expectEnvelope(await runBuilt(['explain', id, '--json'], { cwd: dir }), {
      command: 'explain',
      exit: 0,
      code: null,
    });
    expect(envelope.data['rule'].id).toBe(id);
    expect(envelope.data['rule'].description).toBe(rule.meta.description);
    const failing = envelope.data['examples'].failing.diagnostics as Array<{ ruleId: string }>;
    expect(
      failing.some((diagnostic) => diagnostic.ruleId === id),
      JSON.stringify(failing),
    ).toBe(true);
    expect(envelope.data['examples'].passing.diagnostics).toEqual([]);
    expect(envelope.data['examples'].failing.title).toBe(rule.meta.examples.failing.title);
    expect(envelope.data['examples'].passing.title).toBe(rule.meta.examples.passing.title);
  });
});
