import type { CommandResult, Io } from '../engine/result.js';

export interface HookCommandOptions {
  spec?: string;
  stateDir?: string;
}

/**
 * `hook`: one payload read on standard input and answered on standard output, in the calling
 * agent's contract. The launcher runs the hook's bundle straight for the usual command line; this
 * is the same answer given through the command line's program (the table, --help).
 */
export async function hookCommand(options: HookCommandOptions, io: Io): Promise<CommandResult> {
  if (io.stdio === undefined) throw new Error('the hook command needs the process streams');
  const { answerStream } = await import('../hook/main.js');
  const answer = await answerStream(io.stdio.stdin, options, io.env);
  if (answer.stderr !== '') io.stderr.write(answer.stderr);
  return { exitCode: answer.exitCode, data: {}, warnings: [], error: null, stdout: answer.stdout };
}
