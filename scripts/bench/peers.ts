// The tools a user would pick instead of this one for the gate's first half, pinned in
// scripts/bench/peers/package.json and installed there (npm ci) the first time the bench needs them,
// never by the project's own install: ajv-cli (the JSON Schema alone) and Spectral (the schema and
// four rules of the method, the nearest a linter of JSON documents comes to this gate).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './context.js';
import { log } from './measure.js';

const PEERS = join(root, 'scripts/bench/peers');
const SCHEMA = join(root, 'assets/investigation.schema.json');

export interface Peers {
  /** The command lines, each of which must exit 0 on a folder of valid specs. */
  ajv: (folder: string) => [string, string[]];
  spectral: (folder: string) => [string, string[]];
}

/** The peers, installed if they are not yet; a reason when they cannot be (no registry, say). */
export function peers(work: string): Peers | { missing: string } {
  const bin = (name: string): string => join(PEERS, 'node_modules/.bin', name);
  if (!existsSync(bin('ajv')) || !existsSync(bin('spectral'))) {
    log('installing the pinned peers in scripts/bench/peers (npm ci, once)');
    const install = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: PEERS, encoding: 'utf8' });
    if (install.status !== 0) return { missing: `the peers could not be installed (npm ci exited ${install.status})` };
  }
  const ruleset = join(work, 'spectral-ruleset.json');
  writeFileSync(ruleset, JSON.stringify(spectralRuleset()));
  return {
    ajv: (folder) => [bin('ajv'), ['validate', '--spec=draft2020', '--strict=false', '-s', SCHEMA, '-d', `${folder}/*.json`]],
    spectral: (folder) => [bin('spectral'), ['lint', `${folder}/*.json`, '--ruleset', ruleset, '--quiet']],
  };
}

/** The spec's JSON Schema, and four of the method's checks as Spectral's core functions say them. */
function spectralRuleset(): unknown {
  const schema: unknown = JSON.parse(readFileSync(SCHEMA, 'utf8'));
  const rule = (given: string, then: Record<string, unknown>) => ({ given, severity: 'error', then });
  return {
    rules: {
      'investigation-schema': rule('$', { function: 'schema', functionOptions: { schema, dialect: 'auto' } }),
      'budget-total': rule('$.budget', { field: 'total', function: 'truthy' }),
      'hypotheses-present': rule('$', { field: 'hypotheses', function: 'length', functionOptions: { min: 1 } }),
      'stop-reason': rule('$.stopCondition', { field: 'reason', function: 'truthy' }),
      'dive-provenance': rule('$.deepDives[*]', { field: 'provenance', function: 'truthy' }),
    },
  };
}
