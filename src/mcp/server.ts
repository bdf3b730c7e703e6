import type { Readable, Writable } from 'node:stream';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { show } from '../common/text.js';
import type { Roots } from '../engine/roots.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { toolContext } from './context.js';
import { invalidParams } from './params.js';
import { listResources, readResource } from './resources.js';
import { callTool, TOOLS } from './tools.js';
import { LineTransport } from './transport.js';

export interface McpOptions {
  roots: Roots;
  maxBytes: number;
  env: Record<string, string | undefined>;
  stdin: Readable;
  stdout: Writable;
  /** Where the server says what went wrong with the transport; never standard output, which is the protocol's. */
  stderr: { write(text: string): unknown };
}

/**
 * The longest line read: a spec given as text may be --max-bytes bytes, which JSON may escape to
 * six times as many (\u0000), and the message around it (its id, the other arguments) has room
 * in 64 KiB more.
 */
export function maxLineBytes(maxBytes: number): number {
  return 6 * maxBytes + 64 * 1024;
}

/** Replies waiting to be written past which the server stops reading; and requests served at once. */
const MAX_PENDING_BYTES = 1024 * 1024;
const MAX_IN_FLIGHT = 8;
/** What the server says on standard error about one problem is cut here: a message may quote what the client sent. */
const MAX_REPORT_LENGTH = 300;

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
    tools: TOOLS.map(({ name, description, inputSchema, outputSchema }) => ({ name, description, inputSchema, outputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, (request) => {
    const tool = TOOLS.find((candidate) => candidate.name === request.params.name);
    if (tool === undefined)
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown tool ${show(request.params.name)}; tools: ${TOOLS.map((entry) => entry.name).join(', ')}`,
      );
    return callTool(tool, request.params.arguments ?? {}, context);
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({ resources: listResources() }));
  server.setRequestHandler(ReadResourceRequestSchema, (request) => {
    const found = readResource(request.params.uri);
    if (found === undefined) throw new McpError(ErrorCode.InvalidParams, `unknown resource ${show(request.params.uri)}`);
    return { contents: [{ uri: request.params.uri, ...found }] };
  });
  const report = (message: string): void => {
    const cut = message.length > MAX_REPORT_LENGTH ? `${message.slice(0, MAX_REPORT_LENGTH)}… (${message.length} characters)` : message;
    options.stderr.write(`${toolInfo.name} mcp: ${escapeFor.terminal(cut)}\n`);
  };
  const transport = new LineTransport({
    input: options.stdin,
    output: options.stdout,
    maxLineBytes: maxLineBytes(options.maxBytes),
    maxPendingBytes: MAX_PENDING_BYTES,
    maxInFlight: MAX_IN_FLIGHT,
    report,
    answerAtOnce: invalidParams,
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = resolve;
  });
  // What the SDK finds wrong out of band (a response to no request of the server's) is said in one line.
  server.onerror = (error) => report(error.message);
  await server.connect(transport);
  await closed;
}
