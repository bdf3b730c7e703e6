import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Compiler, createCompiler } from '../../src/compile.js';
import { discoverFixtures } from '../../src/regression/index.js';
import { countsOf, type FileOutcome } from '../../src/report/outcome.js';
import type { Report } from '../../src/report/types.js';

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Every fixture spec under fixtures/ (valid and invalid), compiled with the gate preset, in path order. */
export function fixtureOutcomes(): FileOutcome[] {
  const compiler = createCompiler();
  return discoverFixtures([join(repoRoot, 'fixtures')]).map((file) =>
    compiledOutcome(compiler, relative(repoRoot, file).split('\\').join('/'), readFileSync(file)),
  );
}

/** What one spec's bytes came to, compiled by `compiler`, as the formatters and stats receive it. */
export function compiledOutcome(compiler: Compiler, path: string, bytes: string | Uint8Array): FileOutcome {
  const result = compiler.compile(bytes, { path });
  return {
    path,
    exitCode: result.exitCode,
    verdict: result.verdict,
    diagnostics: result.diagnostics,
    counts: countsOf(result.diagnostics, result.error),
    error: result.error,
    report: result.report,
  };
}

/** A file that passed with `report`, as the formatters and stats receive it. */
export function passingOutcome(path: string, report: Report): FileOutcome {
  return { path, exitCode: 0, verdict: 'pass', diagnostics: [], counts: countsOf([], null), error: null, report };
}
