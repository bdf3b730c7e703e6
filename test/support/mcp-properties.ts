/**
 * The malformed JSON-RPC class of the hostile-input campaign: batches of lines an MCP client
 * should never send (text that is not JSON, JSON of the wrong shape, lines over the limit, deep
 * nesting, wrong types, unknown methods and tools) mixed with valid calls carrying hostile
 * arguments, fed to the server. Each line knows, by how it was built, what it must get: a request
 * exactly one reply with its id (an error reply with the id the line carried when it had a valid
 * one, else null), a notification or a response none. Standard output must hold nothing but
 * replies, standard error no stack trace, and the server must still answer a ping after the batch.
 *
 * Two properties: the server's own code in process over streams (a fresh server per batch, fed in
 * chunks of random sizes: fast enough for tens of thousands of lines a minute), and the built
 * command line as one real process that every batch of the run is fed to in turn.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { OUTPUT_SCHEMAS } from '../../src/mcp/output-schemas.js';
import { maxLineBytes } from '../../src/mcp/server.js';
import { STACK_TRACE } from './cli.js';
import { McpProcess, type Reply, request, type Session, serveInProcess } from './mcp-session.js';
import type { NamedProperty } from './properties.js';
import { validSpec } from './specs.js';

/** The server's --max-bytes in the campaign: small, so that lines over the limit stay cheap to send. */
const MAX_BYTES = 1024;
const LINE_LIMIT = maxLineBytes(MAX_BYTES);

/** What a line must get back: nothing, or one reply with this id (`error`: an error reply of one of these codes). */
type Expected = { reply: 'none' } | { reply: 'one'; id: string | number | null; codes?: readonly number[] };

/** A line as built, before its id is given; `id` says where the request's id goes, if it has one. */
interface Line {
  label: string;
  /** The line's text (or bytes), with `ID` standing for its id (as JSON) where it has one. */
  text: string | Buffer;
  expected: Expected;
}

const PARSE_ERROR = [-32700] as const;
const INVALID_REQUEST = [-32600] as const;

/** A placeholder for the id, replaced once the batch is numbered, so that every request of a batch has its own id. */
const ID = '"\u0000ID\u0000"';

const anyText = fc.string({ unit: 'binary', maxLength: 200 }).map((text) => text.replace(/[\n]/g, ' '));

/** Text that cannot start JSON (nor white space before it): a parse error, whatever follows. */
const notJson: fc.Arbitrary<Line> = fc
  .tuple(fc.constantFrom('#', '}', ']', ':', ',', 'x', '\u00e9', "'", 'undefined', 'NaN', '{]', '{"a" 1}'), anyText)
  .map(([start, rest]) => ({ label: 'not JSON', text: `${start}${rest}`, expected: { reply: 'one', id: null, codes: PARSE_ERROR } }));

/** Bytes that are not UTF-8. */
const notUtf8: fc.Arbitrary<Line> = fc
  .uint8Array({ maxLength: 40 })
  .map((bytes) =>
    Buffer.concat([
      Buffer.from('{"jsonrpc":"2.0","method":"'),
      Buffer.from(bytes.filter((byte) => byte !== 10)),
      Buffer.from([0xff, 0xc0]),
    ]),
  )
  .map((text) => ({ label: 'not UTF-8', text, expected: { reply: 'one', id: null, codes: PARSE_ERROR } }));

/** A request cut short: a prefix of an object is never JSON. */
const truncated: fc.Arbitrary<Line> = fc.integer({ min: 1, max: 60 }).map((keep) => {
  const whole = `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"rules","arguments":{}}}`;
  return {
    label: 'cut short',
    text: whole.slice(0, Math.min(keep, whole.length - 1)),
    expected: { reply: 'one', id: null, codes: PARSE_ERROR },
  };
});

/** JSON that is not an object: a batch, a string, a number… */
const notAnObject: fc.Arbitrary<Line> = fc
  .oneof(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }), fc.string(), fc.integer(), fc.boolean(), fc.constant(null))
  .map((value) => ({ label: 'not an object', text: JSON.stringify(value), expected: { reply: 'one', id: null, codes: INVALID_REQUEST } }));

/** A request with one thing wrong; its id comes back when it is a valid id. */
const wrongShape: fc.Arbitrary<Line> = fc
  .record({
    fault: fc.constantFrom('jsonrpc', 'no jsonrpc', 'method', 'params', 'extra member', 'id'),
    jsonrpc: fc.constantFrom('1.0', '2', 2, null),
    method: fc.constantFrom(5, null, true, ['ping'], { name: 'ping' }),
    params: fc.constantFrom('x', 1, ['a'], true),
    badId: fc.constantFrom('{"a":1}', '[1]', 'true', '1.5', 'null', '1e400'),
  })
  .map(({ fault, jsonrpc, method, params, badId }) => {
    const members: string[] = [];
    if (fault !== 'no jsonrpc') members.push(`"jsonrpc":${JSON.stringify(fault === 'jsonrpc' ? jsonrpc : '2.0')}`);
    members.push(`"id":${fault === 'id' ? badId : ID}`);
    members.push(`"method":${JSON.stringify(fault === 'method' ? method : 'ping')}`);
    if (fault === 'params') members.push(`"params":${JSON.stringify(params)}`);
    if (fault === 'extra member') members.push('"extra":{}');
    const id = fault === 'id' ? null : ID;
    return { label: `wrong ${fault}`, text: `{${members.join(',')}}`, expected: expectOne(id, INVALID_REQUEST) };
  });

/** A tool call whose argument nests past the limit (an argument 101 levels or more), or the same cut short. */
const deep: fc.Arbitrary<Line> = fc
  .record({ depth: fc.integer({ min: 101, max: 20_000 }), broken: fc.boolean() })
  .map(({ depth, broken }) => {
    const value = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const text = `{"jsonrpc":"2.0","id":${ID},"method":"tools/call","params":{"name":"compile","arguments":{"text":${value}}}}`;
    return broken
      ? { label: `nested ${depth}, cut short`, text: text.slice(0, -1), expected: { reply: 'one', id: null, codes: PARSE_ERROR } }
      : { label: `nested ${depth}`, text, expected: expectOne(ID, INVALID_REQUEST) };
  });

/** A line past the limit, of any content: refused as soon as it passes the limit. */
const huge: fc.Arbitrary<Line> = fc
  .record({ over: fc.integer({ min: 1, max: LINE_LIMIT }), fill: fc.constantFrom('x', '[', '{"a":', ' ', '"') })
  .map(({ over, fill }) => ({
    label: `over the limit by ${over}`,
    text: `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":${fill.repeat(Math.ceil((LINE_LIMIT + over) / fill.length))}`,
    expected: { reply: 'one', id: null, codes: INVALID_REQUEST },
  }));

const method = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('tools/list', 'resources/list', 'ping', 'initialize', 'resources/read', 'tools/call'),
);

/** Any method with any params: a served one answers with a result or an error, an unknown one -32601; all with the id. */
const anyRequest: fc.Arbitrary<Line> = fc
  .record({
    method,
    params: fc.option(fc.dictionary(fc.string({ maxLength: 10 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 }), { nil: undefined }),
  })
  .map(({ method: name, params }) => ({
    label: `request ${JSON.stringify(name)}`,
    text: `{"jsonrpc":"2.0","id":${ID},"method":${JSON.stringify(name)}${params === undefined ? '' : `,"params":${JSON.stringify(params)}`}}`,
    expected: expectOne(ID),
  }));

const TOOL_NAMES = ['compile', 'next', 'draft_from_trace', 'explain', 'rules', 'policy', 'append_brief', 'schema'] as const;

/** Strings meant to hurt: paths that climb out or are absolute, control characters, NUL, long ones, names of JavaScript's own members. */
const hostileString = fc.oneof(
  fc.constantFrom(
    '../outside/secret.json',
    '/etc/passwd',
    '/proc/self/environ',
    'link-out.json',
    'spec.json',
    'chain',
    'chain/../../outside',
    'a\u0000b',
    '\u001b[2J',
    '__proto__',
    'constructor',
    'H1',
    'map-cheap',
    '',
    '.',
    '*',
    '**/*.json',
  ),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer({ min: 0, max: 5000 }).map((length) => 'a'.repeat(length)),
);

/** Arguments of any type, named after the tools' own or not: a tool must answer each call once, as data or as a tool error. */
const hostileArguments = fc.dictionary(
  fc.oneof(
    fc.constantFrom('path', 'text', 'syntax', 'format', 'preset', 'stage', 'ruleId', 'dir', 'hypothesisId', 'brief', 'spec'),
    fc.string({ maxLength: 8 }),
  ),
  fc.oneof(
    hostileString,
    fc.jsonValue({ maxDepth: 4 }),
    fc.constantFrom('json', 'yaml', 'gate', 'reference', 'draft', 'final'),
    fc.constant(JSON.stringify(validSpec())),
    fc.constant({ formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Where next?', changes: [] }),
  ),
  { maxKeys: 5 },
);

const hostileCall: fc.Arbitrary<Line> = fc
  .record({ name: fc.oneof(fc.constantFrom(...TOOL_NAMES), fc.string({ maxLength: 12 })), args: hostileArguments })
  .map(({ name, args }) => ({
    label: `tools/call ${JSON.stringify(name)}`,
    text: `{"jsonrpc":"2.0","id":${ID},"method":"tools/call","params":${JSON.stringify({ name, arguments: args })}}`,
    expected: expectOne(ID),
  }));

/** Messages that get no reply: notifications (cancelling nothing of the batch: their ids are not its ids), responses, blank lines. */
const silent: fc.Arbitrary<Line> = fc
  .oneof(
    fc.string({ maxLength: 20 }).map((name) => JSON.stringify({ jsonrpc: '2.0', method: `notifications/${name}` })),
    fc
      .integer({ min: -1000, max: -1 })
      .map((id) => JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id } })),
    fc.integer({ min: -1000, max: -1 }).map((id) => JSON.stringify({ jsonrpc: '2.0', id, result: {} })),
    fc.integer({ min: -1000, max: -1 }).map((id) => JSON.stringify({ jsonrpc: '2.0', id, error: { code: 1, message: 'no' } })),
    fc.constantFrom('', ' ', '\t', '\r'),
  )
  .map((text) => ({ label: 'no reply due', text, expected: { reply: 'none' } }));

function expectOne(id: string | null, codes?: readonly number[]): Expected {
  return { reply: 'one', id, ...(codes === undefined ? {} : { codes }) };
}

const line = fc.oneof(
  { arbitrary: notJson, weight: 3 },
  { arbitrary: notUtf8, weight: 1 },
  { arbitrary: truncated, weight: 1 },
  { arbitrary: notAnObject, weight: 2 },
  { arbitrary: wrongShape, weight: 3 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: huge, weight: 1 },
  { arbitrary: anyRequest, weight: 3 },
  { arbitrary: hostileCall, weight: 5 },
  { arbitrary: silent, weight: 2 },
);

/** A batch: its lines, each numbered with an id of its own (a number or a string), and the ping that ends it. */
interface Batch {
  lines: Array<{ label: string; bytes: Buffer; expected: Expected }>;
  chunkSize: number;
  [key: symbol]: unknown;
}

const batch: fc.Arbitrary<Batch> = fc
  .record({
    lines: fc.array(fc.tuple(line, fc.boolean()), { minLength: 1, maxLength: 12 }),
    chunkSize: fc.constantFrom(1, 7, 4096, 65_536),
  })
  .map(({ lines, chunkSize }) => {
    const numbered = lines.map(([built, stringId], index) => {
      const id = stringId ? `r${index}` : index + 1;
      const replaceId = (text: string) => text.split(ID).join(JSON.stringify(id));
      const bytes = typeof built.text === 'string' ? Buffer.from(replaceId(built.text)) : built.text;
      const expected: Expected = built.expected.reply === 'one' && built.expected.id === ID ? { ...built.expected, id } : built.expected;
      return { label: built.label, bytes, expected };
    });
    const summary = numbered.map(({ label, bytes }) => `${label}: ${JSON.stringify(bytes.toString('utf8').slice(0, 120))}`).join('\n  ');
    return { lines: numbered, chunkSize, [fc.toStringMethod]: () => `chunks of ${chunkSize}:\n  ${summary}` };
  });

/** The id of the ping that ends every batch: no line of a batch has it. */
const PING_ID = 'after-the-batch';

function input(lines: Batch['lines']): Buffer[] {
  return [...lines.flatMap(({ bytes }) => [bytes, Buffer.from('\n')]), Buffer.from(`${request(PING_ID, 'ping')}\n`)];
}

/** Each tool's output schema, compiled: every result of a call, served or refused, must fit its tool's. */
const fitsOutput: ReadonlyMap<string, ValidateFunction> = new Map(
  Object.entries(OUTPUT_SCHEMAS).map(([tool, schema]) => [tool, new Ajv2020({ strict: false }).compile(schema)]),
);

/** The tool a line calls, by the line's id (as the batch numbered it), for the lines that are tools/call requests of a known tool. */
function toolsCalled(lines: Batch['lines']): Map<string | number, string> {
  const called = new Map<string | number, string>();
  for (const { bytes } of lines) {
    let message: { method?: unknown; id?: unknown; params?: { name?: unknown } };
    try {
      message = JSON.parse(bytes.toString('utf8'));
    } catch {
      continue;
    }
    const { method, id, params } = message ?? {};
    if (method === 'tools/call' && (typeof id === 'string' || typeof id === 'number') && typeof params?.name === 'string')
      called.set(id, params.name);
  }
  return called;
}

/**
 * Checks the replies to a batch: one per line that calls for one, with its id and code; none else;
 * the ping answered; every tool's result fitting the tool's output schema.
 */
function checkReplies(lines: Batch['lines'], replies: readonly Reply[], stderr: string): void {
  const problems: string[] = [];
  const called = toolsCalled(lines);
  for (const reply of replies) {
    const validate = fitsOutput.get(called.get(reply.id ?? '') ?? '');
    if (validate !== undefined && reply.result !== undefined && !validate(reply.result.structuredContent))
      problems.push(`a result that does not fit its output schema: ${JSON.stringify(reply.result).slice(0, 300)}`);
  }
  const due = lines.flatMap(({ label, expected }) => (expected.reply === 'one' ? [{ label, ...expected }] : []));
  const left = [...replies];
  for (const { label, id, codes } of due) {
    const at = left.findIndex((reply) => reply.id === id && (codes === undefined || codes.includes(reply.error?.code ?? 0)));
    if (at === -1)
      problems.push(`${label}: no reply with id ${JSON.stringify(id)}${codes === undefined ? '' : ` and code ${codes.join(' or ')}`}`);
    else left.splice(at, 1);
  }
  const ping = left.findIndex((reply) => reply.id === PING_ID && reply.result !== undefined);
  if (ping === -1) problems.push('the ping after the batch got no reply: the server stopped');
  else left.splice(ping, 1);
  for (const reply of left) problems.push(`a reply no line called for: ${JSON.stringify(reply).slice(0, 300)}`);
  for (const reply of replies)
    if (reply.jsonrpc !== '2.0' || (reply.result === undefined) === (reply.error === undefined))
      problems.push(`not a JSON-RPC reply: ${JSON.stringify(reply).slice(0, 300)}`);
  if (STACK_TRACE.test(stderr)) problems.push(`a stack trace on standard error: ${stderr.slice(0, 600)}`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
}

/** The root every server of the campaign serves: a spec, a link out of it, a chain folder, and a secret outside it. */
const workDir = mkdtempSync(join(tmpdir(), 'compile-investigation-mcp-fuzz-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));
const root = join(workDir, 'root');
mkdirSync(join(root, 'chain'), { recursive: true });
mkdirSync(join(workDir, 'outside'));
writeFileSync(join(workDir, 'outside', 'secret.json'), '{"goal": "SECRET"}\n');
writeFileSync(join(root, 'spec.json'), JSON.stringify(validSpec()));
try {
  symlinkSync(join(workDir, 'outside', 'secret.json'), join(root, 'link-out.json'));
} catch {
  // No links on this platform: the line that names it is then a missing file.
}

async function inProcess(lines: Batch['lines'], chunkSize: number): Promise<void> {
  let session: Session;
  try {
    session = await serveInProcess(input(lines), { root, maxBytes: MAX_BYTES, chunkSize });
  } catch (error) {
    throw new Error(`the session failed (${error instanceof Error ? error.message : String(error)}): a line of stdout that is not JSON?`);
  }
  checkReplies(lines, session.replies, session.stderr);
}

/** The one built server of a run, started at its first batch; a new one if it ended (which the batch that ended it reported). */
let shared: McpProcess | undefined;
let sharedExited = false;

async function realProcess(lines: Batch['lines']): Promise<void> {
  if (shared === undefined || sharedExited) {
    shared = new McpProcess(root, ['--max-bytes', String(MAX_BYTES)]);
    sharedExited = false;
    shared.child.once('exit', () => void (sharedExited = true));
  }
  const server = shared;
  const before = server.replies().length;
  const stderrBefore = server.stderr.length;
  for (const bytes of input(lines)) await server.write(bytes);
  const due = lines.filter(({ expected }) => expected.reply === 'one').length + 1;
  // Every reply due, or, once the ping is answered, ten seconds of quiet: a reply missing does not hold
  // the run up for long, and a reply that a busy machine delays is not taken for a missing one (the
  // wait is only ever spent when a reply is missing).
  let seen = -1;
  let quietSince = Date.now();
  let replies: readonly Reply[];
  try {
    replies = await server.until((all) => {
      const mine = all.length - before;
      if (mine !== seen) [seen, quietSince] = [mine, Date.now()];
      const pinged = all.slice(before).some((reply) => reply.id === PING_ID);
      return mine >= due || (pinged && Date.now() - quietSince > 10_000);
    }, 60_000);
  } catch {
    replies = server.replies();
  }
  replies = replies.slice(before);
  // A reply no line called for shows here, or in the next batch's check if it comes late.
  if (server.notJson.length > 0) throw new Error(`standard output carried what is not JSON: ${server.notJson.join(' | ')}`);
  checkReplies(lines, replies, server.stderr.slice(stderrBefore));
  if (sharedExited) throw new Error('the server ended');
}

export function mcpProperties(): NamedProperty[] {
  return [
    {
      name: 'malformed JSON-RPC and hostile calls get exactly one reply each (the server in process)',
      runs: 60,
      property: fc.asyncProperty(batch, ({ lines, chunkSize }) => inProcess(lines, chunkSize)),
    },
    {
      name: 'malformed JSON-RPC and hostile calls get exactly one reply each (the built server, one process for the run)',
      runs: 15,
      property: fc.asyncProperty(batch, ({ lines }) => realProcess(lines)),
    },
  ];
}
