import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CancelledNotificationSchema, type JSONRPCMessage, type JSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { type ErrorReply, lineTooLong, notUtf8, readLine } from './json-rpc.js';

export interface LineTransportOptions {
  input: Readable;
  output: Writable;
  /** The longest line read, in bytes, its line break not counted: a longer one is answered with an error and skipped unread. */
  maxLineBytes: number;
  /** Reading stops while more than this many bytes of replies wait to be written (the client is not reading them)… */
  maxPendingBytes: number;
  /** …or while this many requests are being served. */
  maxInFlight: number;
  /** Where a problem of the stream itself is said, in one line: never the output, which is the protocol's. */
  report(message: string): void;
  /** The reply to a request that is answered here rather than handed on (params that do not fit its method); undefined to hand it on. */
  answerAtOnce?(request: JSONRPCRequest): ErrorReply | undefined;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** A line of JSON's white space only, skipped as no message. */
const BLANK = /^[\t\r ]*$/;

/**
 * The MCP transport over a byte stream of newline-delimited JSON-RPC messages (the stdio
 * transport), for the SDK's Server. Unlike the SDK's own, it answers what is not a message instead
 * of dropping it (see readLine), and it bounds what a client can make it hold:
 *
 * - Reading is linear: chunks are kept in a list and joined once per line, and a line break is
 *   searched for only in bytes not searched before. A line longer than `maxLineBytes` is refused
 *   as soon as it grows past the limit: what follows of it is dropped as it arrives, unkept.
 * - Back-pressure: while replies wait to be written past `maxPendingBytes`, or `maxInFlight`
 *   requests are being served, nothing more is read (the input is paused, so the client's writes
 *   block in the pipe); reading resumes when the output drains and replies go out.
 * - At the end of the input, the requests read are all answered before the transport closes.
 */
export class LineTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T) => void;

  /** Chunks read but not yet split into lines; the first from `offset` on. */
  private readonly unread: Buffer[] = [];
  private offset = 0;
  /** The parts of the line being read, and their length in bytes. */
  private line: Buffer[] = [];
  private lineBytes = 0;
  /** The line being read is over the limit and already answered: its bytes are dropped up to its line break. */
  private skippingLine = false;
  /** Requests being served, by id (a client may reuse one), and how many in all. */
  private readonly inFlight = new Map<string, number>();
  private inFlightCount = 0;
  private inputEnded = false;
  private closed = false;
  private pumpScheduled = false;

  constructor(private readonly options: LineTransportOptions) {}

  /** The streams' events the transport listens to while it is open. */
  private subscriptions(): ReadonlyArray<readonly [Readable | Writable, string, Parameters<Readable['on']>[1]]> {
    const { input, output } = this.options;
    return [
      [input, 'data', this.onData],
      [input, 'end', this.onEnd],
      [input, 'error', this.onStreamError],
      [output, 'drain', this.schedulePump],
      [output, 'error', this.onStreamError],
    ];
  }

  async start(): Promise<void> {
    for (const [stream, event, listener] of this.subscriptions()) stream.on(event, listener);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if ('id' in message && !('method' in message)) this.settle(message.id);
    this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const [stream, event, listener] of this.subscriptions()) stream.off(event, listener);
    this.options.input.pause();
    this.unread.length = 0;
    this.line = [];
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer): void => {
    this.unread.push(chunk);
    this.pump();
  };

  private readonly onEnd = (): void => {
    this.inputEnded = true;
    this.pump();
  };

  private readonly onStreamError = (error: Error): void => {
    const code = (error as NodeJS.ErrnoException).code;
    // A client that closed its end before reading every reply has gone: nothing to say about it.
    if (code !== 'EPIPE') this.options.report(`the stream failed (${code ?? error.message}); the server stops`);
    void this.close();
  };

  private readonly schedulePump = (): void => {
    if (this.pumpScheduled || this.closed) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  };

  /** Splits what was read into lines and hands them on, for as long as the client's replies are being taken. */
  private pump(): void {
    const { input } = this.options;
    while (!this.closed && this.unread.length > 0) {
      if (this.mustWait()) {
        input.pause();
        return;
      }
      const chunk = this.unread[0] as Buffer;
      const end = chunk.indexOf(NEWLINE, this.offset);
      this.take(chunk.subarray(this.offset, end === -1 ? chunk.length : end));
      if (end === -1 || end + 1 === chunk.length) {
        this.unread.shift();
        this.offset = 0;
      } else {
        this.offset = end + 1;
      }
      if (end !== -1) this.endLine();
    }
    if (this.closed) return;
    if (!this.inputEnded) {
      input.resume();
      return;
    }
    // A last line without a line break is a line too.
    if (this.lineBytes > 0 || this.skippingLine) this.endLine();
    if (this.inFlightCount === 0) void this.close();
  }

  private mustWait(): boolean {
    return this.inFlightCount >= this.options.maxInFlight || this.options.output.writableLength > this.options.maxPendingBytes;
  }

  private take(bytes: Buffer): void {
    if (this.skippingLine || bytes.length === 0) return;
    if (this.lineBytes + bytes.length > this.options.maxLineBytes) {
      this.skippingLine = true;
      this.line = [];
      this.lineBytes = 0;
      this.write(lineTooLong(this.options.maxLineBytes));
      return;
    }
    this.line.push(bytes);
    this.lineBytes += bytes.length;
  }

  private endLine(): void {
    const bytes = Buffer.concat(this.line, this.lineBytes);
    const wasSkipped = this.skippingLine;
    this.line = [];
    this.lineBytes = 0;
    this.skippingLine = false;
    if (!wasSkipped) this.handle(bytes.at(-1) === CARRIAGE_RETURN ? bytes.subarray(0, -1) : bytes);
  }

  private handle(bytes: Buffer): void {
    let text: string;
    try {
      text = strictUtf8.decode(bytes);
    } catch {
      this.write(notUtf8());
      return;
    }
    if (BLANK.test(text)) return;
    const reading = readLine(text);
    if ('reply' in reading) {
      this.write(reading.reply);
      return;
    }
    const { message } = reading;
    const answer = reading.request ? this.options.answerAtOnce?.(message as JSONRPCRequest) : undefined;
    if (answer !== undefined) {
      this.write(answer);
      return;
    }
    if (reading.request && 'id' in message && message.id !== undefined) this.begin(message.id);
    else if ('method' in message && message.method === 'notifications/cancelled') this.afterCancel(message);
    this.onmessage?.(message);
  }

  private begin(id: RequestId): void {
    const key = keyOf(id);
    this.inFlight.set(key, (this.inFlight.get(key) ?? 0) + 1);
    this.inFlightCount++;
  }

  /** A reply to a request being served went out (or never will): one fewer in flight, and reading may go on. */
  private settle(id: RequestId | undefined): void {
    if (id === undefined) return;
    const key = keyOf(id);
    const count = this.inFlight.get(key);
    if (count === undefined) return;
    if (count === 1) this.inFlight.delete(key);
    else this.inFlight.set(key, count - 1);
    this.inFlightCount--;
    this.schedulePump();
  }

  /**
   * The SDK answers nothing to a request cancelled while it is served. Once the cancellation has
   * been handled (its handler runs before the next turn of the event loop), a request of that id
   * still in flight will get no reply, so it no longer counts.
   */
  private afterCancel(message: JSONRPCMessage): void {
    const cancelled = CancelledNotificationSchema.safeParse(message);
    const id = cancelled.success ? cancelled.data.params.requestId : undefined;
    // The SDK cancels nothing for an id that is falsy (0, ""), and then answers the request.
    if (!id || !this.inFlight.has(keyOf(id))) return;
    setImmediate(() => this.settle(id));
  }

  private write(message: JSONRPCMessage | ErrorReply): void {
    const { output } = this.options;
    if (this.closed || !output.writable) return;
    output.write(`${JSON.stringify(message)}\n`);
  }
}

/** Ids 1 and "1" are different ids. */
function keyOf(id: RequestId): string {
  return typeof id === 'number' ? `n${id}` : `s${id}`;
}
