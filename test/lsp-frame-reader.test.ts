/**
 * The language server's reader of frames, in process: whatever way a stream is cut into chunks,
 * the same messages; a frame it cannot read answered once, and every frame after it read.
 */
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedFrameReader, type FrameLimits, frameLimits } from '../src/lsp/frame-reader.js';

interface Heard {
  messages: unknown[];
  problems: Array<{ code: number; message: string }>;
}

/** A reader over chunks given at once, and what it heard. */
function readChunks(chunks: readonly Buffer[], limits: FrameLimits = frameLimits(4096)): Heard {
  const heard: Heard = { messages: [], problems: [] };
  const reader = new BoundedFrameReader(new PassThrough(), limits, (problem) => heard.problems.push(problem));
  reader.listen((message) => heard.messages.push(message));
  for (const chunk of chunks) reader.read(chunk);
  return heard;
}

const PARSE_ERROR = -32700;
const INVALID_REQUEST = -32600;

function frame(message: unknown, header = (length: number) => `Content-Length: ${length}\r\n\r\n`): Buffer {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(header(body.length), 'latin1'), body]);
}

// ASCII, so that the malformed frames below, written as latin1 to hold any byte, keep its length.
const request = (id: number) => ({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { text: 'deja vu\r\n' } });
const BODY = JSON.stringify(request(1));
const LENGTH = Buffer.byteLength(BODY);

/** Malformed frames of every kind the reader answers, each as the bytes sent and the error code it gets. */
const MALFORMED: ReadonlyArray<[string, string, number]> = [
  ['a header without Content-Length', `X-Foo: 1\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a Content-Length that is not a number', `Content-Length: abc\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a negative Content-Length', `Content-Length: -${LENGTH}\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a Content-Length over the limit', `Content-Length: 99999999999999999999999\r\n\r\n${BODY}`, PARSE_ERROR],
  ['Content-Length twice', `Content-Length: ${LENGTH}\r\nContent-Length: ${LENGTH}\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a header without its blank line', `Content-Length: ${LENGTH}\r\n${BODY}`, PARSE_ERROR],
  ['a header line that is no "Name: value"', `Content-Length: ${LENGTH}\r\nnot a header\r\n\r\n${BODY}`, PARSE_ERROR],
  ['garbage bytes', '\u0000\u0001\u00ff{garbage} \r\n', PARSE_ERROR],
  ['garbage with a blank line', 'garbage\r\n\r\nmore garbage', PARSE_ERROR],
  ['a header of megabytes', `Content-Length: ${LENGTH}\r\nX-Pad: ${'a'.repeat(3_000_000)}\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a header of megabytes with no line break', 'a'.repeat(3_000_000), PARSE_ERROR],
  [
    'a charset other than utf-8',
    `Content-Length: ${LENGTH}\r\nContent-Type: application/vscode-jsonrpc; charset=latin1\r\n\r\n${BODY}`,
    PARSE_ERROR,
  ],
  ['a body that is not JSON', 'Content-Length: 5\r\n\r\n{"a":', PARSE_ERROR],
  ['a header without Content-Length, whose body names one in a string', 'X-Foo: 1\r\n\r\n{"text":"Content-Length: 12"}', PARSE_ERROR],
  ['an empty body', 'Content-Length: 0\r\n\r\n', PARSE_ERROR],
  ['a body that is not UTF-8', 'Content-Length: 4\r\n\r\n"\u00ff\u00fe"', PARSE_ERROR],
  ['a Content-Length smaller than the body', `Content-Length: 10\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a Content-Length larger than the body', `Content-Length: ${LENGTH + 500}\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a Content-Length that ends the body inside the next Content-Length', `Content-Length: ${LENGTH + 17}\r\n\r\n${BODY}`, PARSE_ERROR],
  ['a batch', 'Content-Length: 2\r\n\r\n[]', INVALID_REQUEST],
  ['a JSON value that is no object', 'Content-Length: 4\r\n\r\nnull', INVALID_REQUEST],
];

describe('BoundedFrameReader', () => {
  it.each(MALFORMED)('%s: answered once, and the request after it read', (_, bytes, code) => {
    const next = frame(request(2));
    for (const chunks of [[Buffer.concat([Buffer.from(bytes, 'latin1'), next])], [Buffer.from(bytes, 'latin1'), next]]) {
      const heard = readChunks(chunks, frameLimits(16 * 1024 * 1024));
      expect(heard.problems.map((problem) => problem.code)).toEqual([code]);
      expect(heard.messages).toEqual([request(2)]);
    }
  });

  it('says what is wrong without quoting the header', () => {
    const { problems } = readChunks([Buffer.from('Content-Length: \u001b]0;pwned\u0007\r\n\r\n{}', 'latin1')]);
    expect(problems).toEqual([{ code: PARSE_ERROR, message: 'a line of the header is not "Name: value"; the message was skipped' }]);
    const [over] = readChunks([Buffer.from('Content-Length: 99999999\r\n\r\n', 'latin1')]).problems;
    expect(over?.message).toBe(
      'Content-Length is over 90112 bytes, the most this server reads in one message (6 × --max-bytes + 64 KiB); the message was skipped',
    );
  });

  it('holds no more of a header than its limit, nor of a body than its Content-Length, whatever is sent', () => {
    const limits = { maxHeaderBytes: 64, maxBodyBytes: 1024 };
    const heard = readChunks([...Array.from({ length: 1000 }, () => Buffer.from('x'.repeat(1000), 'latin1')), frame(request(3))], limits);
    expect(heard).toEqual({ messages: [request(3)], problems: [expect.objectContaining({ code: PARSE_ERROR })] });
  });
});

/** A message with strings of any text: JSON escapes its line breaks, so a body never holds one raw. */
const message = fc.record({
  jsonrpc: fc.constant('2.0'),
  id: fc.nat(),
  method: fc.constantFrom('textDocument/hover', 'textDocument/didChange', 'Content-Length: 5'),
  params: fc.dictionary(fc.string(), fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.constant('Content-Length: 12\r\n\r\n'))),
});

/** The headers of a valid frame: its Content-Length in any case, perhaps a Content-Type before or after it. */
const header = fc
  .tuple(fc.constantFrom('Content-Length', 'content-length', 'CONTENT-LENGTH'), fc.constantFrom('', ' ', '  \t'), fc.nat(2))
  .map(([name, space, type]) => (length: number) => {
    const lengthLine = `${name}:${space}${length}${space}\r\n`;
    const typeLine = 'Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n';
    return `${type === 1 ? typeLine : ''}${lengthLine}${type === 2 ? typeLine : ''}\r\n`;
  });

/** Pretty JSON with CRLF between its tokens is JSON too. */
const body = (value: unknown, pretty: boolean): string =>
  pretty ? JSON.stringify(value, null, 2).replaceAll('\n', '\r\n') : JSON.stringify(value);

const validFrame = fc.tuple(message, header, fc.boolean()).map(([value, head, pretty]) => {
  const text = Buffer.from(body(value, pretty), 'utf8');
  return { value, bytes: Buffer.concat([Buffer.from(head(text.length), 'latin1'), text]) };
});

/** Garbage: no letter of a header name, no colon, one byte no header holds. */
const garbage = fc
  .uint8Array({ minLength: 0, maxLength: 40 })
  .map((bytes) => Buffer.concat([Buffer.from(bytes.filter((byte) => !/[a-z:]/i.test(String.fromCharCode(byte)))), Buffer.from('{')]));

/** A frame that cannot be read, of each kind, from a valid body. */
const malformed = fc.oneof(
  garbage,
  fc
    .tuple(
      message,
      fc.constantFrom('X-Foo: 1', 'Content-Length: abc', 'Content-Length: -3', 'Content-Length: 1e3', 'Content-Length: 123456789012'),
    )
    .map(([value, line]) => Buffer.from(`${line}\r\n\r\n${JSON.stringify(value)}`, 'utf8')),
  message.map((value) => {
    const text = JSON.stringify(value);
    return Buffer.from(`Content-Length: ${Buffer.byteLength(text)}\r\n${text}`, 'utf8');
  }),
  fc
    .tuple(
      message,
      fc.integer({ min: -20, max: 80 }).filter((change) => change !== 0),
    )
    .map(([value, change]) => {
      const text = Buffer.from(JSON.stringify(value), 'utf8');
      return Buffer.concat([Buffer.from(`Content-Length: ${Math.max(1, text.length + change)}\r\n\r\n`, 'latin1'), text]);
    }),
  fc.string({ maxLength: 8 }).map((text) => Buffer.from(`Content-Length: ${Buffer.byteLength(text) + 2}\r\n\r\n{${text}`, 'utf8')),
);

/** The bytes cut at the given points, as a pipe would hand them on. */
function cut(bytes: Buffer, points: readonly number[]): Buffer[] {
  const at = [...new Set(points.map((point) => point % (bytes.length + 1)))].sort((a, b) => a - b);
  return [...at, bytes.length].map((end, index) => bytes.subarray(index === 0 ? 0 : (at[index - 1] as number), end));
}

describe('BoundedFrameReader, whatever the chunks', () => {
  it('valid frames, cut anywhere, are read as they were sent, with nothing answered', () => {
    fc.assert(
      fc.property(fc.array(validFrame, { maxLength: 6 }), fc.array(fc.nat(), { maxLength: 12 }), (frames, points) => {
        const heard = readChunks(cut(Buffer.concat(frames.map((item) => item.bytes)), points));
        expect(heard.problems).toEqual([]);
        expect(heard.messages).toEqual(frames.map((item) => item.value));
      }),
      { numRuns: 500 },
    );
  });

  it('a frame that cannot be read, among valid ones, is answered once, and every valid frame is read', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), validFrame), { minLength: 1, maxLength: 6 }),
        fc.array(malformed, { maxLength: 6 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (frames, broken, points) => {
          // Each malformed frame is followed by a valid one, which a resynchronised reader must read.
          const parts: Buffer[] = [];
          let answered = 0;
          for (const [index, [bad, item]] of frames.entries()) {
            const before = bad ? broken[index] : undefined;
            if (before !== undefined) {
              parts.push(before);
              answered += 1;
            }
            parts.push(item.bytes);
          }
          const heard = readChunks(cut(Buffer.concat(parts), points));
          expect(heard.messages).toEqual(frames.map(([, item]) => item.value));
          expect(heard.problems).toHaveLength(answered);
        },
      ),
      { numRuns: 500 },
    );
  });
});
