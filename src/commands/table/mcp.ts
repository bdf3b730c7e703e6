import type { McpCommandOptions } from '../mcp.js';
import { collect, maxBytesOption } from '../options.js';
import { defineCommand } from './declaration.js';

export const mcp = defineCommand({
  name: 'mcp',
  description:
    'serve the tools (compile, next, draft_from_trace, explain, rules, policy, schema, append_brief) and the schemas as resources to an MCP client, over standard input and output',
  options: [
    {
      flags: '--root <dir>',
      description: 'a folder the tools may read and write in (repeatable; default: the working directory)',
      parser: collect,
    },
    maxBytesOption('largest spec accepted, as a file or as text, in bytes'),
  ],
  synopsis: 'compile-investigation mcp [--root DIR]... [--max-bytes N]',
  parse: (_args, options): McpCommandOptions => ({
    roots: (options['root'] as string[] | undefined) ?? [],
    maxBytes: options['maxBytes'] as number,
  }),
  run: async (options, io) => (await import('../mcp.js')).mcpCommand(options, io),
});
