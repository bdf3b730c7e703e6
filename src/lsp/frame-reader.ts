// The language server's reader of the protocol's frames (a header with a Content-Length, a blank
// line, a JSON body), in place of vscode-jsonrpc's: that one stops for good at the first header it
// cannot read (what follows is taken for more header, frame after frame) and holds whatever a
// header announces. This one answers a frame it cannot read and reads on from the next header.
import type { Readable } from 'node:stream';
import { AbstractMessageReader, type DataCallback, Disposable, ErrorCodes, type Message } from 'vscode-languageserver/node';
import { isRecord } from '../common/guards.js';

export interface FrameLimits {
  /** The longest header read, in bytes, its blank line not counted. */
  maxHeaderBytes: number;
  /** The longest body a Content-Length may announce, in bytes. */
  maxBodyBytes: number;
}

/** How the limits of a body are said: where they come from. */
const BODY_LIMIT_TEXT = '6 × --max-bytes + 64 KiB';

/**
 * The limits of the server's frames: a header of 8 KiB (a client sends two short lines), and a
 * body that holds any document of `maxBytes` (--max-bytes), each byte of it escaped in JSON as at
 * most six (`\u0001`), with room for the rest of the message; the MCP server's lines have the same.
 */
export function frameLimits(maxBytes: number): FrameLimits {
  return { maxHeaderBytes: 8 * 1024, maxBodyBytes: 6 * maxBytes + 64 * 1024 };
}

/** Why a frame could not be read: the JSON-RPC error it is answered with (id null: its id, if any, was never read). */
export interface UnreadableFrame {
  code: number;
  message: string;
}

const EMPTY = Buffer.alloc(0);
const CARRIAGE_RETURN = 0x0d;
const HEADER_END = Buffer.from('\r\n\r\n', 'latin1');
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
/** Where a frame starts: the name of its one header every frame has (names are case-insensitive). */
const FRAME_START = /content-length:/gi;
const FRAME_START_LENGTH = 'content-length:'.length;
/** A header line: a token, a colon, a value of visible characters, spaces and tabs (RFC 9110). */
const HEADER_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):([\t\x20-\x7e\x80-\xff]*)$/;
/** A Content-Length line's name and colon, in lower case: with its value up to its carriage return, bytes that no JSON body holds (see `nextFrameIn`). */
const LENGTH_NAME = Buffer.from('content-length:', 'latin1');
const SPACE = 0x20;
const TAB = 0x09;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
/** A Content-Length line whole, from its name on: its value. */
const LENGTH_LINE_REST = /^content-length:[\t ]*(\d+)[\t ]*$/i;
/** The value of a Content-Length. */
const LENGTH_VALUE = /^[\t ]*\d+[\t ]*$/;
/** A Content-Length line whose end is yet to come. */
const LENGTH_LINE_BEGUN = /content-length:[\t ]*\d*[\t ]*$/i;
/** How far before a carriage return a Content-Length line is looked for. */
const LOOK_BACK = 64;

type State = { reading: 'header' } | { reading: 'body'; length: number } | { reading: 'lost' };

/**
 * Reads frames from `input` for a vscode-jsonrpc connection, within `limits`. A frame it cannot
 * read is answered through `unreadable` (-32700, or -32600 for JSON that is no object), once, and
 * reading goes on from the next `Content-Length:` header:
 *
 * - a header that is not `Name: value` lines, has no Content-Length, or one that is not a number,
 *   is given twice or is over `maxBodyBytes`, or a header longer than `maxHeaderBytes`: the
 *   bytes up to the next `Content-Length:` are dropped, unkept (a body announced, or not, is
 *   skipped the same way);
 * - a body that is not UTF-8, not JSON, or not a JSON object;
 * - a body cut short by the next frame's header (a Content-Length larger than what was sent).
 *
 * What it holds is bounded by the limits: a header's bytes up to `maxHeaderBytes` (plus a chunk),
 * one body of at most `maxBodyBytes`.
 */
export class BoundedFrameReader extends AbstractMessageReader {
  private state: State = { reading: 'header' };
  /** Bytes of a header not yet complete; while lost, the last bytes looked through. */
  private head: Buffer = EMPTY;
  private body: Buffer[] = [];
  private bodyBytes = 0;
  /** The last bytes of the body so far, where a Content-Length line split between chunks begins. */
  private bodyTail: Buffer = EMPTY;
  /**
   * A problem was answered and no header has been read since: what follows is the same stretch
   * of unreadable bytes (a frame's body skipped, a header inside it), not answered again.
   */
  private quiet = false;
  private callback: DataCallback | undefined;

  constructor(
    private readonly input: Readable,
    private readonly limits: FrameLimits,
    private readonly unreadable: (problem: UnreadableFrame) => void,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer): void => this.read(chunk);
    const onError = (error: Error): void => this.fireError(error);
    const onClose = (): void => this.fireClose();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('close', onClose);
    return Disposable.create(() => {
      this.input.off('data', onData);
      this.input.off('error', onError);
      this.input.off('close', onClose);
    });
  }

  /** Takes a chunk of the stream, in whatever pieces frames were cut into. */
  read(chunk: Buffer): void {
    let rest = chunk;
    while (rest.length > 0) rest = this.state.reading === 'body' ? this.readBody(rest, this.state.length) : this.readHead(rest);
  }

  /** Header bytes, or bytes looked through for one: what follows a complete header (its body on) is returned. */
  private readHead(data: Buffer): Buffer {
    let head = this.head.length === 0 ? data : Buffer.concat([this.head, data]);
    for (;;) {
      if (this.state.reading === 'lost') {
        const start = frameStart(head, 0);
        if (start === -1) {
          this.head = Buffer.from(head.subarray(Math.max(0, head.length - FRAME_START_LENGTH + 1)));
          return EMPTY;
        }
        head = head.subarray(start);
        this.state = { reading: 'header' };
      }
      const end = head.indexOf(HEADER_END);
      const { maxHeaderBytes, maxBodyBytes } = this.limits;
      // Without its blank line yet, the header may end in the first bytes of one.
      const reach = end === -1 ? head.length - HEADER_END.length + 1 : end;
      if (reach > maxHeaderBytes) {
        this.answer(skipped(`the header is longer than ${maxHeaderBytes} bytes`));
        // A header that starts before the last `maxHeaderBytes` bytes would be too long as well.
        this.state = { reading: 'lost' };
        head = head.subarray(Math.max(1, reach - maxHeaderBytes));
        continue;
      }
      if (end === -1) {
        this.head = Buffer.from(head);
        return EMPTY;
      }
      const text = head.subarray(0, end).toString('latin1');
      const header = readHeader(text, maxBodyBytes);
      if ('problem' in header) {
        this.answer(skipped(header.problem));
        // A header of well-formed lines is the frame's own: skipped whole, with its body. One that
        // is not may be garbage (or a body's string) before the next frame's header, or a header
        // run into its body: read on from a header within it that can be read, if there is one.
        const within = header.lines === 'malformed' ? readableHeaderWithin(text, maxBodyBytes) : -1;
        if (within === -1) this.state = { reading: 'lost' };
        head = head.subarray(within === -1 ? end + HEADER_END.length : within);
        continue;
      }
      this.head = EMPTY;
      this.quiet = false;
      const rest = head.subarray(end + HEADER_END.length);
      if (header.length === 0) {
        this.deliver(EMPTY);
        head = rest;
        continue;
      }
      this.state = { reading: 'body', length: header.length };
      return rest;
    }
  }

  /** Body bytes up to `length`; what follows the body is returned. */
  private readBody(data: Buffer, length: number): Buffer {
    const take = data.subarray(0, length - this.bodyBytes);
    const next = this.nextFrameIn(take);
    if (next !== null) {
      this.resetBody();
      this.state = { reading: 'header' };
      this.answer({
        code: ErrorCodes.ParseError,
        message: `the message ended before its Content-Length of ${length} bytes, where the next header began; it was skipped`,
      });
      return Buffer.concat([next.before, data.subarray(next.from)]);
    }
    this.body.push(take);
    this.bodyBytes += take.length;
    this.bodyTail = Buffer.concat([this.bodyTail, take.subarray(-LOOK_BACK)]).subarray(-LOOK_BACK);
    if (this.bodyBytes === length) {
      const bytes = Buffer.concat(this.body, length);
      this.resetBody();
      this.state = { reading: 'header' };
      this.deliver(bytes);
    }
    return data.subarray(take.length);
  }

  /**
   * Where in `take` (the body's next bytes) the next frame's header begins, when it does: a
   * Content-Length line up to its carriage return (`before`, the bytes of it before `take[from]`).
   * No JSON text holds those bytes: a carriage return is never inside a string, and outside one
   * no letters but those of true, false and null stand, so a body that holds them was cut short.
   */
  private nextFrameIn(take: Buffer): { before: Buffer; from: number } | null {
    for (let at = take.indexOf(CARRIAGE_RETURN); at !== -1; at = take.indexOf(CARRIAGE_RETURN, at + 1)) {
      const start = this.lengthLineBefore(take, at);
      if (start !== -1) return { before: Buffer.from(this.bodyBytesBefore(take, at, start)), from: at };
    }
    return null;
  }

  /**
   * How many bytes before `take[at]` a Content-Length line begins that ends there (name, colon,
   * white space, digits, white space), looking back at most LOOK_BACK bytes into the body; -1
   * where none does. Byte by byte, with nothing made: a pretty body has a line break every few bytes.
   */
  private lengthLineBefore(take: Buffer, at: number): number {
    const byte = (back: number): number =>
      at - back >= 0 ? (take[at - back] as number) : (this.bodyTail[this.bodyTail.length + at - back] ?? -1);
    let back = 1;
    while (back < LOOK_BACK && (byte(back) === SPACE || byte(back) === TAB)) back++;
    const digits = back;
    while (back < LOOK_BACK && byte(back) >= DIGIT_0 && byte(back) <= DIGIT_9) back++;
    if (back === digits) return -1;
    while (back < LOOK_BACK && (byte(back) === SPACE || byte(back) === TAB)) back++;
    for (let index = LENGTH_NAME.length - 1; index >= 0; index--, back++) {
      // ASCII letters compare in lower case; the hyphen and the colon as they are.
      const found = byte(back);
      const lower = found >= 0x41 && found <= 0x5a ? found | 0x20 : found;
      if (back >= LOOK_BACK || lower !== LENGTH_NAME[index]) return -1;
    }
    return back - 1;
  }

  /** The `count` bytes of the body before `take[at]`, from its tail where they begin there. */
  private bodyBytesBefore(take: Buffer, at: number, count: number): Buffer {
    return at >= count
      ? take.subarray(at - count, at)
      : Buffer.concat([this.bodyTail.subarray(this.bodyTail.length - (count - at)), take.subarray(0, at)]);
  }

  /** Answers a problem, unless it is part of a stretch already answered. */
  private answer(problem: UnreadableFrame): void {
    if (!this.quiet) this.unreadable(problem);
    this.quiet = true;
  }

  private resetBody(): void {
    this.body = [];
    this.bodyBytes = 0;
    this.bodyTail = EMPTY;
  }

  /**
   * Drops what follows a body that is not JSON up to the next frame, which may have begun in the
   * body's last bytes (`tail`): its Content-Length line whose end is yet to come, or the first
   * letters of one.
   */
  private skipFrom(tail: Buffer): void {
    const begun = LENGTH_LINE_BEGUN.exec(tail.toString('latin1'));
    this.state = begun === null ? { reading: 'lost' } : { reading: 'header' };
    this.head = Buffer.from(begun === null ? tail.subarray(Math.max(0, tail.length - FRAME_START_LENGTH + 1)) : tail.subarray(begun.index));
  }

  /**
   * A body read whole: a message for the connection, or the error it is answered with. A body
   * that is not JSON may be cut short by a Content-Length too small, so that what follows it is
   * the rest of its message: the bytes up to the next `Content-Length:` are dropped (from its
   * last bytes, where the next header may have begun).
   */
  private deliver(bytes: Buffer): void {
    let value: unknown;
    try {
      value = JSON.parse(strictUtf8.decode(bytes));
    } catch {
      this.answer({ code: ErrorCodes.ParseError, message: 'the message is not JSON in UTF-8; it was skipped' });
      this.skipFrom(bytes.subarray(-LOOK_BACK));
      return;
    }
    if (!isRecord(value)) {
      this.answer({
        code: ErrorCodes.InvalidRequest,
        message: Array.isArray(value)
          ? 'a batch (a JSON array of messages) is not taken; send one message per frame'
          : 'a message is a JSON object',
      });
      return;
    }
    try {
      this.callback?.(value as unknown as Message);
    } catch (error) {
      this.fireError(error);
    }
  }
}

/** The answer to a header that cannot be read. */
function skipped(problem: string): UnreadableFrame {
  return { code: ErrorCodes.ParseError, message: `${problem}; the message was skipped` };
}

/** The Content-Length a header gives (its text, the blank line left out), or why it cannot be read. Nothing of the header is quoted back. */
function readHeader(text: string, maxBodyBytes: number): { length: number } | { problem: string; lines: 'well-formed' | 'malformed' } {
  const fields = text.split('\r\n').map((line) => HEADER_LINE.exec(line));
  if (fields.includes(null)) return { problem: 'a line of the header is not "Name: value"', lines: 'malformed' };
  // A Content-Length that is not digits is malformed too: a body's string holds no other.
  if (fields.some((field) => isLengthName(field) && !LENGTH_VALUE.test(field?.[2] as string)))
    return { problem: 'Content-Length is not a number of bytes', lines: 'malformed' };
  const fault = (problem: string) => ({ problem, lines: 'well-formed' as const });
  const [length, twice] = fields.filter(isLengthName).map((field) => Number(String(field?.[2]).trim()));
  if (length === undefined) return fault('the header has no Content-Length');
  if (twice !== undefined) return fault('the header gives Content-Length twice');
  if (length > maxBodyBytes)
    return fault(`Content-Length is over ${maxBodyBytes} bytes, the most this server reads in one message (${BODY_LIMIT_TEXT})`);
  if (!fields.every(charsetIsUtf8)) return fault('the charset of Content-Type is not utf-8, the only one of the protocol');
  return { length };
}

function isLengthName(field: RegExpExecArray | null): boolean {
  return field?.[1]?.toLowerCase() === 'content-length';
}

/** Whether a header field is no Content-Type, or one whose charset, if it names one, is UTF-8. */
function charsetIsUtf8(field: RegExpExecArray | null): boolean {
  if (field?.[1]?.toLowerCase() !== 'content-type') return true;
  const charset = /charset[\t ]*=[\t ]*"?([^";\t ]*)/i.exec(field[2] as string)?.[1]?.toLowerCase();
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/**
 * Where, after its first byte, the text of a header that is not `Name: value` lines holds the
 * start of one that can be read (-1 where it holds none): a Content-Length line's end, after
 * garbage or a body run into, then lines that may follow it. In one pass: which lines may follow
 * is worked out from the last line up.
 */
function readableHeaderWithin(text: string, maxBodyBytes: number): number {
  const lines = text.split('\r\n');
  const mayFollow: boolean[] = [];
  mayFollow[lines.length] = true;
  for (let index = lines.length - 1; index >= 0; index--) {
    const field = HEADER_LINE.exec(lines[index] as string);
    mayFollow[index] = (mayFollow[index + 1] as boolean) && field !== null && !isLengthName(field) && charsetIsUtf8(field);
  }
  let offset = 0;
  for (const [index, line] of lines.entries()) {
    const at = line.toLowerCase().lastIndexOf('content-length:');
    const value = at === -1 ? undefined : LENGTH_LINE_REST.exec(line.slice(at))?.[1];
    if (mayFollow[index + 1] && value !== undefined && offset + at > 0 && Number(value) <= maxBodyBytes) return offset + at;
    offset += line.length + 2;
  }
  return -1;
}

/** Where the next frame starts in `bytes`, from `from` on: a `Content-Length:`, any case; -1 when there is none. */
function frameStart(bytes: Buffer, from: number): number {
  FRAME_START.lastIndex = from;
  return FRAME_START.exec(bytes.toString('latin1'))?.index ?? -1;
}
