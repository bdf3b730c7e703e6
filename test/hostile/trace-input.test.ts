import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTrace } from '../../src/trace/read-trace.js';
import { projectRoot } from '../support/cli.js';
import { runInProcess } from '../support/in-process.js';
import { useTempDirs } from '../support/temp.js';

/** How a trace is read: a byte-order mark that keeps the first line. */

const tempDir = useTempDirs('trace-input');

const HOOK_SPEC = readFileSync(join(projectRoot, 'fixtures/traces/hook-small.spec.yaml'), 'utf8');
const HOOKS = readFileSync(join(projectRoot, 'fixtures/traces/hook-small.jsonl'));

describe('a trace that starts with a byte-order mark', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  it('keeps its first line, a byte at a time too; its SHA-256 is that of its bytes, mark included', () => {
    const bytes = Buffer.concat([BOM, HOOKS]);
    const whole = readTrace([bytes]);
    expect(whole.skippedCount).toBe(0);
    expect(whole.calls[0]).toMatchObject({ id: 'hook-1', tool: 'Glob', line: 1 });
    expect(whole.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const byBytes = readTrace([...bytes].map((byte) => Uint8Array.of(byte)));
    expect(byBytes).toEqual(whole);
    // Only a mark that starts the file is dropped: one on a later line is that line's, malformed.
    const later = readTrace([Buffer.concat([HOOKS, BOM, Buffer.from('{}\n')])]);
    expect(later.skipped).toEqual([{ line: HOOKS.toString('utf8').trimEnd().split('\n').length + 1, reason: 'malformed' }]);
  });

  it('an honest spec checked against it passes: the Glob of its first line still surfaced its nodes', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'hook-small.jsonl'), Buffer.concat([BOM, HOOKS]));
    writeFileSync(join(folder, 'spec.yaml'), HOOK_SPEC);
    // The fixture's own policy, which allows its tree and head.
    const policy = JSON.parse(readFileSync(join(projectRoot, 'fixtures/traces/hook-small.spec.expect.json'), 'utf8')).policy;
    writeFileSync(join(folder, 'policy.json'), JSON.stringify(policy));
    const run = await runInProcess(['spec.yaml', '--policy', 'policy.json', '--format', 'json'], { cwd: folder });
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics).toEqual([]);
    expect(report.trace).toMatchObject({ skippedLines: 0, calls: 5 });
    expect(run.status).toBe(0);
  });
});
