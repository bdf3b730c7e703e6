/**
 * Baselines by size: a baseline of many entries for specs long gone costs memory in proportion to
 * its entries, and a small amount per entry; what the run prints about it is bounded by what the
 * input has, never by the baseline (a few entries named, then a count); a broken baseline of many
 * problems gets a message of bounded length. Memory is the kernel's peak resident figure of the
 * built CLI, compared between two sizes, so the test counts bytes, not seconds.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envelopeOf } from '../support/envelope.js';
import { runInProcess } from '../support/in-process.js';
import { canMeasurePeakMemory, peakMemoryOf } from '../support/peak-memory.js';
import { gateFailingSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('baseline-size');

/** A folder with one spec that fails on dive-selective, and a baseline of `gone` entries for specs that are not there, plus one for the spec. */
function corpusWithBaseline(
  gone: number,
  entry: (index: number) => string = (index) => `"gone/${index}.json":{"dive-selective":{"count":1}}`,
): string {
  const dir = tempDir();
  writeJson(dir, 'spec.json', gateFailingSpec());
  const entries = Array.from({ length: gone }, (_, index) => entry(index));
  entries.push('"spec.json":{"dive-selective":{"count":1}}');
  writeFileSync(join(dir, 'baseline.json'), `{${entries.join(',')}}`);
  return dir;
}

describe('a baseline of many entries', () => {
  it('names a few unused entries and counts the rest, on stderr and in the envelope', { timeout: 120_000 }, async () => {
    const dir = corpusWithBaseline(10_000);
    const run = await runInProcess(['spec.json', '--suppressions', 'baseline.json', '--format', 'text', '--json'], { cwd: dir });
    const envelope = envelopeOf(run.stdout);
    expect(run.status).toBe(0);
    expect(envelope.data.summary.suppressed).toBe(1);
    expect(envelope.data.suppressions.unused).toHaveLength(100);
    expect(envelope.data.suppressions.unused[0]).toEqual({
      file: 'baseline.json',
      spec: 'gone/0.json',
      ruleId: 'dive-selective',
      count: 1,
      found: 0,
      missing: true,
    });
    expect(envelope.data.suppressions.unusedTotal).toBe(10_000);
    expect(envelope.warnings).toHaveLength(6);
    expect(envelope.warnings.at(-1)).toMatch(
      /^9,995 more unused baseline entries are not named here .*--prune-suppressions clears them all/,
    );
    expect(run.stderr.length).toBeLessThan(4096);
  });

  it.skipIf(!canMeasurePeakMemory)('costs memory in proportion to its entries, at most 400 bytes each', { timeout: 600_000 }, () => {
    const peak = (gone: number) =>
      peakMemoryOf(['spec.json', '--suppressions', 'baseline.json', '--format', 'text', '--json'], corpusWithBaseline(gone));
    // The smallest sizes where the slope stands clear of the noise: the peak of a size varies by
    // about a megabyte from run to run (15 bytes an entry over 100,000), and the slope between
    // these two was 210 to 235 bytes (Node 20, Linux), against 220 from 100,000 to 400,000.
    const small = peak(100_000);
    const large = peak(200_000);
    expect([small.status, large.status]).toEqual([0, 0]);
    const perEntry = (large.peakBytes - small.peakBytes) / 100_000;
    expect(perEntry).toBeLessThan(400);
  });

  it('a broken baseline of many problems names twenty and counts the rest', async () => {
    const dir = corpusWithBaseline(10_000, (index) => `"gone/${index}.json":{"dive-selective":{"count":0}}`);
    const run = await runInProcess(['spec.json', '--suppressions', 'baseline.json', '--json'], { cwd: dir });
    const envelope = envelopeOf(run.stdout);
    expect(run.status).toBe(2);
    expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_SUPPRESSIONS' });
    expect(envelope.error.message).toMatch(
      /^--suppressions baseline\.json: 10000 problems: entry "gone\/0\.json": rule dive-selective: count must be/,
    );
    expect(envelope.error.message).toContain('; and 9980 more; fix it by hand');
    expect(envelope.error.message.length).toBeLessThan(4096);
  });
});
