/**
 * A client of the language server that writes raw bytes, so that frames can be broken on purpose,
 * and reads what the server sends with vscode-languageserver-protocol's reader. Over the built
 * command line (`lsp --stdio`, spawned) or the server itself in this process (`serveLsp`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { type Message, StreamMessageReader } from 'vscode-languageserver-protocol/node';
import { serveLsp } from '../../src/lsp/server.js';
import { cliPath } from './cli.js';

/** How long a reply may take before the server is taken for hung: a hang guard only, far above any reply's time. */
const HANG_GUARD_MS = 60_000;

export type Received = Message & { id?: number | string | null; method?: string; params?: any; result?: any; error?: any };

export interface RawSession {
  /** Everything the server sent, in order. */
  received: Received[];
  /** Writes bytes to the server as they are. */
  send(bytes: string | Buffer): Promise<void>;
  /** The first message from index `from` on that `matches`, once it comes; fails past the hang guard, saying what it waited for. */
  next(what: string, matches: (message: Received) => boolean, from?: number): Promise<Received>;
  /** The built server's process; undefined in process. */
  child?: ChildProcess;
  /** What the built server wrote to stderr. */
  stderr(): string;
  /** Ends the session: shutdown and exit, and the process's exit code (0 in process, where exit is not sent). */
  stop(): Promise<number | null>;
}

/** One frame of a message, as a client sends it. */
export function frame(message: unknown): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'latin1'), body]);
}

export const request = (id: number, method: string, params: unknown = {}): Buffer => frame({ jsonrpc: '2.0', id, method, params });
export const notification = (method: string, params: unknown): Buffer => frame({ jsonrpc: '2.0', method, params });

/** The built server, spawned in `cwd`, initialized with `folders` as its workspace. */
export function spawnServer(cwd: string, folders: readonly string[], extra: string[] = []): Promise<RawSession> {
  const child = spawn(process.execPath, [cliPath, 'lsp', '--stdio', ...extra], {
    cwd,
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { ...process.env, INVESTIGATION_CONFIG: '' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return session(child.stdin as Writable, child.stdout as Readable, folders, {
    child,
    stderr: () => stderr,
    stop: async (send) => {
      await send(request(999_999, 'shutdown'));
      await send(notification('exit', {}));
      return exited;
    },
  });
}

/** The server in this process, over streams, initialized with `folders` as its workspace. */
export function serverInProcess(cwd: string, folders: readonly string[], maxBytes = 16 * 1024 * 1024): Promise<RawSession> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  void serveLsp({ maxBytes, env: { ...process.env, INVESTIGATION_CONFIG: '' }, cwd, stdin, stdout });
  return session(stdin, stdout, folders, {
    stderr: () => '',
    // The exit notification would end this process (the library exits on it): the streams end instead.
    stop: async () => {
      stdin.end();
      return 0;
    },
  });
}

async function session(
  input: Writable,
  output: Readable,
  folders: readonly string[],
  ending: { child?: ChildProcess; stderr(): string; stop(send: RawSession['send']): Promise<number | null> },
): Promise<RawSession> {
  const received: Received[] = [];
  const waiting = new Set<() => void>();
  new StreamMessageReader(output).listen((message) => {
    received.push(message as Received);
    for (const wake of waiting) wake();
  });
  // A server that stops reading leaves a write waiting: the same hang guard.
  const send = (bytes: string | Buffer): Promise<void> =>
    new Promise((resolve, reject) => {
      const guard = setTimeout(
        () => reject(new Error(`the server took no input for ${HANG_GUARD_MS} ms${ending.stderr()}`)),
        HANG_GUARD_MS,
      );
      input.write(bytes, (error) => {
        clearTimeout(guard);
        if (error) reject(error);
        else resolve();
      });
    });
  // A server that ended sends nothing more: what is waited for fails at once.
  let ended: string | undefined;
  ending.child?.on('exit', (code, signal) => {
    ended = `the server ended (${signal ?? `exit code ${code}`})`;
    for (const wake of waiting) wake();
  });
  const next = (what: string, matches: (message: Received) => boolean, from = 0): Promise<Received> =>
    new Promise((resolve, reject) => {
      const look = (): boolean => {
        const found = received.slice(from).find(matches);
        if (found === undefined && ended === undefined) return false;
        done();
        if (found === undefined) reject(new Error(`no ${what}: ${ended}${ending.stderr()}`));
        else resolve(found);
        return true;
      };
      const guard = setTimeout(() => {
        done();
        reject(
          new Error(`no ${what} within ${HANG_GUARD_MS} ms; the server sent ${JSON.stringify(received).slice(-2000)}${ending.stderr()}`),
        );
      }, HANG_GUARD_MS);
      const done = (): void => {
        clearTimeout(guard);
        waiting.delete(wake);
      };
      const wake = (): void => void look();
      if (!look()) waiting.add(wake);
    });
  const raw: RawSession = {
    received,
    send,
    next,
    ...(ending.child === undefined ? {} : { child: ending.child }),
    stderr: ending.stderr,
    stop: () => ending.stop(send),
  };
  const uris = folders.map((folder) => pathToFileURL(folder).href);
  await send(
    request(0, 'initialize', {
      processId: null,
      rootUri: uris[0] ?? null,
      workspaceFolders: uris.map((uri, index) => ({ uri, name: `folder ${index}` })),
      capabilities: {},
    }),
  );
  await next('reply to initialize', (message) => message.id === 0);
  await send(notification('initialized', {}));
  return raw;
}

/** The resident memory of a process now and at its peak, in bytes, from /proc (Linux). */
export function residentMemory(pid: number): { now: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string): number => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? Number.NaN) * 1024;
  return { now: kilobytes('VmRSS'), peak: kilobytes('VmHWM') };
}
