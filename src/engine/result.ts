import type { OutputText } from '../common/output-text.js';
import type { EnvelopeError } from './contract.js';
import type { StreamFile } from './stream-files.js';

/** What a command came to: printed as an envelope with --json, as plain stdout otherwise. */
export interface CommandResult {
  exitCode: number;
  data: Record<string, unknown>;
  warnings: string[];
  error: EnvelopeError | null;
  /** What the command prints on standard output without --json: pieces for a large JSON report. */
  stdout: OutputText;
}

/** Human lines for standard error; with --json too, since stdout then holds only the envelope. */
export interface Io {
  cwd: string;
  env: Record<string, string | undefined>;
  stderr: { isTTY?: boolean; write(text: string): unknown };
  stdoutIsTTY: boolean;
  /** Standard output and error when they are redirected to regular files: walks leave those files out. Absent in process and in MCP. */
  streamFiles?: readonly StreamFile[];
  /**
   * The MCP server's roots (real paths): configuration and baseline lookups stay inside them.
   * Absent on the command line, where they stop at the top of the repository.
   */
  roots?: readonly string[];
  /** The process's own streams, for the one command that speaks a protocol on them (mcp); absent in process. */
  stdio?: { stdin: import('node:stream').Readable; stdout: import('node:stream').Writable };
}
