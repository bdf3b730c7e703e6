import { childPointer } from '../../diagnostics/pointer.js';
import type { DiscoveryCycle } from '../../spec/types.js';

const CYCLES = '/discovery/cycles';

export function cyclePointer(index: number, ...tokens: Array<string | number>): string {
  return childPointer(CYCLES, index, ...tokens);
}

export function eventPointer(cycle: number, event: number, ...tokens: Array<string | number>): string {
  return cyclePointer(cycle, 'events', event, ...tokens);
}

/** Tokens one cycle spent: the sum of its events' tokens. */
export function cycleTokens(cycle: DiscoveryCycle): number {
  return cycle.events.reduce((sum, event) => sum + event.tokens, 0);
}

/** Tokens the whole discovery spent. */
export function totalTokens(cycles: readonly DiscoveryCycle[]): number {
  return cycles.reduce((sum, cycle) => sum + cycleTokens(cycle), 0);
}

const TEST_FOLDERS = new Set(['test', 'tests', '__tests__', 'spec']);

/**
 * Whether a path names a test or spec file: a folder `test/`, `tests/`, `__tests__/` or `spec/`
 * on the way, or a file name like `*.spec.*`, `*.test.*` or `*_test.*` (case folded; `\` counts as `/`).
 */
export function isTestFile(path: string): boolean {
  const segments = path.replace(/\\/g, '/').toLowerCase().split('/');
  const name = segments.pop() ?? '';
  if (segments.some((segment) => TEST_FOLDERS.has(segment))) return true;
  return name.includes('.spec.') || name.includes('.test.') || name.includes('_test.');
}
