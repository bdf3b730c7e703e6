/**
 * What judgeOneSpec keeps between calls for a caller that judges again and again (the language
 * server): the configuration lookup, and the baseline lookup only for files bounded by a folder, so
 * that a lookup made for text never serves a file without that bound; and what it keeps is read
 * once, until the caller empties it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderBound } from '../src/common/folder-bound.js';
import { judgeOneSpec, type KeptLookups } from '../src/engine/one-spec.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('one-spec-kept');

function io(cwd: string) {
  return { cwd, env: {}, stderr: { write: () => true }, stdoutIsTTY: false, roots: [cwd] };
}

describe('judgeOneSpec with kept lookups', () => {
  it('keeps no baseline lookup made for text, and keeps the one made for a bounded file', async () => {
    const folder = tempDir();
    const text = JSON.stringify(validSpec());
    const kept: KeptLookups = {};
    const flags = { maxBytes: 1 << 20, baselines: { pin: 'the baseline' }, kept };
    await judgeOneSpec({ text, format: 'json' }, flags, io(folder));
    expect(kept.config).toBeDefined();
    expect(kept.baselines).toBeUndefined();
    await judgeOneSpec({ buffer: text, path: join(folder, 'spec.json'), inside: folderBound(folder, '.') }, flags, io(folder));
    expect(kept.baselines).toBeDefined();
  });

  it('reads a kept configuration once: a change is seen only once the caller lets go of it', async () => {
    const folder = tempDir();
    const spec = join(folder, 'spec.json');
    const text = JSON.stringify({ ...validSpec(), risks: [] });
    const kept: KeptLookups = {};
    const flags = { maxBytes: 1 << 20, kept };
    const source = { buffer: text, path: spec, inside: folderBound(folder, '.') };
    const ruleIds = async () => (await judgeOneSpec(source, flags, io(folder))).outcome.diagnostics.map((diagnostic) => diagnostic.ruleId);
    expect(await ruleIds()).toContain('coverage-declared');
    writeFileSync(join(folder, 'investigation.config.json'), JSON.stringify({ rules: { 'coverage-declared': 'off' } }));
    expect(await ruleIds()).toContain('coverage-declared');
    delete kept.config;
    expect(await ruleIds()).not.toContain('coverage-declared');
  });
});
