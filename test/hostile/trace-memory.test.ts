/**
 * A trace's memory does not follow its size: a hook trace of `find` calls, each listing a thousand
 * paths, kept every path (about 8 bytes of memory for each byte of trace: 150 MB reached 1.15 GB,
 * 1 GB ended in V8's out-of-memory abort), and `test` read a fixture's trace whole. Checked as the
 * kernel's peak resident memory of the built CLI at two sizes of the same calls: four times the
 * trace costs less than one and a half times the memory, where keeping the paths cost 1.8 to 2.3
 * times (`compile --trace`, `trace show`, and `test` on a fixture whose sidecar names the trace).
 * An ATIF trajectory is one JSON document, read whole: its memory follows its size (about 7 bytes
 * a byte, 16.7 MB peaked at 172 MiB and 66.8 MB at 435 MiB), within a bound past which it is
 * refused before it is parsed (a 119 MB document: 122 MiB, where parsing it peaked at 782 MiB).
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TRACE_DOCUMENT_BYTES } from '../../src/trace/trace-start.js';
import { canMeasurePeakMemory, peakMemoryOf } from '../support/peak-memory.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs } from '../support/temp.js';

const tempDir = useTempDirs('trace-memory');

/** Paths a find call lists. */
const PATHS = 1_000;

/** A hook trace of find calls of about `megabytes`, each in one of 50 folders, listing PATHS files there. */
function writeFindTrace(path: string, megabytes: number): void {
  const descriptor = openSync(path, 'w');
  try {
    for (let written = 0, index = 0; written < megabytes * 1e6; index++) {
      const folder = `./src/module${index % 50}`;
      const stdout = Array.from({ length: PATHS }, (_, file) => `${folder}/sub${file % 20}/file${file}-${index}.ts`).join('\n');
      const line = `${JSON.stringify({
        hook_event_name: 'PostToolUse',
        cwd: '/work/repo',
        tool_name: 'Bash',
        tool_input: { command: `find ${folder} -name '*.ts'` },
        tool_response: { stdout, stderr: '' },
        tool_use_id: `find-${index}`,
      })}\n`;
      written += writeSync(descriptor, line);
    }
  } finally {
    closeSync(descriptor);
  }
}

/**
 * A folder of fixtures: the trace at `megabytes`, and a spec that records one of its calls (and
 * not the rest of what it claims: it fails), whose sidecar names the trace.
 */
function corpus(megabytes: number): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'fixtures'));
  writeFindTrace(join(dir, 'fixtures', 'session.jsonl'), megabytes);
  const spec = validSpec();
  spec['surfaceMap'][0] = {
    ...spec['surfaceMap'][0],
    tool: 'find',
    query: "find ./src/module0 -name '*.ts'",
    candidateNodes: ['src/module0/sub0/file0-0.ts'],
  };
  writeFileSync(join(dir, 'fixtures', 'spec.json'), JSON.stringify(spec));
  writeFileSync(join(dir, 'fixtures', 'spec.expect.json'), JSON.stringify({ trace: 'session.jsonl', exitCode: 1 }));
  return dir;
}

describe.skipIf(!canMeasurePeakMemory)('the memory of a large trace', () => {
  it('four times the trace costs less than one and a half times the memory, with a spec or without', { timeout: 900_000 }, () => {
    const small = corpus(20);
    const large = corpus(80);
    for (const [args, status] of [
      [['fixtures/spec.json', '--trace', 'fixtures/session.jsonl', '--format', 'json'], 1],
      [['trace', 'show', 'fixtures/session.jsonl', '--format', 'json'], 0],
      [['test', 'fixtures', '--json'], 0],
    ] as const) {
      const before = peakMemoryOf([...args], small);
      const after = peakMemoryOf([...args], large);
      expect([before.status, after.status], args.join(' ')).toEqual([status, status]);
      expect(after.peakBytes / before.peakBytes, args.join(' ')).toBeLessThan(1.5);
    }
  });
});

/** An ATIF trajectory of reads of about `bytes`, each answered by a kilobyte of text, written with indentation. */
function writeTrajectory(path: string, bytes: number): void {
  const descriptor = openSync(path, 'w');
  try {
    let written = writeSync(descriptor, '{\n  "schema_version": "ATIF-v1.7",\n  "agent": { "name": "a", "version": "1" },\n  "steps": [\n');
    for (let index = 1; written < bytes; index++) {
      const step = {
        step_id: index,
        timestamp: '2026-03-02T10:00:00Z',
        source: 'agent',
        message: '',
        tool_calls: [{ tool_call_id: `c${index}`, function_name: 'Read', arguments: { file_path: `/r/f${index}.ts` } }],
        observation: { results: [{ source_call_id: `c${index}`, content: 'x'.repeat(1_000) }] },
      };
      written += writeSync(descriptor, `${index === 1 ? '' : ',\n'}${JSON.stringify(step, null, 2)}`);
    }
    writeSync(descriptor, '\n  ]\n}\n');
  } finally {
    closeSync(descriptor);
  }
}

describe.skipIf(!canMeasurePeakMemory)('the memory of an ATIF trajectory, read whole', () => {
  it('follows its size, and one past the bound is refused before it is parsed', { timeout: 900_000 }, () => {
    const dir = tempDir();
    const size = 16 * 2 ** 20;
    writeTrajectory(join(dir, 'small.json'), size);
    const read = peakMemoryOf(['trace', 'show', 'small.json', '--format', 'json'], dir);
    expect(read.status).toBe(0);
    expect(read.peakBytes).toBeLessThan(64 * 2 ** 20 + 10 * size);
    // Parsing it would cost some seven times its size; refused, it costs what was read, once.
    writeTrajectory(join(dir, 'large.json'), MAX_TRACE_DOCUMENT_BYTES + 8 * 2 ** 20);
    const refused = peakMemoryOf(['trace', 'show', 'large.json'], dir);
    expect(refused.status).toBe(3);
    expect(refused.peakBytes).toBeLessThan(64 * 2 ** 20 + 2 * MAX_TRACE_DOCUMENT_BYTES);
  });
});
