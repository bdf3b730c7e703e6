import { jsonText } from '../common/json-text.js';
import { wholeText } from '../common/output-text.js';
import { CONTRACT_VERSION, type Envelope, type EnvelopeError, exitCodeOf } from '../engine/contract.js';
import type { CommandResult } from '../engine/result.js';
import { escapeFor } from '../render/untrusted/index.js';

/** What a tool call returns: text for a person, the same as data for an agent; isError for a call that could not be served. */
export interface ToolResult {
  [key: string]: unknown;
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A tool's answer with its command's data, and the command's text (or that data as JSON when it printed none). */
export function served(result: CommandResult): ToolResult {
  return {
    content: [{ type: 'text', text: result.stdout === '' ? jsonText(result.data) : wholeText(result.stdout) }],
    structuredContent: result.data,
  };
}

/** A command that looks configuration up: its warnings (which configuration, which was ignored) come with its data and its text. */
export function servedWithWarnings(result: CommandResult): ToolResult {
  const { content, structuredContent } = served(result);
  const text = content[0]?.text ?? '';
  return {
    content: [{ type: 'text', text: withWarnings(text, result.warnings) }],
    structuredContent: { ...structuredContent, warnings: result.warnings },
  };
}

export function withWarnings(text: string, warnings: readonly string[]): string {
  if (warnings.length === 0) return text;
  return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${warnings.map((warning) => `warning: ${escapeFor.terminal(warning)}\n`).join('')}`;
}

/** A call that was not served, for a tool that answers with its command's data: `{error}` and the error in a line. */
export function refusal(error: EnvelopeError): ToolResult {
  return { content: [{ type: 'text', text: errorLine(error) }], structuredContent: { error }, isError: true };
}

/**
 * The answer of a tool that answers as its command's --json does, whatever the outcome: the
 * envelope as data, `isError` unless the command exited 0, and `text` (which says what happened in
 * a few lines) for a person.
 */
export function enveloped(command: string, result: Omit<CommandResult, 'stdout'>, text: string): ToolResult {
  const envelope: Envelope = {
    schema: CONTRACT_VERSION,
    ok: result.exitCode === 0,
    command,
    data: result.data,
    warnings: result.warnings,
    error: result.error,
  };
  return {
    content: [{ type: 'text', text }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    ...(envelope.ok ? {} : { isError: true }),
  };
}

/** A refusal as an envelope: no data, the error in a line. */
export function envelopedRefusal(command: string, error: EnvelopeError): ToolResult {
  return enveloped(command, { exitCode: exitCodeOf(error.code), data: {}, warnings: [], error }, errorLine(error));
}

function errorLine({ code, subcode, message }: EnvelopeError): string {
  return `${code}${subcode === null ? '' : ` ${subcode}`}: ${message}`;
}
