// Goals 23.1 and 23.4: the batch command line beats the reference's one-process loop, and is linear.
// Whole processes over folders of the small and the large corpus, every command in every round.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type Bench, cli, driverArgs, NO_REFERENCE, python, root, roundsOf, type SectionResult } from './context.js';
import { formatMs, formatNumber, type Row, ratioRow, ratioTarget, skippedRow } from './goals.js';
import { interleave, log, medians, timeProcess } from './measure.js';

const LINEAR = 4.4;
const FORMATS = ['json', 'markdown'] as const;
/** The share of the reference's wall time each format may take. */
const AGAINST_REFERENCE = { markdown: 0.5, json: 0.35 } as const;

export function measureBatchCli(bench: Bench): SectionResult {
  const [small, large] = bench.sizes.batchFiles;
  const rounds = roundsOf(bench, 3, 2);
  const out = join(bench.work, 'out');
  /** A fresh output folder for each run, emptied outside the timing. */
  const intoEmptyOut = (command: string, args: string[]): number => {
    rmSync(out, { recursive: true, force: true });
    return timeProcess(command, args, root);
  };

  const tasks: Record<string, () => number> = {};
  for (const size of [small, large]) {
    const specs = bench.corpus.specFolder(size);
    const fixtures = bench.corpus.fixtureFolder(size);
    for (const format of FORMATS)
      tasks[`${format}-${size}`] = () => intoEmptyOut(process.execPath, [cli, specs, '--output-dir', out, '--format', format]);
    tasks[`test-${size}`] = () => timeProcess(process.execPath, [cli, 'test', fixtures, '--workers', '1'], root);
    tasks[`stats-${size}`] = () => timeProcess(process.execPath, [cli, 'stats', specs], root);
  }
  if (bench.reference !== null) {
    for (const format of FORMATS)
      tasks[`reference-${format}-${large}`] = () =>
        intoEmptyOut(python(), driverArgs('loop', [bench.reference!, format, bench.corpus.specFolder(large), out]));
  }
  log(`batch CLI: ${rounds} rounds of ${Object.keys(tasks).length} commands over ${small} and ${large} files`);
  const samples = interleave(rounds, tasks);
  rmSync(out, { recursive: true, force: true });
  const ms = medians(samples);

  const linear = (goal: string, name: string): Row =>
    ratioRow({
      id: '23.4',
      goal,
      value: ms[`${name}-${large}`]! / ms[`${name}-${small}`]!,
      comparison: '<=',
      target: LINEAR,
      detail: `${formatMs(ms[`${name}-${large}`]!)} / ${formatMs(ms[`${name}-${small}`]!)}`,
    });
  const files = `${formatNumber(large)} / ${formatNumber(small)} files`;
  const rows: Row[] = [
    ...FORMATS.map((format) => linear(`\`compile-investigation DIR --output-dir OUT --format ${format}\`, ${files}`, format)),
    linear(`\`compile-investigation test DIR --workers 1\`, ${formatNumber(large)} / ${formatNumber(small)} fixtures`, 'test'),
    linear(`\`compile-investigation stats DIR\`, ${files}`, 'stats'),
  ];
  for (const format of FORMATS) {
    const goal = `\`--output-dir OUT --format ${format}\` / the reference's one-process loop (load, validate, render, write), ${formatNumber(large)} files`;
    if (bench.reference === null) {
      rows.push(skippedRow('23.1', goal, ratioTarget('<=', AGAINST_REFERENCE[format]), NO_REFERENCE));
      continue;
    }
    const ours = ms[`${format}-${large}`]!;
    const theirs = ms[`reference-${format}-${large}`]!;
    rows.push(
      ratioRow({
        id: '23.1',
        goal,
        value: ours / theirs,
        comparison: '<=',
        target: AGAINST_REFERENCE[format],
        detail: `${formatMs(ours)} / ${formatMs(theirs)}`,
      }),
    );
  }
  return { rows, raw: { files: [small, large], rounds, samplesMs: samples } };
}
