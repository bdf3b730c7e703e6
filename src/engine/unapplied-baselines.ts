import { dirname } from 'node:path';
import { shownPath } from '../common/display-path.js';
import { lookupBoundary } from '../common/lookup-boundary.js';
import { fileFinder } from '../common/walk-up.js';
import { SUPPRESSIONS_FILE_NAME } from '../suppressions/index.js';

/**
 * The baselines `compile` would judge these specs (absolute paths) by, which `stats` and `compare`
 * do not apply: for each spec the nearest suppressions file up from its folder, else from the
 * working directory, never above where lookup stops (`roots`: the MCP server's). Each is named once,
 * relative to the working directory, in order of first use. The files are only found, never read:
 * a broken baseline does not stop a command that does not use it.
 */
export function unappliedBaselines(specs: readonly string[], cwd: string, roots?: readonly string[]): string[] {
  if (specs.length === 0) return [];
  const nearest = fileFinder([SUPPRESSIONS_FILE_NAME], lookupBoundary(cwd, roots));
  const found = new Set<string>();
  for (const spec of specs) {
    const file = nearest(dirname(spec)).file ?? nearest(cwd).file;
    if (file !== null) found.add(file);
  }
  return [...found].map((file) => shownPath(file, cwd));
}

/** The warning of a command that does not apply a baseline it found: what it does instead. */
export function unappliedBaselineWarning(command: 'stats' | 'compare', baseline: string): string {
  const instead =
    command === 'stats'
      ? 'stats counts every problem of the specs as found, whether a baseline accepts it or not'
      : 'compare judges the specs of BASE and HEAD as found (a JSON report of compile keeps what its own baseline suppressed, which weighs nothing)';
  return `baseline ${baseline} is not applied: ${instead}; compile judges the specs by it`;
}
