import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { displayPath } from '../../src/common/display-path.js';
import { discoverFixtures, fixtureStem } from '../../src/regression/index.js';
import { projectRoot } from '../support/cli.js';
import { type Envelope, expectEnvelope } from '../support/contract.js';
import { runBuiltInProcess as runBuilt } from '../support/in-process.js';
import { useTempDirs } from '../support/temp.js';

/** Every fixture spec through the built CLI, alone and all at once: its envelope validates against the printed schema. */

const tempDir = useTempDirs('contract');

interface Sidecar {
  preset?: string;
  /** The agent's trace the fixture is checked against, relative to the sidecar. */
  trace?: string;
  exitCode: number;
}

function readSidecar(file: string): Sidecar | null {
  const stem = fixtureStem(file);
  for (const extension of ['.expect.json', '.expect.yaml', '.expect.yml']) {
    const path = `${stem}${extension}`;
    if (existsSync(path)) return parseYaml(readFileSync(path, 'utf8')) as Sidecar;
  }
  return null;
}

// fixtures/briefs/ holds brief artifact folders for `compile-investigation briefs`, not specs.
const fixtureFiles = discoverFixtures([join(projectRoot, 'fixtures', 'valid'), join(projectRoot, 'fixtures', 'invalid')]);
const fixtureCases = fixtureFiles.map((file) => [displayPath(file, projectRoot), file] as const);

describe('fixtures through the CLI', () => {
  it('finds fixtures, valid and invalid', () => {
    expect(fixtureFiles.length).toBeGreaterThan(20);
    expect(fixtureCases.some(([path]) => path.startsWith('fixtures/valid/'))).toBe(true);
    expect(fixtureCases.some(([path]) => path.startsWith('fixtures/invalid/'))).toBe(true);
  });

  it.each(fixtureCases)('%s, alone, gives a valid envelope and its sidecar exit code', async (path, file) => {
    const sidecar = readSidecar(file);
    const preset = sidecar?.preset ?? 'gate';
    const trace = sidecar?.trace === undefined ? [] : ['--trace', join(dirname(path), sidecar.trace)];
    const result = await runBuilt([path, '--preset', preset, ...trace, '--json'], { cwd: projectRoot });
    const envelope = expectEnvelope(result, { command: 'compile' });
    expect(envelope.data['files']).toHaveLength(1);
    expect(envelope.data['files'][0].path).toBe(path);
    if (sidecar) expect(result.status).toBe(sidecar.exitCode);
  });

  it('all at once, in one run per rendering, give valid envelopes that agree with the single runs', async () => {
    const paths = fixtureCases.map(([path]) => path);
    const gateExits = new Map<string, number>();
    for (const [path, file] of fixtureCases) {
      const sidecar = readSidecar(file);
      // A trace is given to one spec at a time: compiled with the others, a fixture that names one is judged without it.
      if (sidecar && (sidecar.preset ?? 'gate') === 'gate' && sidecar.trace === undefined) gateExits.set(path, sidecar.exitCode);
    }
    const out = tempDir();
    mkdirSync(join(out, 'json'));
    mkdirSync(join(out, 'md'));
    const runs: Array<[string[], (envelope: Envelope) => void]> = [
      [[...paths, '--json'], (envelope) => expect(typeof envelope.data['rendered']).toBe('string')],
      [
        ['fixtures/invalid', 'fixtures/valid', '--json', '--preset', 'gate', '--format', 'sarif'],
        (envelope) => expect(JSON.parse(envelope.data['rendered']).runs).toHaveLength(1),
      ],
      [['fixtures/invalid', 'fixtures/valid', '--json', '--format', 'github', '--fail-on', 'warning'], () => undefined],
      [
        ['fixtures/invalid', 'fixtures/valid', '--json', '--format', 'json', '--output-dir', join(out, 'json')],
        (envelope) => expect(envelope.data['files'].some((file: { reportFile?: string }) => file.reportFile !== undefined)).toBe(true),
      ],
      [['fixtures/invalid', 'fixtures/valid', '--json', '--quiet', '--output-dir', join(out, 'md')], () => undefined],
    ];
    for (const [args, check] of runs) {
      const result = await runBuilt(args, { cwd: projectRoot });
      const envelope = expectEnvelope(result, { command: 'compile' });
      const files = envelope.data['files'] as Array<{ path: string; exitCode: number }>;
      expect(files, `${args.join(' ')}: ${JSON.stringify(envelope.error)}`).toBeDefined();
      expect(files.map((file) => file.path)).toEqual(paths);
      expect(result.status).toBe(Math.max(...files.map((file) => file.exitCode)));
      if (!args.includes('--fail-on')) {
        for (const file of files)
          if (gateExits.has(file.path)) expect([file.path, file.exitCode]).toEqual([file.path, gateExits.get(file.path)]);
      }
      check(envelope);
    }
  }, 60_000);
});
