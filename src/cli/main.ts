// The process entry of the CLI: the real process's streams and exit code around run(). The
// launcher (bin/compile-investigation.cjs) loads this module's bundle and calls main().

import { exitCodes } from '../common/exit-codes.js';
import type { OutputText } from '../common/output-text.js';
import { internalError } from '../engine/error-table.js';
import type { Io } from '../engine/result.js';
import { streamFiles } from '../engine/stream-files.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { runCommand } from './run.js';
import { writeInSlices } from './write-in-slices.js';

export async function main(): Promise<void> {
  endQuietlyOnClosedPipe(process.stdout);
  endQuietlyOnClosedPipe(process.stderr);
  const io: Io = {
    cwd: process.cwd(),
    env: process.env,
    stderr: process.stderr,
    stdoutIsTTY: process.stdout.isTTY === true,
    streamFiles: streamFiles(),
    stdio: { stdin: process.stdin, stdout: process.stdout },
  };
  try {
    const outcome = await runCommand(process.argv.slice(2), io);
    process.exitCode = outcome.exitCode;
    print(outcome.stdout);
  } catch (error) {
    const failure = internalError(error);
    process.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(failure.message)}\n`);
    process.exitCode = failure.exitCode;
  }
}

/** Standard output a piece at a time, each piece made only when the one before is written. */
function print(text: OutputText): void {
  for (const piece of typeof text === 'string' ? [text] : text) {
    // A reader gone wants nothing more: the rest is not made.
    if (process.stdout.destroyed) return;
    writeInSlices(process.stdout, piece);
  }
}

/**
 * A reader that stops early (`| head`) closes the pipe: what it did not read is not wanted, so the
 * run ends with its own exit code and no error. Any other failure to write is said in one line.
 */
function endQuietlyOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    stream.destroy();
    if (error.code === 'EPIPE') return;
    process.exitCode = exitCodes.internal;
    if (stream !== process.stderr) process.stderr.write(`${toolInfo.name}: cannot write the output (${error.code ?? 'unknown error'})\n`);
  });
}

/** The synopsis of every command, for the generated section of docs/cli.md (scripts/docs.mjs). */
export { synopsisText } from '../commands/table/index.js';
/** The in-process entry, for the build's code-cache warm-up and for tests. */
export { run } from './run.js';
