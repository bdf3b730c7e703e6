import { type FileOutcome, type Problem, problemsOf } from '../report/outcome.js';
import { unusedEntriesFailure } from './run-failure.js';
import { escapeFor } from './untrusted/index.js';

/**
 * GitHub Actions workflow commands, one a problem, which the runner turns into annotations on the
 * pull request. Input errors carry their subcode as title. A file inside the working directory is
 * named relative to it, as the runner expects; one outside it is named as given. Unused baseline
 * entries that fail the run (`failingUnused`, --fail-on-unused-suppressions) get one error of no
 * file that says so, since no problem of a file explains that failure.
 */
export function formatGithub(files: FileOutcome[], failingUnused = 0): string {
  const commands: string[] = [];
  for (const file of files) for (const problem of problemsOf(file)) commands.push(annotation(file, problem));
  if (failingUnused > 0) commands.push(runFailure(unusedEntriesFailure(failingUnused)));
  return commands.length === 0 ? '' : `${commands.join('\n')}\n`;
}

/** The workflow command of one problem of `file`. */
export function annotation(file: FileOutcome, { severity, ruleId, subcode, message, line, column, suppressed }: Problem): string {
  const path = file.location?.kind === 'relative' ? file.location.path : file.path;
  // A problem a baseline accepts is shown, but as a notice: it does not fail the gate.
  if (suppressed !== undefined) return command('notice', path, line, column, `${ruleId} (suppressed ${severity})`, message);
  return command(severity, path, line, column, subcode ?? ruleId, message);
}

/** An error of the run as a whole, on no file: why the gate failed when no problem says it. */
export function runFailure(message: string): string {
  return `::error title=compile-investigation::${escapeFor.commandData(message)}`;
}

function command(
  kind: 'error' | 'warning' | 'notice',
  path: string,
  line: number | undefined,
  column: number | undefined,
  title: string,
  message: string,
): string {
  const properties = [`file=${escapeFor.commandProperty(path)}`];
  // A column means nothing to the runner without its line.
  if (isPosition(line)) {
    properties.push(`line=${line}`);
    if (isPosition(column)) properties.push(`col=${column}`);
  }
  properties.push(`title=${escapeFor.commandProperty(title)}`);
  return `::${kind} ${properties.join(',')}::${escapeFor.commandData(message)}`;
}

function isPosition(value: number | undefined): value is number {
  return value !== undefined && Number.isInteger(value) && value >= 1;
}
