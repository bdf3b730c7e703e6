/**
 * Messages are bounded by the input, not by the policy: a diagnostic names at most MAX_EXPECTED
 * allowed values and a count, and a policy's lists have documented limits (1,000 names of at most
 * 200 characters each, 100 budget units), so that a large configuration cannot make every
 * diagnostic carry it.
 */

import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/index.js';
import { envelopeOf } from '../support/envelope.js';
import { runInProcess } from '../support/in-process.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('policy-size');
const tags = (count: number) => Array.from({ length: count }, (_, index) => `[TAG${index}]`);

/** A spec whose every deep dive has a provenance tag no policy allows. */
function unknownTagSpec(dives: number): Record<string, any> {
  const spec = validSpec();
  const [dive] = spec['deepDives'];
  spec['deepDives'] = Array.from({ length: dives }, (_, index) => ({ ...dive, id: `D${index + 1}`, provenance: '[NOPE]' }));
  spec['budget'] = { ...spec['budget'], total: 50, used: dives };
  return spec;
}

describe('a diagnostic about a value outside a long list', () => {
  it('names the first 10 allowed values and how many more there are, in the message and in expected', () => {
    const compiler = createCompiler({ policy: { provenanceTags: tags(1000) } });
    const result = compiler.compile(JSON.stringify(unknownTagSpec(3)), { path: 'spec.json' });
    const unknown = result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'finding-provenance');
    expect(unknown).toHaveLength(3);
    for (const diagnostic of unknown) {
      expect(diagnostic.expected).toEqual(tags(10));
      expect(diagnostic.expectedCount).toBe(1000);
      expect(diagnostic.message).toContain('"[TAG9]" or one of 990 more');
      expect(diagnostic.message).not.toContain('[TAG10]');
      expect(diagnostic.message.length).toBeLessThan(300);
    }
  });

  it('lists every allowed value when there are at most 10, without a count', () => {
    const compiler = createCompiler({ policy: { provenanceTags: tags(10) } });
    const diagnostic = compiler
      .compile(JSON.stringify(unknownTagSpec(1)), { path: 'spec.json' })
      .diagnostics.find((found) => found.ruleId === 'finding-provenance');
    expect(diagnostic?.expected).toEqual(tags(10));
    expect(diagnostic?.expectedCount).toBeUndefined();
    expect(diagnostic?.message).toContain('"[TAG8]" or "[TAG9]".');
  });

  it('keeps the envelope and the SARIF log the size of the problems, not of the policy', async () => {
    const dir = tempDir();
    writeJson(dir, 'investigation.config.json', { policy: { provenanceTags: tags(1000) } });
    writeJson(dir, 'spec.json', unknownTagSpec(40));
    const run = await runInProcess(['spec.json', '--json'], { cwd: dir });
    const envelope = envelopeOf(run.stdout);
    const [file] = envelope.data.files;
    const unknown = file.diagnostics.filter((diagnostic: { ruleId: string }) => diagnostic.ruleId === 'finding-provenance');
    expect(unknown).toHaveLength(40);
    expect(unknown.every((diagnostic: { expectedCount?: number }) => diagnostic.expectedCount === 1000)).toBe(true);
    // 40 diagnostics that each carried the 1,000 tags would be over 500 KB.
    expect(run.stdout.length).toBeLessThan(150_000);
    const sarif = await runInProcess(['spec.json', '--format', 'sarif'], { cwd: dir });
    const results = JSON.parse(sarif.stdout).runs[0].results.filter((result: { ruleId: string }) => result.ruleId === 'finding-provenance');
    expect(results[0].properties).toMatchObject({ expected: tags(10), expectedCount: 1000 });
  });
});

describe("a policy's documented limits", () => {
  it('refuses a list of more than 1,000 names, a name of more than 200 characters and more than 100 budget units', async () => {
    const dir = tempDir();
    const units = Object.fromEntries(
      Array.from({ length: 101 }, (_, index) => [`unit${index}`, { minTotal: 1, maxTotal: 5, accounting: 'deepDives' }]),
    );
    writeJson(dir, 'investigation.config.json', {
      policy: { provenanceTags: tags(1001), stopReasons: ['x'.repeat(201)], budget: units },
    });
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    const envelope = envelopeOf(run.stdout);
    expect(envelope.error.subcode).toBe('INVALID_POLICY');
    expect(envelope.error.message).toMatch(/provenanceTags.*1000/);
    expect(envelope.error.message).toMatch(/stopReasons.*200/);
    expect(envelope.error.message).toMatch(/budget.*100/);
    // The refusal names the problems, not the lists.
    expect(envelope.error.message).not.toContain('[TAG500]');
    expect(envelope.error.message.length).toBeLessThan(2000);
  });

  it('a configuration over its 1 MiB limit is refused with that limit, not with advice about --max-bytes', async () => {
    const dir = tempDir();
    writeJson(dir, 'investigation.config.json', { policy: { provenanceTags: tags(90_000) } });
    writeJson(dir, 'spec.json', validSpec());
    const run = await runInProcess(['spec.json', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    const { error } = envelopeOf(run.stdout);
    expect(error.message).toContain('a configuration file holds at most 1 MiB');
    expect(error.message).not.toContain('--max-bytes');
  });
});
