import { definedFields } from '../common/defined-fields.js';
import { compareAtOnePlace, compareStrings, type Diagnostic } from '../diagnostics/diagnostic.js';
import { type InputProblem, inputProblem } from '../load/input-error.js';
import { placeDiagnostics } from '../load/place.js';
import type { CompileError } from '../report/compile-error.js';
import { countsOf, type FileOutcome } from '../report/outcome.js';
import type { Artifact } from './artifact-model.js';

/** An artifact's outcome: its input error, or its problems placed in the text and sorted by position. */
export function outcomeOf(artifact: Artifact): FileOutcome {
  const withSource = definedFields({ source: artifact.source });
  if (artifact.error !== undefined || artifact.problems === undefined) {
    return inputErrorOutcome(
      artifact.display,
      artifact.error ?? inputProblem('UNREADABLE', `${artifact.display} cannot be read`),
      artifact.source,
    );
  }
  const diagnostics = artifact.problems.map(({ ruleId, severity, message, path }): Diagnostic => ({ ruleId, severity, message, path }));
  const placed = placeDiagnostics(diagnostics, artifact.locate).sort(
    (a, b) =>
      (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || comparePointers(a.path, b.path) || compareAtOnePlace(a, b),
  );
  const failed = placed.some((diagnostic) => diagnostic.severity === 'error');
  return {
    path: artifact.display,
    exitCode: failed ? 1 : 0,
    verdict: failed ? 'fail' : 'pass',
    diagnostics: placed,
    counts: countsOf(placed, null),
    error: null,
    report: null,
    ...withSource,
  };
}

/** A shorter pointer before any that extends it; otherwise code-unit order. */
function comparePointers(a: string, b: string): number {
  if (b.startsWith(`${a}/`)) return -1;
  if (a.startsWith(`${b}/`)) return 1;
  return compareStrings(a, b);
}

export function inputErrorOutcome(path: string, problem: InputProblem, source?: string): FileOutcome {
  const error: CompileError = { code: 'INPUT_ERROR', ...problem };
  return {
    path,
    exitCode: 3,
    verdict: 'fail',
    diagnostics: [],
    counts: countsOf([], error),
    error,
    report: null,
    ...definedFields({ source }),
  };
}
