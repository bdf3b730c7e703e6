// Benchmarks, printed as one Markdown table (every figure next to its goal) and written to
// bench/results.json with the raw samples and the machine. Whatever is compared is measured in
// the same run, interleaved round by round, and summarised by medians, because shared machines
// are noisy. The bundle in dist/ is what is measured; it is rebuilt first (--no-build skips that).
//
//   npm run bench                       # the full run: ~10 minutes on 2 cores
//   npx tsx scripts/bench.ts --quick    # fewer rounds and a 1,000-spec corpus
//   npx tsx scripts/bench.ts --rounds N # repeat every measurement N times
//
// Sections:
//   single file  `compile-investigation <fixture> --format markdown|json` against `node -e 0`
//   batch        a generated corpus compiled through the library in this process, bytes in
//   many files   `compile-investigation test <corpus>` with --workers 1 against --workers 2
//   scaling      generated specs of 1,000, 10,000 and 100,000 deep dives: time per dive,
//                peak memory (one child process per size) and compile time against JSON.parse
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateCorpus, generateScaledSpec } from './gen-corpus.js';

type Library = typeof import('../src/index.js');

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'bin/compile-investigation.cjs');
const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const roundsFlag = argv.indexOf('--rounds');
const roundsOverride = roundsFlag === -1 ? undefined : Number(argv[roundsFlag + 1]);
if (roundsOverride !== undefined && (!Number.isSafeInteger(roundsOverride) || roundsOverride < 1)) {
  process.stderr.write('bench: --rounds takes a positive whole number\n');
  process.exit(2);
}
const rounds = {
  singleFile: roundsOverride ?? (quick ? 10 : 20),
  batch: roundsOverride ?? 3,
  manyFiles: roundsOverride ?? 3,
  scaling: roundsOverride ?? (quick ? 3 : 5),
};
const CORPUS_SEED = 20240601;
const corpusSize = quick ? 1_000 : 10_000;
const SCALING_SIZES = [1_000, 10_000, 100_000];
/** Child processes per size whose peak RSS is measured; the median is reported. */
const MEMORY_PROBES = 3;
const fixture = 'fixtures/valid/payments-refund-retry.json';

// ---------------------------------------------------------------------------------------------
// Helpers

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function now(): bigint {
  return process.hrtime.bigint();
}

function msSince(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

/** Runs node with `args`, returns the wall time in ms; throws unless it exits with `expected`. */
function timeNode(args: readonly string[], expected = 0): number {
  const start = now();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 64 * 1024 * 1024 });
  const elapsed = msSince(start);
  if (result.status !== expected) throw new Error(`node ${args.join(' ')} exited ${result.status}, expected ${expected}: ${String(result.stderr).slice(0, 2000)}`);
  return elapsed;
}

/** Runs each of `tasks` once per round, the order rotated every round; returns the samples per task. */
function interleave(count: number, tasks: ReadonlyArray<() => number>): number[][] {
  const samples = tasks.map(() => [] as number[]);
  for (let round = 0; round < count; round++) {
    for (let i = 0; i < tasks.length; i++) {
      const index = (i + round) % tasks.length;
      (samples[index] as number[]).push((tasks[index] as () => number)());
    }
  }
  return samples;
}

const fmt = (value: number, digits = 0): string => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mib = (bytes: number): string => `${fmt(bytes / 2 ** 20, 1)} MiB`;

interface Row {
  section: string;
  measurement: string;
  result: string;
  goal: string;
  met: boolean | null;
  value: number;
}

const rows: Row[] = [];
/** How peak memory was read: VmHWM (Linux) or maxRSS. */
let memoryMethod = 'none';
const raw: Record<string, unknown> = {};

// ---------------------------------------------------------------------------------------------
// Build and machine

const startLoad = loadavg();
if (!argv.includes('--no-build')) {
  log('building dist/ (node scripts/build.mjs --no-types)');
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
}
const library = (await import(pathToFileURL(join(root, 'dist/index.js')).href)) as Library;
const machine = {
  cpu: cpus()[0]?.model ?? 'unknown',
  cores: cpus().length,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
};
const work = mkdtempSync(join(tmpdir(), 'compile-investigation-bench-'));

try {
  // -------------------------------------------------------------------------------------------
  // Single file: a whole CLI process against the floor of starting node.
  log(`single file: ${rounds.singleFile} interleaved rounds`);
  const single = [
    { name: 'node -e 0', args: ['-e', '0'] },
    { name: '--format markdown', args: [cli, fixture, '--format', 'markdown'], goal: 1.3 },
    { name: '--format json', args: [cli, fixture, '--format', 'json'], goal: 1.2 },
  ];
  for (const command of single) timeNode(command.args);
  const singleSamples = interleave(
    rounds.singleFile,
    single.map((command) => () => timeNode(command.args)),
  );
  const floor = median(singleSamples[0] as number[]);
  single.forEach((command, index) => {
    if (command.goal === undefined) return;
    const ms = median(singleSamples[index] as number[]);
    const ratio = ms / floor;
    rows.push({
      section: 'Single file',
      measurement: `\`compile-investigation ${fixture.split('/').pop()} ${command.name}\` / \`node -e 0\``,
      result: `${fmt(ratio, 2)}x (${fmt(ms, 1)} ms / ${fmt(floor, 1)} ms)`,
      goal: `<= ${command.goal}x`,
      met: ratio <= command.goal,
      value: ratio,
    });
  });
  raw['singleFile'] = { rounds: rounds.singleFile, fixture, samplesMs: Object.fromEntries(single.map((command, index) => [command.name, singleSamples[index]])) };

  // -------------------------------------------------------------------------------------------
  // Batch: the corpus through the library, on this one thread, parsing included (bytes in).
  // The corpus on disk, for the many-files section, written by gen-corpus in a child process
  // (it compiles every spec once for the sidecars, with the source compiler, not measured).
  const corpusDir = join(work, 'corpus');
  log(`writing ${fmt(corpusSize)} generated fixtures with .expect.json sidecars (seed ${CORPUS_SEED})`);
  const generated = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/gen-corpus.ts', '--count', String(corpusSize), '--seed', String(CORPUS_SEED), '--out', corpusDir], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (generated.status !== 0) throw new Error('gen-corpus failed');
  const passing = Number(/(\d+) pass the gate/.exec(generated.stdout)?.[1] ?? Number.NaN);

  log(`batch: generating ${fmt(corpusSize)} specs in memory (the same seed)`);
  const corpus = generateCorpus(corpusSize, CORPUS_SEED).map((spec) => ({ path: spec.name, bytes: Buffer.from(spec.text, 'utf8'), format: spec.format }));
  const corpusBytes = corpus.reduce((sum, spec) => sum + spec.bytes.length, 0);
  const yamlShare = corpus.filter((spec) => spec.format === 'yaml').length / corpus.length;
  const compiler = library.createCompiler();
  const batchPass = (render: 'json' | 'markdown', specs: typeof corpus): number => {
    const start = now();
    for (const spec of specs) {
      const result = compiler.compile(spec.bytes, { path: spec.path });
      if (result.report) render === 'json' ? library.renderJson(result.report) : library.renderMarkdown(result.report);
    }
    return msSince(start);
  };
  log('batch: warming up');
  const warmup = corpus.slice(0, Math.min(corpus.length, 1_000));
  batchPass('json', warmup);
  batchPass('markdown', warmup);
  log(`batch: ${rounds.batch} interleaved passes of json and markdown over ${fmt(corpus.length)} specs`);
  const batchSamples = interleave(rounds.batch, [() => batchPass('json', corpus), () => batchPass('markdown', corpus)]);
  (['json', 'markdown'] as const).forEach((render, index) => {
    const ms = median(batchSamples[index] as number[]);
    const perSecond = (corpus.length / ms) * 1000;
    const goal = render === 'json' ? 20_000 : 5_000;
    rows.push({
      section: 'Batch, one process, one core',
      measurement: `${fmt(corpus.length)} generated specs, bytes in, compile + ${render === 'json' ? 'renderJson' : 'renderMarkdown'}`,
      result: `${fmt(perSecond)} specs/s (${fmt(ms / 1000, 2)} s)`,
      goal: `>= ${fmt(goal)} specs/s`,
      met: perSecond >= goal,
      value: perSecond,
    });
  });
  raw['batch'] = { specs: corpus.length, bytes: corpusBytes, yamlShare, passingGate: passing, seed: CORPUS_SEED, passes: rounds.batch, samplesMs: { json: batchSamples[0], markdown: batchSamples[1] } };

  // -------------------------------------------------------------------------------------------
  // Many files: the test command over the corpus written to disk, one worker against two.
  log(`many files: ${rounds.manyFiles} interleaved rounds of --workers 1 and --workers 2`);
  const manySamples = interleave(rounds.manyFiles, [() => timeNode([cli, 'test', corpusDir, '--workers', '1']), () => timeNode([cli, 'test', corpusDir, '--workers', '2'])]);
  const one = median(manySamples[0] as number[]);
  const two = median(manySamples[1] as number[]);
  rows.push({
    section: 'Many files',
    measurement: `\`compile-investigation test\` on ${fmt(corpusSize)} fixtures: \`--workers 1\` / \`--workers 2\``,
    result: `${fmt(one / two, 2)}x (${fmt(one / 1000, 2)} s / ${fmt(two / 1000, 2)} s)`,
    goal: '>= 1.7x',
    met: one / two >= 1.7,
    value: one / two,
  });
  raw['manyFiles'] = { fixtures: corpusSize, rounds: rounds.manyFiles, samplesMs: { workers1: manySamples[0], workers2: manySamples[1] } };

  // -------------------------------------------------------------------------------------------
  // Scaling: one big spec at a time.
  const scaling: Array<{ dives: number; bytes: number; compileMs: number; parseMs: number; maxRssBytes: number; samples: { compileMs: number[]; parseMs: number[]; maxRssBytes: number[] } }> = [];
  for (const dives of SCALING_SIZES) {
    const bytes = Buffer.from(generateScaledSpec(dives), 'utf8');
    const file = join(work, `scaled-${dives}.json`);
    writeFileSync(file, bytes);
    const check = compiler.compile(bytes, { path: file });
    if (check.exitCode !== 0) throw new Error(`the ${dives}-dive spec does not pass the gate: ${JSON.stringify(check.diagnostics.slice(0, 3))}`);
    log(`scaling: ${fmt(dives)} dives (${mib(bytes.length)}), ${rounds.scaling} interleaved rounds of compile + renderJson and JSON.parse, ${MEMORY_PROBES} memory probes`);
    const compileOnce = (): number => {
      const start = now();
      const result = compiler.compile(bytes, { path: file });
      if (result.report) library.renderJson(result.report);
      return msSince(start);
    };
    const parseOnce = (): number => {
      const start = now();
      JSON.parse(bytes.toString('utf8'));
      return msSince(start);
    };
    compileOnce();
    parseOnce();
    const [compileSamples, parseSamples] = interleave(rounds.scaling, [compileOnce, parseOnce]) as [number[], number[]];
    const rssSamples = Array.from({ length: MEMORY_PROBES }, () => peakMemory(file));
    const maxRssBytes = median(rssSamples);
    scaling.push({ dives, bytes: bytes.length, compileMs: median(compileSamples), parseMs: median(parseSamples), maxRssBytes, samples: { compileMs: compileSamples, parseMs: parseSamples, maxRssBytes: rssSamples } });
  }
  const smallest = scaling[0]!;
  const largest = scaling[scaling.length - 1]!;
  const perDive = (entry: (typeof scaling)[number]): number => (entry.compileMs * 1000) / entry.dives;
  const growth = perDive(largest) / perDive(smallest);
  rows.push({
    section: 'Scaling',
    measurement: `compile + renderJson time per dive, ${fmt(largest.dives)} dives / ${fmt(smallest.dives)} dives`,
    result: `${fmt(growth, 2)}x (${fmt(perDive(largest), 1)} µs / ${fmt(perDive(smallest), 1)} µs)`,
    goal: '<= 1.5x',
    met: growth <= 1.5,
    value: growth,
  });
  // The constant: the peak RSS of a child that compiles the smallest spec (Node, the bundle and a
  // small input), so that the bound is 4 x input + what any compile costs anyway.
  const constant = smallest.maxRssBytes;
  rows.push({
    section: 'Scaling',
    measurement: `peak RSS (${memoryMethod}, median of ${MEMORY_PROBES} child processes), ${fmt(smallest.dives)} dives (${mib(smallest.bytes)} input): the constant C`,
    result: mib(constant),
    goal: '(defines C)',
    met: null,
    value: constant,
  });
  for (const entry of scaling.slice(1)) {
    const bound = 4 * entry.bytes + constant;
    rows.push({
      section: 'Scaling',
      measurement: `peak RSS, ${fmt(entry.dives)} dives (${mib(entry.bytes)} input)`,
      result: `${mib(entry.maxRssBytes)} (${fmt((entry.maxRssBytes - constant) / entry.bytes, 1)} x input + C)`,
      goal: `< 4 x input + C = ${mib(bound)}`,
      met: entry.maxRssBytes < bound,
      value: entry.maxRssBytes,
    });
  }
  for (const entry of scaling) {
    const ratio = entry.compileMs / entry.parseMs;
    rows.push({
      section: 'Scaling',
      measurement: `compile + renderJson / \`JSON.parse\` of the same bytes, ${fmt(entry.dives)} dives`,
      result: `${fmt(ratio, 2)}x (${fmt(entry.compileMs, 1)} ms / ${fmt(entry.parseMs, 1)} ms)`,
      goal: '<= 3x',
      met: ratio <= 3,
      value: ratio,
    });
  }
  raw['scaling'] = { rounds: rounds.scaling, memoryMethod, constantBytes: constant, sizes: scaling };
} finally {
  rmSync(work, { recursive: true, force: true });
}

/**
 * Peak RSS of a fresh node process that loads the bundle, reads the spec and compiles it with
 * renderJson. On Linux it is VmHWM from /proc/self/status, the kernel's RSS high-water mark of
 * the process image. process.resourceUsage().maxRSS is not used there: Linux carries it over from
 * the forked parent across exec, so the child would report at least this benchmark's own RSS.
 * Elsewhere maxRSS is the only measure, with that caveat.
 */
function peakMemory(file: string): number {
  const script = [
    `const { createCompiler, renderJson } = await import(${JSON.stringify(pathToFileURL(join(root, 'dist/index.js')).href)});`,
    `const { readFileSync } = await import('node:fs');`,
    `const bytes = readFileSync(${JSON.stringify(file)});`,
    `const result = createCompiler().compile(bytes, { path: ${JSON.stringify(file)} });`,
    `const output = result.report ? renderJson(result.report) : '';`,
    `let hwm = null;`,
    `try { hwm = Number(/VmHWM:\\s+(\\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]); } catch {}`,
    `process.stdout.write(JSON.stringify({ exitCode: result.exitCode, outputLength: output.length, peakKiB: hwm || process.resourceUsage().maxRSS, method: hwm ? 'VmHWM' : 'maxRSS' }));`,
  ].join('\n');
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8', maxBuffer: 1024 * 1024 });
  if (child.status !== 0) throw new Error(`the memory probe failed: ${child.stderr}`);
  const { exitCode, peakKiB, method } = JSON.parse(child.stdout) as { exitCode: number; peakKiB: number; method: string };
  if (exitCode !== 0) throw new Error(`the memory probe compiled ${file} with exit code ${exitCode}`);
  memoryMethod = method;
  return peakKiB * 1024;
}

// ---------------------------------------------------------------------------------------------
// Report

const endLoad = loadavg();
const batchInfo = raw['batch'] as { yamlShare: number; passingGate: number; specs: number };
const lines = [
  `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node.replace(/^v/, '')}, ${machine.platform}.`,
  `Load average (1 min) at start and end: ${fmt(startLoad[0] ?? 0, 2)} and ${fmt(endLoad[0] ?? 0, 2)}${Math.max(startLoad[0] ?? 0, endLoad[0] ?? 0) > machine.cores ? ' (a busy machine: other work competed for the cores)' : ''}.`,
  `Rounds: single file ${rounds.singleFile}, batch ${rounds.batch} passes, many files ${rounds.manyFiles}, scaling ${rounds.scaling}${quick ? ' (--quick)' : ''}; corpus: ${fmt(batchInfo.specs)} specs, seed ${CORPUS_SEED}, ${fmt(batchInfo.yamlShare * 100)}% YAML, ${fmt((batchInfo.passingGate / batchInfo.specs) * 100)}% passing the gate.`,
  '',
  '| Section | Measurement | Result | Goal | Met |',
  '| --- | --- | --- | --- | --- |',
  ...rows.map((row) => `| ${row.section} | ${row.measurement} | ${row.result} | ${row.goal} | ${row.met === null ? '' : row.met ? 'yes' : 'no'} |`),
];
process.stdout.write(`${lines.join('\n')}\n`);

mkdirSync(join(root, 'bench'), { recursive: true });
const results = {
  date: new Date().toISOString(),
  machine: { ...machine, loadAverage: { start: startLoad.map((value) => Number(value.toFixed(2))), end: endLoad.map((value) => Number(value.toFixed(2))) } },
  options: { quick, rounds, corpusSize, corpusSeed: CORPUS_SEED, scalingSizes: SCALING_SIZES },
  rows: rows.map(({ section, measurement, result, goal, met, value }) => ({ section, measurement, result, goal, met, value })),
  raw,
  table: lines.join('\n'),
};
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
log('wrote bench/results.json');
