import type { CommandResult, Io } from '../engine/result.js';

export interface LspCommandOptions {
  maxBytes: number;
}

/**
 * `lsp --stdio`: a language server on standard input and output, until the editor ends it. The
 * server, with the protocol's libraries, is loaded only here.
 */
export async function lspCommand(options: LspCommandOptions, io: Io): Promise<CommandResult> {
  if (io.stdio === undefined) throw new Error('the lsp command needs the process streams');
  const { serveLsp } = await import('../lsp/server.js');
  await serveLsp({ maxBytes: options.maxBytes, env: io.env, cwd: io.cwd, ...io.stdio });
  return { exitCode: 0, data: {}, warnings: [], error: null, stdout: '' };
}
