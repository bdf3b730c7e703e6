// Microseconds per report of renderMarkdown, over the generated corpus the main benchmark uses.
//
//   npx tsx scripts/bench-markdown.ts              # 2,000 specs, best of 5 passes
//   npx tsx scripts/bench-markdown.ts --passes 20  # more passes, e.g. under `node --cpu-prof`
//   npx tsx scripts/bench-markdown.ts --write DIR  # also writes every report to DIR, to compare outputs
//
// Every spec is compiled once with one compiler; only the rendering of the finished reports is
// timed, after a warm-up pass. The best pass is reported because a shared machine only ever adds time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Report } from '../src/index.js';
import { createCompiler, renderMarkdown } from '../src/index.js';
import { positiveWholeFlag } from './bench/args.js';
import { generateValidJsonCorpus } from './gen-corpus.js';

const SPECS = 2_000;
const SEED = 20240601;

const argv = process.argv.slice(2);
const passes = positiveWholeFlag(argv, '--passes', 5, 'bench-markdown');
const writeFlag = argv.indexOf('--write');
const writeDir = writeFlag === -1 ? undefined : argv[writeFlag + 1];

const compiler = createCompiler();
const corpus = generateValidJsonCorpus(SPECS, SEED);
const reports: Report[] = corpus.map((spec) => {
  const { report } = compiler.compile(spec.text, { path: spec.name });
  if (report === null) throw new Error(`${spec.name} gave no report`);
  return report;
});

/** One pass over every report; returns the elapsed milliseconds and the bytes written, so the work cannot be optimised away. */
function pass(): { ms: number; bytes: number } {
  let bytes = 0;
  const start = process.hrtime.bigint();
  for (const report of reports) bytes += renderMarkdown(report).length;
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes };
}

pass();
let best = Number.POSITIVE_INFINITY;
let bytes = 0;
for (let index = 0; index < passes; index++) {
  const result = pass();
  best = Math.min(best, result.ms);
  bytes = result.bytes;
}

if (writeDir !== undefined) {
  mkdirSync(writeDir, { recursive: true });
  corpus.forEach((spec, index) =>
    writeFileSync(join(writeDir, spec.name.replace(/\.json$/, '.md')), renderMarkdown(reports[index] as Report)),
  );
}

const perReport = (best * 1000) / reports.length;
process.stdout.write(
  `renderMarkdown: ${perReport.toFixed(1)} µs per report (best of ${passes} passes over ${reports.length} reports, ${(bytes / reports.length).toFixed(0)} bytes each)\n`,
);
