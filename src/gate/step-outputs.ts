import type { GateTally } from './tally.js';

/** The step outputs, as the lines GitHub reads from the file named by GITHUB_OUTPUT. */
export function stepOutputs(counts: GateTally, exitCode: number): string {
  const outputs: Array<[string, string | number]> = [
    ['verdict', exitCode === 0 ? 'pass' : 'fail'],
    ['exit-code', exitCode],
    ['files', counts.files],
    ['passed', counts.passed],
    ['failed', counts.failed],
    ['errors', counts.errors],
    ['warnings', counts.warnings],
    ['suppressed', counts.suppressed],
  ];
  return outputs.map(([name, value]) => `${name}=${value}\n`).join('');
}
