/**
 * The language server against hostile input, through the built command line (`lsp --stdio`) and
 * in process: frames it cannot read are answered and it reads on. After each, the server answers
 * the next request.
 */
import { describe, expect, it } from 'vitest';
import { type RawSession, request, residentMemory, serverInProcess, spawnServer } from './support/lsp-raw.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('lsp-hostile');

const PARSE_ERROR = -32700;
const MIB = 1024 * 1024;
const hover = (id: number): Buffer =>
  request(id, 'textDocument/hover', { textDocument: { uri: 'file:///nowhere.yaml' }, position: { line: 0, character: 0 } });
const BODY = JSON.stringify({ jsonrpc: '2.0', method: 'workspace/didChangeConfiguration', params: { settings: {} } });
const LENGTH = Buffer.byteLength(BODY);

/** Malformed frames, as a hostile or broken client sends them. */
const MALFORMED: ReadonlyArray<[string, string]> = [
  ['a header without Content-Length', `X-Foo: 1\r\n\r\n${BODY}`],
  ['a Content-Length that is not a number', `Content-Length: abc\r\n\r\n${BODY}`],
  ['a negative Content-Length', `Content-Length: -${LENGTH}\r\n\r\n${BODY}`],
  ['a huge Content-Length', `Content-Length: 99999999999999999999\r\n\r\n${BODY}`],
  ['a header without its blank line', `Content-Length: ${LENGTH}\r\n${BODY}`],
  ['garbage bytes', '\u0000\u0001\u00ff\u001b[31m garbage {'],
  ['a header of megabytes', `Content-Length: ${LENGTH}\r\nX-Pad: ${'a'.repeat(3 * MIB)}\r\n\r\n${BODY}`],
  ['a body that is not JSON', `Content-Length: 9\r\n\r\n{"jsonrpc`],
  ['a Content-Length larger than its body', `Content-Length: ${LENGTH + 1000}\r\n\r\n${BODY}`],
  ['a Content-Length smaller than its body', `Content-Length: 3\r\n\r\n${BODY}`],
];

/** Sends each malformed frame and a request after it: one parse error (id null) each, and the request answered. */
async function eachAnsweredThenRead(server: RawSession): Promise<void> {
  for (const [index, [what, bytes]] of MALFORMED.entries()) {
    const id = 100 + index;
    const from = server.received.length;
    await server.send(Buffer.concat([Buffer.from(bytes, 'latin1'), hover(id)]));
    await server.next(`the reply to a request after ${what}`, (message) => message.id === id, from);
    const errors = server.received.slice(from).filter((message) => message.id === null);
    expect(
      errors.map((message) => message.error?.code),
      what,
    ).toEqual([PARSE_ERROR]);
    const logged = server.received.slice(from).filter((message) => message.method === 'window/logMessage');
    expect(logged.map((message) => message.params.message).join('\n'), what).toContain('a message from the client could not be read');
  }
}

describe('frames the server cannot read', { timeout: 300_000 }, () => {
  it('in process: each is answered with a parse error, and the next request is answered', async () => {
    const folder = tempDir();
    const server = await serverInProcess(folder, [folder]);
    await eachAnsweredThenRead(server);
    await server.stop();
  });

  it('the built server: each is answered with a parse error, the next request is answered, and it exits as asked', async () => {
    const folder = tempDir();
    const server = await spawnServer(folder, [folder]);
    await eachAnsweredThenRead(server);
    expect(await server.stop()).toBe(0);
    expect(server.stderr()).toBe('');
  });

  it.runIf(process.platform === 'linux')('the built server holds none of 64 MiB of garbage', async () => {
    const folder = tempDir();
    const server = await spawnServer(folder, [folder]);
    const pid = server.child?.pid as number;
    const before = residentMemory(pid).now;
    const chunk = Buffer.alloc(MIB, 'x');
    for (let sent = 0; sent < 64; sent++) await server.send(chunk);
    await server.send(hover(7));
    await server.next('the reply to a request after the garbage', (message) => message.id === 7);
    // The garbage held whole would add 64 MiB; read and dropped, a few chunks at a time.
    expect(residentMemory(pid).peak - before).toBeLessThan(32 * MIB);
    expect(await server.stop()).toBe(0);
  });
});
