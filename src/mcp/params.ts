import {
  CallToolRequestSchema,
  ErrorCode,
  InitializeRequestSchema,
  type JSONRPCRequest,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  PingRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../common/guards.js';
import type { ErrorReply } from './json-rpc.js';

/**
 * The requests the server answers, by method, with the schema of each: the SDK's own
 * (initialize, ping) and those of ./server.ts. The SDK checks a request against its schema only
 * inside the handler's wrapper, where a mismatch becomes -32603 (internal error) with the whole
 * validation report as its message; checked here first, it is -32602 (invalid params) in a line.
 */
const SERVED = new Map<string, RequestSchema>([
  ['initialize', InitializeRequestSchema],
  ['ping', PingRequestSchema],
  ['tools/list', ListToolsRequestSchema],
  ['tools/call', CallToolRequestSchema],
  ['resources/list', ListResourcesRequestSchema],
  ['resources/read', ReadResourceRequestSchema],
]);

/** What is used of a request's schema: its check, and the first problem it finds. */
interface RequestSchema {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Array<{ path: PropertyKey[]; message: string }> } };
}

/**
 * A tool call's arguments, when they are an object, as an empty one: any JSON object is a record of
 * strings to values, as the schema asks, and checking each of a million keys would cost far more
 * than the check is worth (the tool checks its arguments against its own schema).
 */
function withoutArguments(request: JSONRPCRequest): JSONRPCRequest {
  const { params } = request;
  if (request.method !== 'tools/call' || !isRecord(params) || !isRecord(params['arguments'])) return request;
  return { ...request, params: { ...params, arguments: {} } };
}

/** A message's worth of one validation problem. */
const MAX_PROBLEM_LENGTH = 200;

/** The -32602 reply for a request of a served method whose params do not fit it; undefined when they do (or the method is not served). */
export function invalidParams(request: JSONRPCRequest): ErrorReply | undefined {
  const schema = SERVED.get(request.method);
  if (schema === undefined) return undefined;
  const parsed = schema.safeParse(withoutArguments(request));
  if (parsed.success) return undefined;
  const [issue] = parsed.error.issues;
  const where = issue === undefined || issue.path.length === 0 ? 'the request' : issue.path.map(String).join('.');
  const problem = `${where}: ${issue?.message ?? 'does not fit the method'}`;
  return {
    jsonrpc: '2.0',
    id: request.id,
    error: { code: ErrorCode.InvalidParams, message: `Invalid params for ${request.method}: ${problem.slice(0, MAX_PROBLEM_LENGTH)}` },
  };
}
