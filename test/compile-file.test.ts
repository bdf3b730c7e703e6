// compileFile hands the compiler a file's text where its bytes are UTF-8 (so that the bytes are
// let go before the spec is parsed), and the bytes where they are not: either way, the outcome
// must be what the compiler makes of the bytes themselves.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompileResult } from '../src/compile.js';
import { createCompiler } from '../src/index.js';
import { compileFile, type FileOutcome } from '../src/run/compile-file.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('compile-file');
const flags = { maxBytes: 1 << 20, failOn: 'error' as const, quiet: false };

const spec = `${JSON.stringify(validSpec(), null, 2)}\n`;
const broken = '{\n  "goal": "Où est la panne ?",\n  "budget": [\n}\n';
const inputs: Record<string, Buffer> = {
  'valid.json': Buffer.from(spec),
  'with-bom.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(spec)]),
  'not-utf8.json': Buffer.concat([Buffer.from(spec.slice(0, 40)), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from(spec.slice(40))]),
  'utf16.json': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(spec, 'utf16le')]),
  'broken.json': Buffer.from(broken),
  'binary.json': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0xff, 0xd8]),
};

/** What compileFile came to is what the compiler makes of the same bytes: code, error, problems, report and source. */
function expectSameOutcome(outcome: FileOutcome, direct: CompileResult): void {
  expect(outcome.exitCode).toBe(direct.exitCode);
  expect(outcome.error).toEqual(direct.error);
  expect(outcome.diagnostics).toEqual(direct.diagnostics);
  expect(outcome.report).toEqual(direct.report);
  expect(outcome.source).toBe(direct.source);
}

describe('compileFile', () => {
  it.each(Object.keys(inputs))('compiles %s exactly as the compiler compiles its bytes', (name) => {
    const dir = tempDir();
    const bytes = inputs[name] as Buffer;
    writeFileSync(join(dir, name), bytes);
    const compiler = createCompiler();
    const outcome = compileFile(compiler, { open: join(dir, name), shown: name, reportPath: name }, flags, true);
    expectSameOutcome(outcome, compiler.compile(bytes, { path: name }));
  });

  it('gives the sha256 of the bytes read, not of a re-encoding', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'with-bom.json'), inputs['with-bom.json'] as Buffer);
    const outcome = compileFile(createCompiler(), { open: join(dir, 'with-bom.json'), shown: 'b', reportPath: 'b' }, flags, false);
    expect(outcome.report?.input.sha256).toBe(
      createHash('sha256')
        .update(inputs['with-bom.json'] as Buffer)
        .digest('hex'),
    );
  });

  // Given text (an MCP argument, an editor's buffer) is compiled without being encoded and decoded
  // again: it must still compile as its UTF-8 bytes would, lone surrogates (which UTF-8 cannot
  // hold) read as U+FFFD, and be held to the size limit by those bytes.
  it.each([
    ['plain text', spec],
    ['a BOM', `\uFEFF${spec}`],
    ['a lone surrogate in a value', spec.replace('"goal": "', '"goal": "\uD800 ')],
    ['a lone low surrogate at the end', `${spec}\uDC00`],
  ])('compiles given text with %s exactly as its UTF-8 bytes', (_name, text) => {
    const compiler = createCompiler();
    const outcome = compileFile(
      compiler,
      { open: '-', shown: '<text>', reportPath: '<text>', given: { text, format: 'json' } },
      flags,
      true,
    );
    expectSameOutcome(outcome, compiler.compile(Buffer.from(text, 'utf8'), { sourceFormat: 'json' }));
  });

  it('holds given text to the size limit by its UTF-8 bytes, not its characters', () => {
    const text = spec.replace('"goal": "', `"goal": "${'é'.repeat(600)}`);
    const limit = { ...flags, maxBytes: text.length + 100 };
    expect(Buffer.byteLength(text)).toBeGreaterThan(limit.maxBytes);
    const outcome = compileFile(createCompiler(), { open: '-', shown: '<text>', reportPath: '<text>', given: { text } }, limit, false);
    expect(outcome.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'TOO_LARGE' });
  });
});
