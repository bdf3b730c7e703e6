// `npm run bench`: the goals of issue 23 (and those of issue 9 still measured), side by side in one run, printed as one Markdown
// table (goal, measured, target, met) and written with the raw samples and the machine to
// bench/results.json. The built bundle is measured: dist/ is rebuilt first unless --no-build.
//
//   npm run bench                  # the sizes of the issues
//   npm run bench -- --quick       # smaller sizes and fewer rounds: under a minute on 2 cores
//   npm run bench -- --rounds N    # repeat every measurement N times
//   npm run bench -- --busy        # measure and report even on a machine whose load exceeds its cores
//
// One file per goal under scripts/bench/; the reference script's rows need ../shared/reference
// and python3, and say "skipped" where ../shared is absent; the peers' rows install the pinned
// peers in scripts/bench/peers the first time, and say "skipped" where they cannot.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureBatchCli } from './bench/batch-cli.js';
import { type Bench, CORPUS_SEED, findReference, type Library, parseOptions, root, type SectionResult, sizesFor } from './bench/context.js';
import { writeCorpus } from './bench/corpus.js';
import { measureGate } from './bench/gate.js';
import { formatMs, formatNumber, formatTable, type Row } from './bench/goals.js';
import { measureHook } from './bench/hook.js';
import { busyRefusal } from './bench/load.js';
import { log } from './bench/measure.js';
import { measureMemory } from './bench/memory.js';
import { measureSingleFile } from './bench/single-file.js';
import { measureThroughput } from './bench/throughput.js';
import { measureWorkers } from './bench/workers.js';

const options = parseOptions(process.argv.slice(2));
const sizes = sizesFor(options.quick);
const startLoad = loadavg();
refuseWhenBusy('start', startLoad[0] ?? 0);
if (options.build) {
  log('building dist/ (node scripts/build.mjs --no-types)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}
const library = (await import(pathToFileURL(join(root, 'dist/index.js')).href)) as Library;
const compiler = library.createCompiler();
const reference = findReference();
if (reference === null) log('../shared/reference not found: the rows against the reference script are skipped');
const machine = {
  cpu: cpus()[0]?.model.trim() ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
};

const work = mkdtempSync(join(tmpdir(), 'compile-investigation-bench-'));
const sections: Record<string, SectionResult> = {};
try {
  const count = Math.max(sizes.batchFiles[1], sizes.throughputSpecs, sizes.workerFixtures);
  log(`writing ${formatNumber(count)} generated specs (seed ${CORPUS_SEED})`);
  const bench: Bench = {
    options,
    sizes,
    library,
    corpus: writeCorpus(work, count, CORPUS_SEED, (spec) => compiler.compile(spec.text, { path: spec.name })),
    work,
    reference,
  };
  // The workers' section first: it keeps both cores busy, and the load it leaves has decayed by the
  // end, where a load above the cores means that other work competed with the measures.
  const measures = {
    workers: measureWorkers,
    batchCli: measureBatchCli,
    gate: measureGate,
    singleFile: measureSingleFile,
    hook: measureHook,
    throughput: measureThroughput,
    memory: measureMemory,
  };
  for (const [name, measure] of Object.entries(measures)) {
    const started = performance.now();
    sections[name] = measure(bench);
    log(`${name} took ${formatMs(performance.now() - started)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

const endLoad = loadavg();
const measuredBusy = refuseWhenBusy('end', endLoad[0] ?? 0);
const date = new Date().toISOString();
const rows = byGoal(Object.values(sections).flatMap((section) => section.rows));
const busy = measuredBusy ? ' (measured anyway with --busy: other work competed for the cores)' : '';
const summary = [
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node.replace(/^v/, '')}, ${machine.platform}; ${date.slice(0, 10)}.`,
  `Load average (1 min) at start and end: ${formatNumber(startLoad[0]!, 2)} and ${formatNumber(endLoad[0]!, 2)}${busy}. ${options.quick ? 'Quick run (--quick)' : 'Full run'}, ${options.rounds === undefined ? 'default rounds' : `--rounds ${options.rounds}`}. Medians of interleaved rounds; corpus from generateValidJsonCorpus(n, ${CORPUS_SEED}).`,
];
const table = formatTable(rows);
process.stdout.write(`${summary.join('\n')}\n\n${table}\n`);

mkdirSync(join(root, 'bench'), { recursive: true });
const results = {
  date,
  machine: { ...machine, loadAverage: { start: startLoad.map(round2), end: endLoad.map(round2) } },
  options: { quick: options.quick, rounds: options.rounds ?? null, seed: CORPUS_SEED, sizes },
  rows,
  raw: Object.fromEntries(Object.entries(sections).map(([name, section]) => [name, section.raw])),
  table,
};
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/results.json');

/**
 * Stops the bench, with why, when the machine is too busy for its figures to mean anything;
 * with --busy it goes on, and says whether the load was over the cores.
 */
function refuseWhenBusy(when: 'start' | 'end', end: number): boolean {
  const refusal = busyRefusal({ start: startLoad[0] ?? 0, end, cores: cpus().length }, when);
  if (refusal === null || options.busy) return refusal !== null;
  process.stderr.write(`bench: ${refusal}\n`);
  process.exit(1);
}

/** Issue 23's goals first, then issue 9's, each in the order of its goals; a goal's rows in the order measured. */
function byGoal(rows: Row[]): Row[] {
  const key = (row: Row): [number, number] => {
    const [issue = 0, goal = 0] = row.id.split('.').map(Number);
    return [issue, goal];
  };
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => key(b.row)[0] - key(a.row)[0] || key(a.row)[1] - key(b.row)[1] || a.index - b.index)
    .map(({ row }) => row);
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
