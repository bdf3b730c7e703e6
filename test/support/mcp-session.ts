/**
 * Two ways to talk to the MCP server line by line, below any client library, so that a test can
 * send what no well-behaved client sends: `serveInProcess` runs the server's own code over streams
 * in this process (fast: thousands of sessions a minute), and `McpProcess` the built command line
 * (`compile-investigation mcp`) as a real process, whose memory can be read from the kernel.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';
import { createRoots } from '../../src/engine/roots.js';
import { serveMcp } from '../../src/mcp/server.js';
import { cliPath } from './cli.js';

/** A line the server wrote, parsed: a JSON-RPC reply. */
export interface Reply {
  jsonrpc: '2.0';
  id: string | number | null;
  result?: { isError?: boolean; content?: Array<{ text: string }>; structuredContent?: any; [key: string]: unknown };
  error?: { code: number; message: string; data?: unknown };
}

export interface Session {
  /** What the server wrote on standard output, as it wrote it. */
  stdout: string;
  /** Each line of stdout parsed as JSON (a line that is not JSON makes the session fail). */
  replies: Reply[];
  stderr: string;
}

/** A request line: `{"jsonrpc":"2.0","id":…,"method":…,"params":…}`. */
export function request(id: string | number, method: string, params?: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
}

/** A tools/call request line. */
export function toolCall(id: string | number, name: string, args: Record<string, unknown>): string {
  return request(id, 'tools/call', { name, arguments: args });
}

/**
 * Feeds `input` (each item written as it is: end lines with "\n" yourself) to the server's own
 * code in this process, in chunks of `chunkSize` bytes as a pipe delivers them, closes the input,
 * and waits until the server has answered all it read and stopped.
 */
export async function serveInProcess(
  input: ReadonlyArray<string | Buffer>,
  options: { root: string; maxBytes?: number; chunkSize?: number },
): Promise<Session> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const written: Buffer[] = [];
  stdout.on('data', (chunk: Buffer) => written.push(chunk));
  let stderr = '';
  const served = serveMcp({
    roots: createRoots([options.root], options.root),
    maxBytes: options.maxBytes ?? 16 * 1024 * 1024,
    env: {},
    stdin,
    stdout,
    stderr: { write: (text: string) => void (stderr += text) },
  });
  const bytes = Buffer.concat(input.map((item) => Buffer.from(item)));
  const size = options.chunkSize ?? 64 * 1024;
  for (let at = 0; at < bytes.length; at += size) {
    if (!stdin.write(bytes.subarray(at, at + size))) await new Promise((resolve) => stdin.once('drain', resolve));
  }
  stdin.end();
  await served;
  const text = Buffer.concat(written).toString('utf8');
  return { stdout: text, replies: parseReplies(text), stderr };
}

/** Every line of a server's standard output as a reply; throws on a line that is not JSON. */
export function parseReplies(stdout: string): Reply[] {
  return stdout
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Reply);
}

/** The built server as a process, fed lines by the test and read when the test wants. */
export class McpProcess {
  readonly child: ChildProcessWithoutNullStreams;
  /** Each reply as kept (`keep`), in the order written; and the bytes of a line not yet complete. */
  private readonly kept: Reply[] = [];
  private partial: Buffer[] = [];
  /** Lines of standard output that were not JSON (cut): there must be none. */
  readonly notJson: string[] = [];
  private stderrText = '';
  private readonly exited: Promise<number | null>;

  /** `keep` reduces each reply to what the test needs of it, so that a flood of replies does not fill the test's memory. */
  constructor(root: string, extraArgs: string[] = [], keep: (reply: Reply) => Reply = (reply) => reply) {
    this.child = spawn(process.execPath, [cliPath, 'mcp', '--root', root, ...extraArgs], { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.on('data', (chunk: Buffer) => {
      let start = 0;
      for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
        const line = Buffer.concat([...this.partial, chunk.subarray(start, end)]).toString('utf8');
        this.partial = [];
        try {
          this.kept.push(keep(JSON.parse(line) as Reply));
        } catch {
          this.notJson.push(line.slice(0, 200));
        }
        start = end + 1;
      }
      if (start < chunk.length) this.partial.push(chunk.subarray(start));
    });
    this.child.stderr.on('data', (chunk: Buffer) => void (this.stderrText += chunk.toString('utf8')));
    // A server that ended early closes the pipe: writes then fail, and the test finds out by what it reads.
    this.child.stdin.on('error', () => {});
    this.exited = new Promise((resolve) => this.child.on('close', resolve));
  }

  /** Writes to the server's standard input (lines with their "\n"), waiting while the pipe is full. */
  async write(text: string | Buffer): Promise<void> {
    if (!this.child.stdin.write(text)) await new Promise((resolve) => this.child.stdin.once('drain', resolve));
  }

  /** Stops reading the server's standard output, so that its replies pile up in the pipe and then in the server. */
  pauseReading(): void {
    this.child.stdout.pause();
  }

  resumeReading(): void {
    this.child.stdout.resume();
  }

  /** The replies read so far (a line that is not JSON is in `notJson` instead). */
  replies(): readonly Reply[] {
    return this.kept;
  }

  /** Waits until `done` holds of the replies read so far (checked as output arrives), or throws after `timeoutMs` (a hang guard). */
  async until(done: (replies: readonly Reply[]) => boolean, timeoutMs = 120_000): Promise<readonly Reply[]> {
    const started = Date.now();
    while (!done(this.kept)) {
      if (Date.now() - started > timeoutMs)
        throw new Error(`no end after ${timeoutMs} ms; ${this.kept.length} replies; stderr: ${this.stderrText}`);
      await this.nextOutput();
    }
    return this.kept;
  }

  /** Resolves when the server writes again, or after a while (its output may be paused, or it may write nothing). */
  private nextOutput(): Promise<void> {
    const { stdout } = this.child;
    return new Promise((resolve) => {
      const settle = (): void => {
        clearTimeout(timer);
        stdout.off('data', settle);
        resolve();
      };
      const timer = setTimeout(settle, 100);
      stdout.on('data', settle);
    });
  }

  /** The peak resident memory of the server so far, in bytes, from the kernel (VmHWM; Linux only). */
  peakMemory(): number {
    const status = readFileSync(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1]) * 1024;
  }

  get stderr(): string {
    return this.stderrText;
  }

  /** Closes the server's input and waits for it to end: its exit code. */
  async end(): Promise<number | null> {
    this.child.stdin.end();
    this.child.stdout.resume();
    return this.exited;
  }
}
