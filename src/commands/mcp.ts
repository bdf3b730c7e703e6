import type { CommandResult, Io } from '../engine/result.js';
import { createRoots } from '../engine/roots.js';

export interface McpCommandOptions {
  roots: string[];
  maxBytes: number;
}

/**
 * `mcp`: a Model Context Protocol server on standard input and output, until the client closes
 * it. The roots are checked before the server starts; the server itself is loaded only here.
 */
export async function mcpCommand(options: McpCommandOptions, io: Io): Promise<CommandResult> {
  const roots = createRoots(options.roots, io.cwd);
  if (io.stdio === undefined) throw new Error('the mcp command needs the process streams');
  const { serveMcp } = await import('../mcp/server.js');
  await serveMcp({ roots, maxBytes: options.maxBytes, env: io.env, stderr: io.stderr, ...io.stdio });
  return { exitCode: 0, data: {}, warnings: [], error: null, stdout: '' };
}
