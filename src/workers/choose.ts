import { availableParallelism } from 'node:os';

/** What --workers asks for: a number of threads, or `auto`, the number that pays for the work on this machine. */
export type WorkersRequest = number | 'auto';

/**
 * On more than two cores, below this many items starting worker threads costs more than it saves
 * (82 fixtures: 0.98 s with two workers, 0.79 s in this thread).
 */
export const MIN_ITEMS_FOR_WORKERS = 200;

/**
 * On two cores the main thread and the garbage collector already keep both busy: two workers
 * cost 40% more CPU and save nothing up to about 3,000 fixtures (2,000 with goldens: 4.0–4.9 s in
 * this thread, 4.4–4.6 s with two workers), and pay from there on (5,000: 1.1–1.3x; 10,000:
 * 1.3–1.6x), measured on a two-core machine.
 */
export const MIN_ITEMS_ON_TWO_CORES = 3_000;

/** The threads `auto` picks: this thread where workers would not pay, else one per CPU. */
export function autoWorkers(items: number, cpus: number): number {
  if (cpus <= 1) return 1;
  return items >= (cpus === 2 ? MIN_ITEMS_ON_TWO_CORES : MIN_ITEMS_FOR_WORKERS) ? cpus : 1;
}

/**
 * Threads enough for the work and no more than the machine has: each worker holds its own
 * compiler and heap (100 workers on 500 fixtures took 1.43 GB), and more threads than CPUs only
 * take turns. A request above the CPUs is cut, with a warning. 1 means this thread.
 */
export function chooseWorkers(requested: WorkersRequest, items: number, warnings: string[], cpus = availableParallelism()): number {
  if (requested === 'auto') return Math.min(autoWorkers(items, cpus), Math.max(1, items));
  if (requested > cpus) warnings.push(`--workers ${requested} is more than the ${cpus} available CPUs; using ${cpus}`);
  return Math.max(1, Math.min(requested, cpus, items));
}
