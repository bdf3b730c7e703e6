// Goal 23.2: the whole gate over a folder, text listing, for the price of a schema check: this
// command line against ajv-cli with the same JSON Schema alone, and against Spectral with the
// schema and four rules (scripts/bench/peers.ts), whole processes over the same files.
import { type Bench, cli, root, roundsOf, type SectionResult } from './context.js';
import { formatMs, formatNumber, type Row, ratioRow, ratioTarget, skippedRow } from './goals.js';
import { interleave, log, medians, timeProcess } from './measure.js';
import { peers } from './peers.js';

const AGAINST = { ajv: 1.0, spectral: 0.1 } as const;

export function measureGate(bench: Bench): SectionResult {
  const count = bench.sizes.batchFiles[1];
  const folder = bench.corpus.specFolder(count);
  const goals = {
    ajv: `\`compile-investigation DIR\` (the whole gate, text listing) / ajv-cli 5 with the same JSON Schema alone, ${formatNumber(count)} files`,
    spectral: `\`compile-investigation DIR\` (the whole gate, text listing) / Spectral 6 with the schema and 4 rules, ${formatNumber(count)} files`,
  };
  const found = peers(bench.work);
  if ('missing' in found)
    return {
      rows: (['ajv', 'spectral'] as const).map((peer) => skippedRow('23.2', goals[peer], ratioTarget('<=', AGAINST[peer]), found.missing)),
      raw: { skipped: found.missing },
    };
  const rounds = roundsOf(bench, 3, 2);
  const run =
    ([command, args]: [string, string[]]) =>
    () =>
      timeProcess(command, args, root);
  const tasks = {
    ours: run([process.execPath, [cli, folder]]),
    ajv: run(found.ajv(folder)),
    spectral: run(found.spectral(folder)),
  };
  log(`gate: ${rounds} interleaved rounds of this tool, ajv-cli and Spectral over ${formatNumber(count)} files`);
  const samples = interleave(rounds, tasks);
  const ms = medians(samples);
  const rows: Row[] = (['ajv', 'spectral'] as const).map((peer) =>
    ratioRow({
      id: '23.2',
      goal: goals[peer],
      value: ms['ours']! / ms[peer]!,
      comparison: '<=',
      target: AGAINST[peer],
      detail: `${formatMs(ms['ours']!)} / ${formatMs(ms[peer]!)}`,
    }),
  );
  return { rows, raw: { files: count, rounds, samplesMs: samples } };
}
