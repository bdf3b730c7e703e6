import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Compiler, createCompiler } from '../../src/compile.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { discoverFixtures } from '../../src/regression/index.js';
import type { CompileError } from '../../src/report/compile-error.js';
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

/**
 * A file judged to `diagnostics`, as compile would give it: exit 1 and fail with an error among
 * them, else 0 and pass; with `error`, the exit code of its kind (3 or 4) and no report. The
 * counts always come from countsOf, as compile's do.
 */
export function judgedOutcome(
  path: string,
  diagnostics: Diagnostic[],
  extra: { error?: CompileError; report?: Report; source?: string } = {},
): FileOutcome {
  const { error = null, report = null, source } = extra;
  const failed = error !== null || diagnostics.some((diagnostic) => diagnostic.severity === 'error');
  const exitCode = error === null ? (failed ? 1 : 0) : error.code === 'CRITICAL_INPUT' ? 4 : 3;
  const counts = countsOf(diagnostics, error);
  return {
    path,
    exitCode,
    verdict: failed ? 'fail' : 'pass',
    diagnostics,
    counts,
    error,
    report,
    ...(source === undefined ? {} : { source }),
  };
}
