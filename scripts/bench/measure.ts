// Timing helpers shared by every section. Whatever is compared is measured in the same run,
// round by round with the order rotated, and summarised by medians: the machines are shared and
// noisy, so a median of interleaved samples is the least biased figure we can get.
import { spawnSync } from 'node:child_process';

export type Samples = Record<string, number[]>;

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no samples');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export function log(message: string): void {
  process.stderr.write(`bench: ${message}\n`);
}

/** Milliseconds taken by `work`. */
export function timeMs(work: () => void): number {
  const start = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Wall time in ms of a whole child process (given `input` on standard input, if any), output discarded; throws unless it exits with 0, so
 * that a failing command is never mistaken for a fast one.
 */
export function timeProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  accepted: readonly number[] = [0],
  input?: string,
): number {
  let result: ReturnType<typeof spawnSync> | undefined;
  const stdin = input === undefined ? 'ignore' : 'pipe';
  const ms = timeMs(() => {
    result = spawnSync(command, args, { cwd, input, stdio: [stdin, 'ignore', 'pipe'], maxBuffer: 16 * 1024 * 1024 });
  });
  if (result!.error) throw result!.error;
  if (!accepted.includes(result!.status as number))
    throw new Error(`${command} ${args.join(' ')} exited ${result!.status}: ${String(result!.stderr).slice(0, 2000)}`);
  return ms;
}

/**
 * Runs every task once per round, starting each round one task further along, so that no task
 * always runs first (cold) or right after the same neighbour. Returns the samples by task name.
 */
export function interleave(rounds: number, tasks: Record<string, () => number>): Samples {
  const names = Object.keys(tasks);
  const samples: Samples = Object.fromEntries(names.map((name) => [name, [] as number[]]));
  for (let round = 0; round < rounds; round++) {
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + round) % names.length]!;
      samples[name]!.push(tasks[name]!());
    }
  }
  return samples;
}

/** The median of each task's samples. */
export function medians(samples: Samples): Record<string, number> {
  return Object.fromEntries(Object.entries(samples).map(([name, values]) => [name, median(values)]));
}
