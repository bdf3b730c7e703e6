import { type FileOutcome, type Problem, problemsOf } from '../report/outcome.js';
import { escapeFor } from './untrusted/index.js';

/**
 * GitHub Actions workflow commands, one a problem, which the runner turns into annotations on the
 * pull request. Input errors carry their subcode as title. A file inside the working directory is
 * named relative to it, as the runner expects; one outside it is named as given.
 */
export function formatGithub(files: FileOutcome[]): string {
  const commands: string[] = [];
  for (const file of files) for (const problem of problemsOf(file)) commands.push(annotation(file, problem));
  return commands.length === 0 ? '' : `${commands.join('\n')}\n`;
}

/** The workflow command of one problem of `file`. */
export function annotation(file: FileOutcome, { severity, ruleId, subcode, message, line, column, suppressed }: Problem): string {
  const path = file.location?.kind === 'relative' ? file.location.path : file.path;
  // A problem a baseline accepts is shown, but as a notice: it does not fail the gate.
  if (suppressed !== undefined) return command('notice', path, line, column, `${ruleId} (suppressed ${severity})`, message);
  return command(severity, path, line, column, subcode ?? ruleId, message);
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
