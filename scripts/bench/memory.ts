// Goal 23.3: one spec with many deep dives (generateScaledSpec) through a whole command-line
// process, JSON out: its peak resident memory, and its time against a process that only reads
// and `JSON.parse`s the same file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateScaledSpec } from '../gen-corpus.js';
import { type Bench, cli, root, roundsOf, runDriver, type SectionResult } from './context.js';
import { bytesRow, formatMiB, formatMs, formatNumber, type Row, ratioRow } from './goals.js';
import { interleave, log, median, medians, timeProcess } from './measure.js';

const BASE_BYTES = 60 * 2 ** 20;
const PER_INPUT_BYTE = 4;
const AGAINST_JSON_PARSE = 2;
/** The size of the issue; --quick measures fewer and says so. */
const ISSUE_DIVES = 100_000;
const PARSE_ONLY = "JSON.parse(require('node:fs').readFileSync(process.argv[1], 'utf8'))";

export function measureMemory(bench: Bench): SectionResult {
  const dives = bench.sizes.memoryDives;
  const text = generateScaledSpec(dives);
  const bytes = Buffer.byteLength(text);
  const file = join(bench.work, `scaled-${dives}.json`);
  writeFileSync(file, text);
  const ours = [cli, file, '--format', 'json', '--max-bytes', String(bytes)];
  const proxy = dives === ISSUE_DIVES ? '' : ` (--quick: a proxy for ${formatNumber(ISSUE_DIVES)})`;
  const rows: Row[] = [];

  const probes = roundsOf(bench, 3, 1);
  log(`memory: ${probes} peak RSS probe(s) of the command line on ${formatNumber(dives)} dives (${formatMiB(bytes)})`);
  const peaks = Array.from({ length: probes }, () => Number(runDriver('peak-rss', [process.execPath, ...ours])));
  const peak = median(peaks);
  rows.push(
    bytesRow(
      {
        id: '23.3',
        goal: `Peak RSS of \`compile-investigation spec.json --format json --max-bytes N\`, ${formatNumber(dives)} dives${proxy}`,
        value: peak,
        comparison: '<=',
        target: BASE_BYTES + PER_INPUT_BYTE * bytes,
        detail: `input ${formatMiB(bytes)}, median of ${probes}`,
      },
      `60 MiB + ${PER_INPUT_BYTE} x input`,
    ),
  );

  const rounds = roundsOf(bench, 5, 2);
  const tasks = {
    ours: () => timeProcess(process.execPath, ours, root),
    'JSON.parse': () => timeProcess(process.execPath, ['-e', PARSE_ONLY, file], root),
  };
  log(`memory: ${rounds} interleaved rounds of the command line and a JSON.parse-only process`);
  const samples = interleave(rounds, tasks);
  const ms = medians(samples);
  rows.push(
    ratioRow({
      id: '23.3',
      goal: `\`compile-investigation spec.json --format json --max-bytes N\` / a \`node\` process that only reads and \`JSON.parse\`s it, ${formatNumber(dives)} dives${proxy}`,
      value: ms['ours']! / ms['JSON.parse']!,
      comparison: '<=',
      target: AGAINST_JSON_PARSE,
      detail: `${formatMs(ms['ours']!)} / ${formatMs(ms['JSON.parse']!)}`,
    }),
  );
  return { rows, raw: { dives, inputBytes: bytes, peakRss: peaks, rounds, samplesMs: samples } };
}
