// What every section needs: the options of this run, the sizes they imply, where the command line,
// the library and the Python reference are, and how to call the Python driver.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Corpus } from './corpus.js';
import type { Row } from './goals.js';

export type Library = typeof import('../../src/index.js');

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const cli = join(root, 'bin/compile-investigation.cjs');
export const CORPUS_SEED = 20240601;
const REFERENCE = join(root, '../shared/reference/adaptive-investigation-method/script/scripts/compile-adaptive-investigation.py');
const DRIVER = join(root, 'scripts/bench/reference_driver.py');
/** The row text of every goal measured against the reference when ../shared is absent. */
export const NO_REFERENCE = '../shared/reference not found';

export interface Options {
  quick: boolean;
  /** --rounds N: every section repeats its measurements N times instead of its default. */
  rounds: number | undefined;
  build: boolean;
  /** --busy: measure and report even when the load average is above the number of cores. */
  busy: boolean;
}

export function parseOptions(argv: readonly string[]): Options {
  const known = new Set(['--quick', '--rounds', '--no-build', '--busy']);
  const unknown = argv.find((arg, index) => arg.startsWith('--') && !known.has(arg) && argv[index - 1] !== '--rounds');
  if (unknown !== undefined) throw new Error(`unknown option ${unknown}; use --quick, --rounds N, --no-build or --busy`);
  const at = argv.indexOf('--rounds');
  const rounds = at === -1 ? undefined : Number(argv[at + 1]);
  if (rounds !== undefined && (!Number.isSafeInteger(rounds) || rounds < 1)) throw new Error('--rounds takes a positive whole number');
  return { quick: argv.includes('--quick'), rounds, build: !argv.includes('--no-build'), busy: argv.includes('--busy') };
}

/** Sizes of the full run (those of the issues) and of --quick (small enough for a minute or two on 2 cores). */
export function sizesFor(quick: boolean) {
  return quick
    ? { batchFiles: [50, 200] as const, throughputSpecs: 200, workerFixtures: 500, memoryDives: 10_000 }
    : {
        batchFiles: [500, 2_000] as const,
        throughputSpecs: 2_000,
        workerFixtures: 10_000,
        memoryDives: 100_000,
      };
}

export type Sizes = ReturnType<typeof sizesFor>;

export interface Bench {
  options: Options;
  sizes: Sizes;
  library: Library;
  corpus: Corpus;
  /** A scratch folder, removed at the end. */
  work: string;
  /** The reference script, or null when ../shared is absent. */
  reference: string | null;
}

/** The rounds of a section: its full or quick default, unless --rounds overrides both. */
export function roundsOf(bench: Bench, full: number, quick: number): number {
  return bench.options.rounds ?? (bench.options.quick ? quick : full);
}

export function findReference(): string | null {
  return existsSync(REFERENCE) ? REFERENCE : null;
}

let interpreter: string | undefined;

/**
 * The Python interpreter itself, as `python3` resolves to it (`sys.executable`), asked once and
 * only by a bench that runs the reference: a version manager's shim (pyenv's is a shell script)
 * can add 300 ms to every start, which is no part of the reference's cost.
 */
export function python(): string {
  if (interpreter === undefined) {
    const found = spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
    const path = found.status === 0 ? found.stdout.trim() : '';
    interpreter = path !== '' && existsSync(path) ? path : 'python3';
  }
  return interpreter;
}

/** The arguments that run the Python driver in a mode; the caller spawns them (timed or not). */
export function driverArgs(mode: string, args: readonly string[]): string[] {
  return [DRIVER, mode, ...args];
}

/** Runs the Python driver and returns what it printed; throws when it fails. */
export function runDriver(mode: string, args: readonly string[]): string {
  const result = spawnSync(python(), driverArgs(mode, args), { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) throw new Error(`the Python driver (${mode}) exited ${result.status}: ${result.stderr.slice(0, 2000)}`);
  return result.stdout;
}

export interface SectionResult {
  rows: Row[];
  /** Raw samples and sizes, written to bench/results.json. */
  raw: Record<string, unknown>;
}
