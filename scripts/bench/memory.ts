// Goal 4: memory and time at scale, on one spec with many deep dives (generateScaledSpec): the peak
// resident memory of a whole command-line process, and compile + renderJson against JSON.parse.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateScaledSpec } from '../gen-corpus.js';
import { type Bench, cli, roundsOf, runDriver, type SectionResult } from './context.js';
import { bytesRow, formatMiB, formatMs, formatNumber, type Row, ratioRow, ratioTarget, skippedRow } from './goals.js';
import { interleave, log, median, medians, timeMs } from './measure.js';

const BASE_BYTES = 60 * 2 ** 20;
const PER_INPUT_BYTE = 4;
const AGAINST_JSON_PARSE = 3;
/** The sizes of issue 9; --quick measures fewer and says so. */
const ISSUE_DIVES = [1_000, 10_000, 100_000];

export function measureMemory(bench: Bench): SectionResult {
  const { library } = bench;
  const { memoryDives, ratioDives } = bench.sizes;
  const rows: Row[] = [];
  const raw: Record<string, unknown> = {};

  const text = generateScaledSpec(memoryDives);
  const bytes = Buffer.byteLength(text);
  const file = join(bench.work, `scaled-${memoryDives}.json`);
  writeFileSync(file, text);
  const probes = roundsOf(bench, 3, 1);
  log(`memory: ${probes} peak RSS probe(s) of the command line on ${formatNumber(memoryDives)} dives (${formatMiB(bytes)})`);
  const peaks = Array.from({ length: probes }, () =>
    Number(runDriver('peak-rss', [process.execPath, cli, file, '--format', 'json', '--max-bytes', String(bytes)])),
  );
  const peak = median(peaks);
  const proxy = memoryDives === ISSUE_DIVES.at(-1) ? '' : ` (--quick: a proxy for ${formatNumber(ISSUE_DIVES.at(-1)!)})`;
  rows.push(
    bytesRow(
      {
        id: 4,
        goal: `Peak RSS of \`compile-investigation spec.json --format json --max-bytes N\`, ${formatNumber(memoryDives)} dives${proxy}`,
        value: peak,
        comparison: '<=',
        target: BASE_BYTES + PER_INPUT_BYTE * bytes,
        detail: `input ${formatMiB(bytes)}, median of ${probes}`,
      },
      `60 MiB + ${PER_INPUT_BYTE} x input`,
    ),
  );
  raw['peakRss'] = { dives: memoryDives, inputBytes: bytes, probes: peaks };

  const compiler = library.createCompiler();
  const rounds = roundsOf(bench, 5, 3);
  const ratios: Record<string, unknown> = {};
  for (const dives of ISSUE_DIVES) {
    const goal = `compile + renderJson / \`JSON.parse\` of the same text, ${formatNumber(dives)} dives`;
    if (!ratioDives.includes(dives)) {
      rows.push(skippedRow(4, goal, ratioTarget('<=', AGAINST_JSON_PARSE), 'not run with --quick'));
      ratios[String(dives)] = null;
      continue;
    }
    const spec = dives === memoryDives ? text : generateScaledSpec(dives);
    const path = `scaled-${dives}.json`;
    const tasks = {
      'compile + renderJson': () =>
        timeMs(() => {
          const result = compiler.compile(spec, { path });
          if (result.exitCode !== 0 || result.report === null) throw new Error(`the ${dives}-dive spec does not pass the gate`);
          library.renderJson(result.report);
        }),
      'JSON.parse': () => timeMs(() => JSON.parse(spec)),
    };
    log(`memory: ${formatNumber(dives)} dives, a warm-up and ${rounds} interleaved rounds`);
    for (const task of Object.values(tasks)) task();
    const samples = interleave(rounds, tasks);
    const ms = medians(samples);
    const ours = ms['compile + renderJson']!;
    const bare = ms['JSON.parse']!;
    rows.push(
      ratioRow({
        id: 4,
        goal,
        value: ours / bare,
        comparison: '<=',
        target: AGAINST_JSON_PARSE,
        detail: `${formatMs(ours)} / ${formatMs(bare)}`,
      }),
    );
    ratios[String(dives)] = { rounds, samplesMs: samples };
  }
  raw['againstJsonParse'] = ratios;
  return { rows, raw };
}
