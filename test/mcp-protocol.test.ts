/**
 * The MCP server as a JSON-RPC peer, below any client library: what it answers to lines that are
 * not messages, to lines too long or too deep, and to arguments past their bounds. Most sessions
 * run the server's own code in process over streams; one runs the built command line.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createRoots } from '../src/engine/roots.js';
import { MAX_DEPTH } from '../src/load/limits.js';
import { maxLineBytes, serveMcp } from '../src/mcp/server.js';
import { TOOLS } from '../src/mcp/tools.js';
import { runHermetic, STACK_TRACE } from './support/cli.js';
import { McpProcess, parseReplies, request, serveInProcess, toolCall } from './support/mcp-session.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('mcp-protocol');

const emptyBrief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Where next?', changes: [] };

/** A brief whose own nesting is `depth` (the brief itself is 1), through an extension field. */
function briefNested(depth: number): string {
  return `{"formatVersion":1,"findings":[],"uncertainties":[],"nextQuestion":"Where next?","changes":[],"x-deep":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`;
}

/** Lines that are not messages, each with the one reply it must get (null: none, as for a notification or a response). */
const MALFORMED: ReadonlyArray<[string, string | Buffer, { id: string | number | null; code: number } | null]> = [
  ['not JSON', 'not json', { id: null, code: -32700 }],
  ['a JSON object cut short', '{"jsonrpc":"2.0","id":1,"method":"ping"', { id: null, code: -32700 }],
  ['not UTF-8', Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { id: null, code: -32700 }],
  ['a batch', `[${request(2, 'ping')}]`, { id: null, code: -32600 }],
  ['an empty batch', '[]', { id: null, code: -32600 }],
  ['a string', '"ping"', { id: null, code: -32600 }],
  ['a number', '5', { id: null, code: -32600 }],
  ['null', 'null', { id: null, code: -32600 }],
  ['JSON-RPC 1.0', '{"jsonrpc":"1.0","id":3,"method":"ping"}', { id: 3, code: -32600 }],
  ['no jsonrpc member', '{"id":4,"method":"ping"}', { id: 4, code: -32600 }],
  ['a method that is not a string', '{"jsonrpc":"2.0","id":5,"method":5}', { id: 5, code: -32600 }],
  ['params that are an array', '{"jsonrpc":"2.0","id":6,"method":"ping","params":[1]}', { id: 6, code: -32600 }],
  ['an unknown member', '{"jsonrpc":"2.0","id":"seven","method":"ping","extra":true}', { id: 'seven', code: -32600 }],
  ['an id that is an object', '{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}', { id: null, code: -32600 }],
  ['an id that is a fraction', '{"jsonrpc":"2.0","id":1.5,"method":"ping"}', { id: null, code: -32600 }],
  ['an id that is null', '{"jsonrpc":"2.0","id":null,"method":"ping"}', { id: null, code: -32600 }],
  ['neither method nor result', '{"jsonrpc":"2.0","id":8}', { id: 8, code: -32600 }],
  ['a response to no request of the server', '{"jsonrpc":"2.0","id":9,"result":{}}', null],
  ['an unknown notification', '{"jsonrpc":"2.0","method":"notifications/whatever"}', null],
  ['a blank line', '   ', null],
  ['an unknown method', request(10, 'no/such/method'), { id: 10, code: -32601 }],
  ['an unknown tool', toolCall(11, 'nope', {}), { id: 11, code: -32602 }],
  ['a tools/call without a name', request(12, 'tools/call', { arguments: {} }), { id: 12, code: -32602 }],
];

describe('the MCP server answers every line that is not a message', () => {
  it('with -32700 (not JSON) or -32600 (not a request), its id when it has a valid one, and keeps serving', async () => {
    const root = tempDir();
    const input = [...MALFORMED.flatMap(([, line]) => [line, '\n']), `${request(99, 'ping')}\r\n`];
    const session = await serveInProcess(input, { root });
    for (const [what, , expected] of MALFORMED) {
      if (expected === null) continue;
      const replies = session.replies.filter((reply) => reply.id === expected.id && reply.error?.code === expected.code);
      expect(replies.length, what).toBeGreaterThanOrEqual(1);
    }
    const expectedReplies = MALFORMED.filter(([, , expected]) => expected !== null).length + 1;
    expect(session.replies).toHaveLength(expectedReplies);
    expect(session.replies.at(-1)).toEqual({ jsonrpc: '2.0', id: 99, result: {} });
    for (const reply of session.replies) expect(reply.jsonrpc).toBe('2.0');
    expect(session.stderr).not.toMatch(STACK_TRACE);
    // The one line on standard error: the response that answers no request of the server's.
    expect(session.stderr.split('\n').filter((line) => line !== '')).toHaveLength(1);
  });

  it('the same from the built command line: every line of standard output is a reply, nothing on standard error is a stack trace', async () => {
    const root = tempDir();
    const server = new McpProcess(root);
    for (const [, line] of MALFORMED) await server.write(Buffer.concat([Buffer.from(line), Buffer.from('\n')]));
    await server.write(`${request(99, 'ping')}\n`);
    const replies = await server.until((seen) => seen.some((reply) => reply.id === 99));
    expect(await server.end()).toBe(0);
    expect(server.notJson).toEqual([]);
    expect(replies).toHaveLength(MALFORMED.filter(([, , expected]) => expected !== null).length + 1);
    expect(replies.filter((reply) => reply.error?.code === -32700).map((reply) => reply.id)).toEqual([null, null, null]);
    expect(server.stderr).not.toMatch(STACK_TRACE);
  });

  it('a line longer than the limit is answered as soon as it passes the limit, with the limit; its rest is dropped and the server goes on', async () => {
    const root = tempDir();
    const maxBytes = 1000;
    const limit = maxLineBytes(maxBytes);
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let written = '';
    stdout.on('data', (chunk: Buffer) => void (written += chunk.toString('utf8')));
    const served = serveMcp({ roots: createRoots([root], root), maxBytes, env: {}, stdin, stdout, stderr: { write: () => true } });
    stdin.write(`{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"${'x'.repeat(limit)}`);
    // The reply comes before the line ends: the server does not wait for the rest of a line it will not read.
    for (let turn = 0; turn < 1000 && written === ''; turn++) await new Promise((resolve) => setImmediate(resolve));
    const [refusal] = parseReplies(written);
    expect(refusal).toMatchObject({ id: null, error: { code: -32600, data: { maxLineBytes: limit } } });
    expect(refusal?.error?.message).toContain(`longer than ${limit} bytes`);
    stdin.write(`${'y'.repeat(3 * limit)}"}}}\n${request(2, 'ping')}\n`);
    // A line exactly at the limit is read.
    const atLimit = request(3, 'ping', { x: '' });
    stdin.write(`${atLimit.replace('"x":""', `"x":"${'z'.repeat(limit - atLimit.length)}"`)}\n`);
    stdin.end();
    await served;
    expect(parseReplies(written).map((reply) => [reply.id, reply.error?.code ?? 'result'])).toEqual([
      [null, -32600],
      [2, 'result'],
      [3, 'result'],
    ]);
  });

  it('the line limit is 6 × --max-bytes + 64 KiB: a spec of --max-bytes given as text, all of it escaped, is read and judged', async () => {
    const root = tempDir();
    const maxBytes = 5000;
    // Every character a control character: JSON writes each as six bytes (\u0001).
    const text = '\u0001'.repeat(maxBytes);
    const line = toolCall(1, 'compile', { text });
    expect(Buffer.byteLength(line)).toBeGreaterThan(6 * maxBytes);
    const session = await serveInProcess([`${line}\n`], { root, maxBytes });
    expect(session.replies).toHaveLength(1);
    expect(session.replies[0]?.result?.structuredContent).toMatchObject({ exitCode: 3 });
  });

  it('a message nested past the command line’s limit is refused before anything walks it, with its id; nothing is written', async () => {
    const root = tempDir();
    const deep = toolCall(7, 'append_brief', { dir: 'briefs', hypothesisId: 'H1', brief: {} }).replace(
      '"brief":{}',
      `"brief":${briefNested(100_000)}`,
    );
    const thousand = toolCall(8, 'append_brief', { dir: 'briefs', hypothesisId: 'H1', brief: {} }).replace(
      '"brief":{}',
      `"brief":${briefNested(1000)}`,
    );
    const brokenAndDeep = `${deep.slice(0, -1)},}`;
    const session = await serveInProcess([`${deep}\n${thousand}\n${brokenAndDeep}\n`, `${request(9, 'ping')}\n`], { root });
    expect(session.replies.map((reply) => [reply.id, reply.error?.code])).toEqual([
      [7, -32600],
      [8, -32600],
      [null, -32700],
      [9, undefined],
    ]);
    expect(session.replies[0]?.error?.data).toEqual({ maxDepth: MAX_DEPTH + 3 });
    expect(existsSync(join(root, 'briefs'))).toBe(false);
    expect(session.stderr).toBe('');
  });

  it('a brief as deep as a file may be is refused by append_brief, since its artifact would be one level deeper than briefs reads', async () => {
    const root = tempDir();
    const call = (id: number, depth: number) =>
      toolCall(id, 'append_brief', { dir: 'briefs', hypothesisId: 'H1', brief: {} }).replace('"brief":{}', `"brief":${briefNested(depth)}`);
    const session = await serveInProcess([`${call(1, MAX_DEPTH)}\n`, `${call(2, MAX_DEPTH - 1)}\n`], { root });
    const [tooDeep, written] = [1, 2].map((id) => session.replies.find((reply) => reply.id === id)?.result);
    expect(tooDeep).toMatchObject({ isError: true, structuredContent: { error: { code: 'INPUT_ERROR', subcode: 'TOO_DEEP' } } });
    expect(written?.isError, JSON.stringify(written)).toBeFalsy();
    expect(readdirSync(join(root, 'briefs'))).toEqual(['H1-0001.json']);
    expect(runHermetic(['briefs', 'briefs'], { cwd: root }).status).toBe(0);
  });
});

describe('the MCP tools bound their arguments', () => {
  it('every string argument of every tool has a maxLength, but a spec given as text, which --max-bytes bounds', () => {
    for (const tool of TOOLS) {
      for (const [name, schema] of Object.entries(tool.inputSchema.properties) as Array<[string, Record<string, unknown>]>) {
        if (schema['type'] !== 'string') continue;
        if (name === 'text') expect(schema['description'], tool.name).toContain('--max-bytes');
        else expect(schema['maxLength'], `${tool.name} ${name}`).toEqual(expect.any(Number));
      }
    }
  });

  it('explain with a 16 MiB rule id is refused by the schema in one reply that does not echo it, and the next call is served', async () => {
    const root = tempDir();
    const session = await serveInProcess(
      [`${toolCall(1, 'explain', { ruleId: 'x'.repeat(16 * 1024 * 1024) })}\n`, `${toolCall(2, 'explain', { ruleId: 'map-cheap' })}\n`],
      { root },
    );
    const [refused, served] = session.replies;
    expect(refused?.result).toMatchObject({ isError: true, structuredContent: { error: { subcode: 'INVALID_ARGUMENT' } } });
    expect(refused?.result?.content?.[0]?.text).toContain('/ruleId must NOT have more than 200 characters');
    expect(JSON.stringify(refused).length).toBeLessThan(1000);
    expect(served?.result?.isError).toBeFalsy();
  });

  it('a call with 100,000 unknown arguments gets one short refusal that names a few and counts them, not a sentence each', async () => {
    const root = tempDir();
    const args = Object.fromEntries(Array.from({ length: 100_000 }, (_, index) => [`k${index}`, 0]));
    const session = await serveInProcess([`${toolCall(1, 'compile', args)}\n`], { root });
    const [reply] = session.replies;
    expect(reply?.result?.structuredContent?.error?.subcode).toBe('INVALID_ARGUMENT');
    expect(reply?.result?.content?.[0]?.text).toContain('100,000 unknown arguments, "k0", "k1"');
    expect(reply?.result?.content?.[0]?.text).toContain(
      'and 99,990 more; it takes "path", "text", "syntax", "preset", "stage", "suppressions", "failOnUnusedSuppressions", "trace", "traceRoot", "traceSince", "traceUntil", "traceTurn" or "fix"',
    );
    expect(session.stdout.length).toBeLessThan(2000);
  });

  it('paths and hypothesis ids past their bounds are refused the same way; an unknown tool with a huge name is named cut short', async () => {
    const root = tempDir();
    writeFileSync(join(root, 'spec.json'), '{}');
    const long = 'a'.repeat(5000);
    const session = await serveInProcess(
      [
        `${toolCall(1, 'compile', { path: long })}\n`,
        `${toolCall(2, 'append_brief', { dir: 'briefs', hypothesisId: long, brief: emptyBrief })}\n`,
        `${toolCall(3, 'append_brief', { dir: long, hypothesisId: 'H1', brief: emptyBrief })}\n`,
        `${toolCall(4, 'policy', { path: long })}\n`,
        `${toolCall(5, 'nope'.repeat(250_000), {})}\n`,
      ],
      { root },
    );
    for (const id of [1, 2, 3, 4]) {
      const reply = session.replies.find((candidate) => candidate.id === id);
      expect(reply?.result?.structuredContent?.error?.subcode, String(id)).toBe('INVALID_ARGUMENT');
    }
    const unknown = session.replies.find((reply) => reply.id === 5);
    expect(unknown?.error?.code).toBe(-32602);
    expect(unknown?.error?.message.length).toBeLessThan(1000);
    expect(existsSync(join(root, 'briefs'))).toBe(false);
  });
});
