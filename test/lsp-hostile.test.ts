/**
 * The language server against hostile input, through the built command line (`lsp --stdio`) and
 * in process: frames it cannot read are answered and it reads on; sidecars are read as every
 * other input (regular files inside the workspace, bounded, no link out), never for a document
 * outside it. After each, the server answers the next request.
 */
import { execFileSync } from 'node:child_process';
import { symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runHermetic } from './support/cli.js';
import { notification, type RawSession, type Received, request, residentMemory, serverInProcess, spawnServer } from './support/lsp-raw.js';
import { posix } from './support/platform.js';
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

/** Whether FIFOs can be made here (mkfifo on the path): the FIFO test skips, saying so, where not. */
function fifosMade(): boolean {
  if (!posix) return false;
  try {
    execFileSync('mkfifo', ['--help'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const canMakeFifos = fifosMade();
if (!canMakeFifos) console.warn('lsp-hostile: no mkfifo here; the FIFO sidecar test is skipped');

describe('sidecars the server refuses to read', { timeout: 300_000 }, () => {
  let workspace: string;
  let outside: string;
  let skeleton: string;
  let server: RawSession;
  let nextId = 1;
  /** Kills the server when it grows past 512 MiB: a server reading a sidecar for ever fails the test, not the machine. */
  let watchdog: NodeJS.Timeout;
  let grew = false;

  beforeAll(async () => {
    workspace = tempDir();
    outside = tempDir();
    skeleton = runHermetic(['init', '--goal', 'Where are the totals?', '--budget', '4'], { cwd: workspace }).stdout;
    server = await spawnServer(workspace, [workspace]);
    const pid = server.child?.pid as number;
    watchdog = setInterval(() => {
      try {
        if (residentMemory(pid).now > 512 * MIB) {
          grew = true;
          server.child?.kill('SIGKILL');
        }
      } catch {
        // The server has ended: nothing to watch.
      }
    }, 50);
  });
  afterAll(async () => {
    clearInterval(watchdog);
    if (server !== undefined) expect(await server.stop()).toBe(0);
  });

  /** Opens a spec at `path`, waits for its diagnostics and for a reply to a request after it; the diagnostics' codes and what the log said. */
  async function opened(path: string): Promise<{ codes: string[]; logged: string[] }> {
    const uri = pathToFileURL(path).href;
    const from = server.received.length;
    await server.send(notification('textDocument/didOpen', { textDocument: { uri, languageId: 'yaml', version: 1, text: skeleton } }));
    const diagnostics = await server.next(
      `diagnostics of ${path}`,
      (message: Received) => message.method === 'textDocument/publishDiagnostics' && message.params.uri === uri,
      from,
    );
    const id = nextId++;
    await server.send(hover(id));
    await server.next('the reply to the request after it', (message) => message.id === id, from);
    expect(grew).toBe(false);
    const logged = server.received
      .slice(from)
      .filter((message) => message.method === 'window/logMessage')
      .map((message) => message.params.message as string);
    return { codes: diagnostics.params.diagnostics.map((diagnostic: { code: string }) => diagnostic.code), logged };
  }

  it('a sidecar that is a link to /dev/zero is refused, not read: the spec is judged as finished, and the log says why', async () => {
    symlinkSync('/dev/zero', join(workspace, 'zero.expect.json'));
    const { codes, logged } = await opened(join(workspace, 'zero.yaml'));
    expect(codes.length).toBeGreaterThan(0);
    expect(logged).toEqual([
      `compile-investigation: zero.expect.json: the file is a symbolic link out of the folders this server may read; not read; ${pathToFileURL(join(workspace, 'zero.yaml')).href} is judged without it, as a finished spec`,
    ]);
  });

  it('a refused sidecar is said once, not at every change of its spec', async () => {
    const uri = pathToFileURL(join(workspace, 'zero.yaml')).href;
    const from = server.received.length;
    await server.send(
      notification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: `${skeleton}\n` }] }),
    );
    await server.next(
      'diagnostics of the change',
      (message: Received) =>
        message.method === 'textDocument/publishDiagnostics' && message.params.uri === uri && message.params.version === 2,
      from,
    );
    expect(server.received.slice(from).filter((message) => message.method === 'window/logMessage')).toEqual([]);
  });

  it.runIf(canMakeFifos)('a FIFO sidecar is refused, not waited on', async () => {
    execFileSync('mkfifo', [join(workspace, 'fifo.expect.json')]);
    const { codes, logged } = await opened(join(workspace, 'fifo.yaml'));
    expect(codes.length).toBeGreaterThan(0);
    expect(logged.join('\n')).toContain('fifo.expect.json: the file is not a regular file');
  });

  it('a sidecar larger than the limit is refused before it is read', async () => {
    // A sparse file of a gigabyte: its size is known without a byte of it written or read.
    writeFileSync(join(workspace, 'large.expect.json'), '');
    truncateSync(join(workspace, 'large.expect.json'), 1024 * MIB);
    const { codes, logged } = await opened(join(workspace, 'large.yaml'));
    expect(codes.length).toBeGreaterThan(0);
    expect(logged.join('\n')).toContain(
      'large.expect.json: the file is larger than 16777216 bytes; an expectation file holds at most 16 MiB;',
    );
  });

  it('a sidecar beside a document outside the workspace is not read', async () => {
    writeFileSync(join(outside, 'far.expect.json'), JSON.stringify({ exitCode: 0, stage: 'draft' }));
    const { codes, logged } = await opened(join(outside, 'far.yaml'));
    // Read, the sidecar would make the skeleton a draft, with nothing to say.
    expect(codes.length).toBeGreaterThan(0);
    expect(logged).toEqual([]);
  });

  it('a regular sidecar inside the workspace still says the stage, in JSON or YAML', async () => {
    writeFileSync(join(workspace, 'draft.expect.yaml'), 'exitCode: 0\nstage: draft\n');
    writeFileSync(join(workspace, 'other.expect.json'), JSON.stringify({ exitCode: 0, stage: 'draft' }));
    for (const name of ['draft.yaml', 'other.yaml']) expect(await opened(join(workspace, name))).toEqual({ codes: [], logged: [] });
  });
});
