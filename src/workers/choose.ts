import { availableParallelism } from 'node:os';

/**
 * Below this many items, starting worker threads costs more than it saves (82 fixtures: 0.98 s
 * with two workers, 0.79 s in this thread), so the default runs in this thread.
 */
export const MIN_ITEMS_FOR_WORKERS = 200;

/**
 * Threads enough for the work and no more than the machine has: each worker holds its own
 * compiler and heap (100 workers on 500 fixtures took 1.43 GB), and more threads than CPUs only
 * take turns. A request above the CPUs is cut, with a warning. 1 means this thread.
 */
export function chooseWorkers(requested: number | undefined, items: number, warnings: string[]): number {
  const cpus = availableParallelism();
  if (requested !== undefined && requested > cpus)
    warnings.push(`--workers ${requested} is more than the ${cpus} available CPUs; using ${cpus}`);
  return Math.max(1, Math.min(requested ?? (items >= MIN_ITEMS_FOR_WORKERS ? cpus : 1), cpus, items));
}
