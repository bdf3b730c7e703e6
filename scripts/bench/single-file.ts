// Goal 9.2 (issue 9's, still measured): one spec through a whole command-line process, against the floor of starting node and
// against the reference script run on the same file.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Bench, cli, NO_REFERENCE, python, root, roundsOf, type SectionResult } from './context.js';
import { formatMs, formatNumber, type Row, ratioRow, ratioTarget, skippedRow } from './goals.js';
import { interleave, log, medians, timeProcess } from './measure.js';

const AGAINST_NODE = { markdown: 1.3, json: 1.2 } as const;
const AGAINST_REFERENCE = 1.0;

export function measureSingleFile(bench: Bench): SectionResult {
  const rounds = roundsOf(bench, 20, 5);
  // The spec of median size: a typical file, the same in every run.
  const bySize = [...bench.corpus.specs].sort((a, b) => a.text.length - b.text.length || a.name.localeCompare(b.name));
  const spec = bySize[Math.floor(bySize.length / 2)]!;
  const file = join(bench.work, spec.name);
  writeFileSync(file, spec.text);

  const commands: Record<string, [string, string[]]> = {
    'node -e 0': [process.execPath, ['-e', '0']],
    markdown: [process.execPath, [cli, file, '--format', 'markdown']],
    json: [process.execPath, [cli, file, '--format', 'json']],
  };
  if (bench.reference !== null) commands['reference markdown'] = [python(), [bench.reference, '--input', file, '--format', 'markdown']];
  const tasks = Object.fromEntries(
    Object.entries(commands).map(([name, [command, args]]) => [name, () => timeProcess(command, args, root)]),
  );
  log(`single file: ${spec.name} (${formatNumber(spec.text.length)} bytes), a warm-up and ${rounds} rounds`);
  for (const task of Object.values(tasks)) task();
  const samples = interleave(rounds, tasks);
  const ms = medians(samples);

  const floor = ms['node -e 0']!;
  const rows: Row[] = (['markdown', 'json'] as const).map((format) =>
    ratioRow({
      id: '9.2',
      goal: `\`compile-investigation spec.json --format ${format}\` / \`node -e 0\`, whole processes`,
      value: ms[format]! / floor,
      comparison: '<=',
      target: AGAINST_NODE[format],
      detail: `${formatMs(ms[format]!)} / ${formatMs(floor)}`,
    }),
  );
  const goal = '`compile-investigation spec.json --format markdown` / the reference script on the same file';
  if (bench.reference === null) rows.push(skippedRow('9.2', goal, ratioTarget('<=', AGAINST_REFERENCE), NO_REFERENCE));
  else {
    const theirs = ms['reference markdown']!;
    rows.push(
      ratioRow({
        id: '9.2',
        goal,
        value: ms['markdown']! / theirs,
        comparison: '<=',
        target: AGAINST_REFERENCE,
        detail: `${formatMs(ms['markdown']!)} / ${formatMs(theirs)}`,
      }),
    );
  }
  return { rows, raw: { spec: spec.name, bytes: Buffer.byteLength(spec.text), rounds, samplesMs: samples } };
}
