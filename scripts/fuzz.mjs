#!/usr/bin/env node
/**
 * A fuzz campaign: the properties of test/support/properties.ts and the hostile-input classes of
 * test/support/hostile-properties.ts, run longer than the test suite runs them. Node cannot import
 * the TypeScript sources directly, so this script runs test/fuzz.test.ts and
 * test/fuzz-hostile.test.ts under vitest with FUZZ_RUNS and FUZZ_SEED set, one file after the
 * other (they are in the timed group of vitest.config.ts, which runs alone). The malformed
 * JSON-RPC class also drives the built MCP server as a process, so the CLI bundle is built first.
 *
 *   npm run fuzz -- --runs 20000 [--seed 42]
 *
 * --runs N   runs per property and per hostile class (default 10000)
 * --seed S   fast-check seed (default: the suite's fixed seed), to reproduce or to vary a campaign
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

function usage(message) {
  process.stderr.write(`fuzz: ${message}\nusage: npm run fuzz -- [--runs N] [--seed S]\n`);
  process.exit(2);
}

function parseArguments(argv) {
  const options = { runs: 10_000, seed: undefined };
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index];
    const [name, inline] = argument.startsWith('--') && argument.includes('=') ? argument.split(/=(.*)/s, 2) : [argument, undefined];
    const value = () => inline ?? argv[++index] ?? usage(`${name} needs a value`);
    if (name === '--runs') {
      const runs = Number(value());
      if (!Number.isSafeInteger(runs) || runs < 1) usage('--runs must be a positive integer');
      options.runs = runs;
    } else if (name === '--seed') {
      const seed = Number(value());
      if (!Number.isSafeInteger(seed)) usage('--seed must be an integer');
      options.seed = seed;
    } else if (name === '--help' || name === '-h') {
      process.stdout.write('usage: npm run fuzz -- [--runs N] [--seed S]\n');
      process.exit(0);
    } else {
      usage(`unknown argument ${JSON.stringify(argument)}`);
    }
  }
  return options;
}

const { runs, seed } = parseArguments(process.argv.slice(2));
const seedText = seed === undefined ? 'the default fixed seed' : `seed ${seed}`;
process.stdout.write(`fuzz: ${runs} runs per property, ${seedText}\n`);

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) {
  process.stderr.write('fuzz: the build failed\n');
  process.exit(build.status ?? 1);
}
const started = Date.now();
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const result = spawnSync(npx, ['vitest', 'run', 'test/fuzz.test.ts', 'test/fuzz-hostile.test.ts', '--testTimeout=0', '--hookTimeout=0'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
  env: {
    ...process.env,
    FUZZ_RUNS: String(runs),
    ...(seed === undefined ? {} : { FUZZ_SEED: String(seed) }),
    // Built above: the test setup need not build it again.
    COMPILE_INVESTIGATION_BUILT: '1',
  },
});
const seconds = ((Date.now() - started) / 1000).toFixed(1);
const status = result.status ?? 1;
if (result.error) process.stderr.write(`fuzz: could not run vitest: ${result.error.message}\n`);
process.stdout.write(`fuzz: ${status === 0 ? 'passed' : 'FAILED'}: ${runs} runs per property, ${seedText}, ${seconds} s\n`);
process.exit(status);
