import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { toolInfo } from '../../tool.js';
import { toolContext } from './context.js';
import { listResources, readResource } from './resources.js';
import type { Roots } from './roots.js';
import { callTool, TOOLS } from './tools.js';

export interface McpOptions {
  roots: Roots;
  maxBytes: number;
  env: Record<string, string | undefined>;
  stdin: Readable;
  stdout: Writable;
  /** Where the server says what went wrong with the transport; never standard output, which is the protocol's. */
  stderr: { write(text: string): unknown };
}

const INSTRUCTIONS =
  'Judge adaptive investigation specs with the method\'s acceptance gate. While an investigation runs, call next on the draft before each step (it says what the method allows now and which rule forbids what), compile with stage "draft" after each step, and compile the finished spec without it. explain says what a rule wants; policy lists the allowed values.';

/**
 * Serves the tools and resources over standard input and output until the client closes the
 * stream. Every call runs in the first root, and reads (or writes) only inside the roots.
 */
export async function serveMcp(options: McpOptions): Promise<void> {
  const server = new Server(
    { name: toolInfo.name, version: toolInfo.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  const context = toolContext(options.roots, options.maxBytes, options.env);
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: TOOLS.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (tool === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${JSON.stringify(request.params.name)}; tools: ${TOOLS.map((entry) => entry.name).join(', ')}`,
      );
    return callTool(tool, request.params.arguments ?? {}, context);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const found = readResource(request.params.uri);
    if (found === undefined) throw new McpError(ErrorCode.InvalidParams, `unknown resource ${JSON.stringify(request.params.uri)}`);
    return { contents: [{ uri: request.params.uri, ...found }] };
  });
  // A spec given as text may be as large as --max-bytes, and JSON escapes can make it six times larger on the wire.
  const maxBufferSize = Math.max(10 * 1024 * 1024, 6 * options.maxBytes + 1024 * 1024);
  const transport = new StdioServerTransport(options.stdin, options.stdout, { maxBufferSize });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  transport.onerror = (error) => void options.stderr.write(`${toolInfo.name} mcp: ${error.message}\n`);
  options.stdin.on('end', () => void server.close());
  await server.connect(transport);
  await closed;
}
