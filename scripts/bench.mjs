// Benchmarks, printed as a table and written to bench/results.json. Commands compared are
// interleaved round by round and summarised by medians, because shared machines are noisy.
//   node scripts/bench.mjs [--rounds N]
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const roundsFlag = process.argv.indexOf('--rounds');
const rounds = roundsFlag === -1 ? 30 : Number(process.argv[roundsFlag + 1]);
const fixture = 'fixtures/valid/payments-refund-retry.json';
const cli = 'bin/compile-investigation.js';

const commands = [
  { name: 'node -e 0', args: ['-e', '0'] },
  { name: 'compile-investigation --format json', args: [cli, fixture, '--format', 'json'], goal: 1.2 },
  { name: 'compile-investigation --format markdown', args: [cli, fixture, '--format', 'markdown'], goal: 1.3 },
];

function timeOnce(args) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, args, { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
  const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) throw new Error(`${args.join(' ')} exited ${result.status}: ${result.stderr}`);
  return elapsed;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const samples = commands.map(() => []);
for (const command of commands) timeOnce(command.args);
for (let round = 0; round < rounds; round++) {
  // Rotate the order each round so that no command always runs right after another.
  for (let i = 0; i < commands.length; i++) {
    const index = (i + round) % commands.length;
    samples[index].push(timeOnce(commands[index].args));
  }
}

const floor = median(samples[0]);
const rows = commands.map((command, index) => {
  const ms = median(samples[index]);
  const ratio = ms / floor;
  return { command: command.name, medianMs: Math.round(ms * 10) / 10, ratio: Math.round(ratio * 100) / 100, goal: command.goal ?? null, met: command.goal === undefined ? null : ratio <= command.goal };
});

const machine = { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, memoryGiB: Math.round(totalmem() / 2 ** 30), node: process.version };
process.stdout.write(`Single file (${fixture}), ${rounds} interleaved rounds, medians; ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}\n\n`);
process.stdout.write('| command | median ms | ratio to node -e 0 | goal | met |\n| --- | --- | --- | --- | --- |\n');
for (const row of rows) {
  process.stdout.write(`| ${row.command} | ${row.medianMs} | ${row.ratio} | ${row.goal === null ? '' : `<= ${row.goal}`} | ${row.met === null ? '' : row.met ? 'yes' : 'no'} |\n`);
}
mkdirSync(new URL('../bench', import.meta.url), { recursive: true });
writeFileSync(new URL('../bench/results.json', import.meta.url), `${JSON.stringify({ machine, rounds, singleFile: rows }, null, 2)}\n`);
