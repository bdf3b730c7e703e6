import { describe, expect, it } from 'vitest';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('envelope-cap');

describe('the envelope of a file past the diagnostic cap', () => {
  it('matches the envelope schema, with the final too-many-problems diagnostic and its counts', async () => {
    const dir = tempDir();
    const spec = validSpec();
    for (let index = 0; index < 1_200; index++) spec[`unknownKey${index}`] = index;
    writeJson(dir, 'spec.json', spec);
    const run = await runInProcess(['spec.json', '--format', 'text', '--json'], { cwd: dir });
    const envelope = envelopeOf(run.stdout);
    const diagnostics = envelope.data.files[0].diagnostics;
    const last = diagnostics.at(-1);
    expect(last.ruleId).toBe('too-many-problems');
    expect(last.omitted.warnings).toBeGreaterThan(0);
  });
});
