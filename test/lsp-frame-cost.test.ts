/**
 * The language server's reader of frames costs time linear in what it is sent, whatever the shape
 * and however it is cut into chunks: garbage with no header, garbage full of header names, one
 * large body, many small frames. Measured in CPU time (test/support/scaling.ts).
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { BoundedFrameReader, frameLimits } from '../src/lsp/frame-reader.js';
import { growthRatio, LINEAR } from './support/scaling.js';

/** The work of reading `bytes` cut into chunks of `chunkBytes`, for `growthRatio`. */
function reading(bytes: (size: number) => Buffer, chunkBytes: number): (size: number) => () => void {
  return (size) => {
    const input = bytes(size);
    const chunks: Buffer[] = [];
    for (let at = 0; at < input.length; at += chunkBytes) chunks.push(input.subarray(at, at + chunkBytes));
    return () => {
      const reader = new BoundedFrameReader(new PassThrough(), frameLimits(16 * 1024 * 1024), () => undefined);
      reader.listen(() => undefined);
      for (const chunk of chunks) reader.read(chunk);
    };
  };
}

function frames(count: number): Buffer {
  const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { text: 'goal: x\r\n' } });
  return Buffer.from(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`.repeat(count), 'utf8');
}

const SHAPES: ReadonlyArray<[string, (size: number) => Buffer, number, number]> = [
  ['garbage with no header, in pipe-sized chunks', (size) => Buffer.alloc(size, 'x'), 64 * 1024, 4 * 1024 * 1024],
  ['garbage with no header, in small chunks', (size) => Buffer.alloc(size, 'x'), 16, 256 * 1024],
  ['headers that cannot be read, one after another', (size) => Buffer.alloc(size, 'Content-Length: x\r\n'), 64 * 1024, 1024 * 1024],
  [
    'headers full of header names that cannot be read',
    (size) => Buffer.alloc(size, `{${'Content-Length: 5\r\n'.repeat(400)}{\r\n\r\n`),
    64 * 1024,
    1024 * 1024,
  ],
  ['a header name in every few bytes, no blank line', (size) => Buffer.alloc(size, 'Content-Length:'), 4096, 1024 * 1024],
  [
    'one large body, in small chunks',
    (size) => Buffer.concat([Buffer.from(`Content-Length: ${size + 2}\r\n\r\n"`), Buffer.alloc(size, 'a'), Buffer.from('"')]),
    1024,
    1024 * 1024,
  ],
  [
    'one large body of pretty JSON, line breaks everywhere',
    (size) => Buffer.concat([Buffer.from(`Content-Length: ${size + 2}\r\n\r\n[`), Buffer.alloc(size, '1\r\n,'), Buffer.from('1]')]),
    64 * 1024,
    1024 * 1024,
  ],
  ['many small frames', (size) => frames(size), 64 * 1024, 4096],
];

describe('the cost of reading frames', () => {
  it.each(SHAPES)('%s: linear', (_, bytes, chunkBytes, size) => {
    expect(growthRatio(reading(bytes, chunkBytes), size)).toBeLessThan(LINEAR);
  });
});
