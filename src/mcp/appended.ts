import { wholeText } from '../common/output-text.js';
import type { CommandResult } from '../engine/result.js';
import { escapeFor } from '../render/untrusted/index.js';

interface Listed {
  ruleId: string;
  severity: string;
  path: string;
  message: string;
}

/**
 * What append_brief says in text, beside its envelope: what happened in a line (the artifact
 * written, or why nothing was), then one line per diagnostic of the brief, its pointer into the
 * artifact first. The same facts as the envelope, never the envelope again.
 */
export function appendedText(result: CommandResult): string {
  const { error } = result;
  const headline =
    error === null
      ? wholeText(result.stdout)
      : `${error.code}${error.subcode === null ? '' : ` ${error.subcode}`}: ${escapeFor.terminal(error.message)}\n`;
  const diagnostics = (result.data['diagnostics'] ?? []) as Listed[];
  const line = ({ severity, ruleId, path, message }: Listed): string =>
    `${escapeFor.terminal(path)}: ${severity} ${ruleId}: ${escapeFor.terminal(message)}\n`;
  return `${headline}${diagnostics.map(line).join('')}`;
}
