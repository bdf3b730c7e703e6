import { annotation } from '../render/github.js';
import { type FileOutcome, problemsOf } from '../report/outcome.js';

/**
 * GitHub shows at most 10 error and 10 warning annotations of a step (and 50 of each in a job); the
 * rest are dropped without a word. So the first `max` of each kind are annotated, in file order, and
 * a notice says how many more there are and where they are.
 */
export const DEFAULT_MAX_ANNOTATIONS = 10;

export function cappedAnnotations(files: readonly FileOutcome[], max: number): string {
  const lines: string[] = [];
  const left = { error: 0, warning: 0 };
  const shown = { error: 0, warning: 0 };
  for (const file of files) {
    for (const problem of problemsOf(file)) {
      // A problem a baseline accepts needs no annotation on the pull request: the summary counts it.
      if (problem.suppressed !== undefined) continue;
      if (shown[problem.severity] >= max) {
        left[problem.severity]++;
        continue;
      }
      shown[problem.severity]++;
      lines.push(annotation(file, problem));
    }
  }
  if (left.error + left.warning > 0) {
    const more = [
      left.error > 0 ? `${left.error} more error${left.error === 1 ? '' : 's'}` : '',
      left.warning > 0 ? `${left.warning} more warning${left.warning === 1 ? '' : 's'}` : '',
    ]
      .filter((part) => part !== '')
      .join(' and ');
    lines.push(
      `::notice title=compile-investigation::${more} not annotated (at most ${max} of each kind per step); the job summary and the SARIF log list them all`,
    );
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}
