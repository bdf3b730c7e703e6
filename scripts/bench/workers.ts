// Goal 9.5 (issue 9's, still measured), and the workers' crossover of issue 23: `test` on many fixtures spreads over worker threads: two workers against one.
import { spawnSync } from 'node:child_process';
import { type Bench, cli, root, roundsOf, type SectionResult } from './context.js';
import { formatMs, formatNumber, ratioRow } from './goals.js';
import { interleave, log, medians, timeProcess } from './measure.js';

const SPEED_UP = 1.7;
const ISSUE_FIXTURES = 10_000;

export function measureWorkers(bench: Bench): SectionResult {
  const count = bench.sizes.workerFixtures;
  const rounds = roundsOf(bench, 3, 2);
  const folder = bench.corpus.fixtureFolder(count);
  // Fixtures as a project keeps them: with golden reports, so that each is compiled, rendered twice and compared.
  const goldens = spawnSync(process.execPath, [cli, 'test', folder, '--update', 'goldens'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (goldens.status !== 0)
    throw new Error(`writing the goldens of the workers' fixtures failed (exit ${goldens.status}): ${goldens.stderr.slice(0, 2000)}`);
  const tasks = Object.fromEntries(
    [1, 2].map((workers) => [
      `workers ${workers}`,
      () => timeProcess(process.execPath, [cli, 'test', folder, '--workers', String(workers)], root),
    ]),
  );
  log(`workers: ${rounds} interleaved rounds of test --workers 1 and 2 on ${formatNumber(count)} fixtures`);
  const samples = interleave(rounds, tasks);
  const ms = medians(samples);
  const one = ms['workers 1']!;
  const two = ms['workers 2']!;
  const proxy = count === ISSUE_FIXTURES ? '' : ` (--quick: fewer than ${formatNumber(ISSUE_FIXTURES)})`;
  const row = ratioRow({
    id: '9.5',
    goal: `\`compile-investigation test DIR\`, ${formatNumber(count)} fixtures with goldens${proxy}: \`--workers 1\` / \`--workers 2\``,
    value: one / two,
    comparison: '>=',
    target: SPEED_UP,
    detail: `${formatMs(one)} / ${formatMs(two)}`,
  });
  return { rows: [row], raw: { fixtures: count, rounds, samplesMs: samples } };
}
