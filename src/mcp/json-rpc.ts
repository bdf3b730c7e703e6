import {
  ErrorCode,
  isJSONRPCErrorResponse,
  isJSONRPCNotification,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type RequestId,
  RequestIdSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { definedFields } from '../common/defined-fields.js';
import { isRecord } from '../common/guards.js';
import { type JsonLineScan, MAX_VALUE_DEPTH, scanJsonLine } from '../run/json-line.js';

/**
 * The deepest a message may nest: the command line's limit for any argument's value
 * (MAX_VALUE_DEPTH), plus the three levels around it (the message, its params, their arguments).
 * Nothing past this is parsed or walked, so no recursion in the SDK, the schema validator or the
 * tools can overflow.
 */
const MAX_MESSAGE_DEPTH = MAX_VALUE_DEPTH + 3;

/** A JSON-RPC error reply; `id` is null when the message it answers has no usable id. */
export interface ErrorReply {
  jsonrpc: '2.0';
  id: RequestId | null;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

const NOT_JSON = 'the line is not JSON; each line is one JSON-RPC message, a JSON object';

/** A line read: a message for the protocol (`request` when it awaits a reply), or the error reply it gets instead. */
export type LineReading = { message: JSONRPCMessage; request: boolean } | { reply: ErrorReply };

/**
 * One line of the stream (its newline removed) as a message, or the error it is answered with:
 * -32700 (parse error, id null) for text that is not JSON, -32600 (invalid request) for JSON that
 * is not a JSON-RPC 2.0 request, notification or response as the SDK takes them (a batch, a
 * message nested too deeply), with the message's id when it has a valid one. Cost is linear in
 * the line, and nothing deeper than MAX_MESSAGE_DEPTH is ever built.
 */
export function readLine(text: string): LineReading {
  const scan = scanJsonLine(text, MAX_MESSAGE_DEPTH);
  if (scan.kind === 'not-json') return { reply: parseError(NOT_JSON) };
  if (scan.kind === 'too-deep') return tooDeep(scan);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { reply: parseError(NOT_JSON) };
  }
  if (Array.isArray(value))
    return { reply: invalidRequest(null, 'a batch (a JSON array of messages) is not supported; send one message per line') };
  if (!isRecord(value)) return { reply: invalidRequest(null, 'a JSON-RPC message is a JSON object') };
  if (isJSONRPCRequest(value)) return { message: value, request: true };
  if (isJSONRPCNotification(value) || isJSONRPCResultResponse(value) || isJSONRPCErrorResponse(value))
    return { message: value as JSONRPCMessage, request: false };
  return { reply: invalidRequest(idOf(value['id']), whyInvalid(value)) };
}

/** The error reply for a line longer than the limit, whose bytes past the limit were never kept. */
export function lineTooLong(limit: number): ErrorReply {
  return invalidRequest(
    null,
    `the line is longer than ${limit} bytes, the most this server reads in one message (6 × --max-bytes + 64 KiB); it was discarded`,
    { maxLineBytes: limit },
  );
}

/** The error reply for a line that is not UTF-8. */
export function notUtf8(): ErrorReply {
  return parseError('the line is not valid UTF-8');
}

/**
 * A line nested past the limit is not parsed: a message of the right shape is told by scanning
 * its text (linear, no recursion), so that a request still gets its id back.
 */
function tooDeep({ depth, memberText }: Extract<JsonLineScan, { kind: 'too-deep' }>): LineReading {
  const idText = memberText('id');
  // Only a string or a number can be an id: a container there is not parsed (it may be the deep part).
  const id = idText !== undefined && /^["\-\d]/.test(idText) ? idOf(JSON.parse(idText)) : null;
  const message = `the message nests objects and arrays ${depth} levels deep; at most ${MAX_MESSAGE_DEPTH} are accepted (an argument's value at most ${MAX_VALUE_DEPTH}, as on the command line)`;
  return { reply: invalidRequest(id, message, { maxDepth: MAX_MESSAGE_DEPTH }) };
}

function idOf(value: unknown): RequestId | null {
  const id = RequestIdSchema.safeParse(value);
  return id.success ? id.data : null;
}

/** What is wrong with an object that is no JSON-RPC message, most basic first. */
function whyInvalid(value: Record<string, unknown>): string {
  if (value['jsonrpc'] !== '2.0') return 'a JSON-RPC 2.0 message has "jsonrpc": "2.0"';
  if (Object.hasOwn(value, 'method')) {
    if (typeof value['method'] !== 'string') return '"method" must be a string';
    if (Object.hasOwn(value, 'id') && idOf(value['id']) === null) return '"id" must be a string or an integer';
    if (Object.hasOwn(value, 'params') && !isRecord(value['params'])) return '"params" must be an object';
    return 'a request has only "jsonrpc", "id", "method" and "params" (a notification no "id")';
  }
  if (Object.hasOwn(value, 'result') || Object.hasOwn(value, 'error'))
    return 'a response has "jsonrpc", "id" and one of "result" (an object) or "error" ({code, message})';
  return 'a JSON-RPC message has "method" (a request or notification) or "result" or "error" (a response)';
}

function parseError(why: string): ErrorReply {
  return { jsonrpc: '2.0', id: null, error: { code: ErrorCode.ParseError, message: `Parse error: ${why}` } };
}

function invalidRequest(id: RequestId | null, why: string, data?: Record<string, unknown>): ErrorReply {
  return {
    jsonrpc: '2.0',
    id,
    error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: ${why}`, ...definedFields({ data }) },
  };
}
