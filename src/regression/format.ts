import { escapeFor } from '../render/untrusted/index.js';
import type { FixtureResult, Problem } from './types.js';

/**
 * One block per failing fixture, "FAIL <path>" and its problems indented beneath, then the closing
 * line "N passed, N failed" (CI parses that line; keep it exactly so). For a terminal: paths,
 * messages and diff lines quote fixtures and goldens, so every line is made visible and inert.
 */
export function formatFailures(results: readonly FixtureResult[]): string {
  const blocks: string[] = [];
  for (const result of results) {
    if (result.passed) continue;
    blocks.push(`FAIL ${escapeFor.terminal(result.path)}\n${formatProblems(result.problems.map(shown), '  ')}\n`);
  }
  const failed = results.filter((result) => !result.passed).length;
  return `${blocks.join('')}${results.length - failed} passed, ${failed} failed\n`;
}

/** One line per file an update wrote, "created PATH" or "updated PATH", in the order written. */
export function formatWritten(results: readonly FixtureResult[]): string {
  const lines: string[] = [];
  for (const result of results) {
    const created = new Set(result.created);
    for (const path of result.written) lines.push(`${created.has(path) ? 'created' : 'updated'} ${escapeFor.terminal(path)}\n`);
  }
  return lines.join('');
}

/** Problems one per line with `indent`, each detail (a diff) indented two more spaces beneath its message. */
export function formatProblems(problems: readonly Problem[], indent: string): string {
  const lines: string[] = [];
  for (const problem of problems) {
    lines.push(`${indent}${problem.message}`);
    if (problem.detail !== undefined && problem.detail !== '') {
      for (const line of problem.detail.split('\n')) lines.push(`${indent}  ${line}`);
    }
  }
  return lines.join('\n');
}

function shown(problem: Problem): Problem {
  const message = escapeFor.terminal(problem.message);
  if (problem.detail === undefined) return { message };
  return {
    message,
    detail: problem.detail
      .split('\n')
      .map((line) => escapeFor.terminal(line))
      .join('\n'),
  };
}
