/**
 * A shell map call that failed yet printed what it maps (a `tree` aliased to `lsd`, which
 * complained of a flag and drew the tree all the same) surfaced the paths it printed, marked as
 * such; its error lines are never read as paths, and a failure that printed no path surfaced
 * nothing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { formatTraceTimeline } from '../src/render/trace-timeline.js';
import { draftFromTrace } from '../src/trace/draft.js';
import { traceEvidence } from '../src/trace/evidence.js';
import { readTrace } from '../src/trace/read-trace.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';

/** A transcript's call and its result, the result failed with `printed` as its text. */
function failedCall(id: string, command: string, printed: string, second: number): string[] {
  const time = `2026-03-02T10:00:${String(second).padStart(2, '0')}Z`;
  return [
    JSON.stringify({
      type: 'assistant',
      cwd: '/work/demo',
      timestamp: time,
      message: { id: `m-${id}`, content: [{ type: 'tool_use', id, name: 'Bash', input: { command } }] },
    }),
    JSON.stringify({
      type: 'user',
      cwd: '/work/demo',
      timestamp: time,
      message: { content: [{ type: 'tool_result', tool_use_id: id, content: printed, is_error: true }] },
      toolUseResult: `Error: ${printed}`,
    }),
  ];
}

const TREE_DRAWN = [
  'lsd: 3: No such file or directory (os error 2).',
  '',
  '',
  'demo',
  '├── README.md',
  '└── src',
  '    ├── totals.ts',
  '    └── util.ts',
].join('\n');

const LINES = [
  ...failedCall('tree', 'tree -L 3', TREE_DRAWN, 1),
  ...failedCall('ls', 'ls types/', "ls: cannot access 'types/': No such file or directory", 2),
  ...failedCall('find', 'find src -name "*.ts"', 'Exit code 1\nfind: ‘src/private’: Permission denied\nsrc/totals.ts', 3),
  ...failedCall('ls-two', 'ls -1 . missing', "Exit code 2\nls: cannot access 'missing': No such file or directory\nREADME.md\nsrc", 4),
];
const TRACE = readTrace([Buffer.from(`${LINES.join('\n')}\n`)]);
const call = (id: string) => TRACE.calls.find((each) => each.id === id);

describe('a shell map call that failed but printed its output', () => {
  it('surfaced what it printed, marked as such, still a failed call', () => {
    expect(call('tree')).toMatchObject({
      kind: 'map',
      status: 'failed',
      surfacedOnFailure: true,
      surfaced: ['/work/demo/README.md', '/work/demo/src', '/work/demo/src/totals.ts', '/work/demo/src/util.ts'],
      surfacedCount: 4,
    });
    expect(call('find')).toMatchObject({ status: 'failed', surfacedOnFailure: true, surfaced: ['/work/demo/src/totals.ts'] });
    expect(call('ls-two')).toMatchObject({ status: 'failed', surfaced: ['/work/demo/README.md', '/work/demo/src'] });
  });

  it('reads no error line as a path, and counts the lines it set aside', () => {
    const surfaced = TRACE.calls.flatMap((each) => each.surfaced ?? []);
    expect(surfaced.some((path) => /lsd|cannot access|Permission|Exit code/.test(path))).toBe(false);
    expect(call('tree')?.unreadLines).toBe(1);
    expect(call('find')?.unreadLines).toBe(2);
    expect(call('ls-two')?.unreadLines).toBe(2);
  });

  it('surfaced nothing when all it printed was its complaint', () => {
    const ls = call('ls');
    expect(ls).toMatchObject({ kind: 'map', status: 'failed' });
    expect(ls?.surfaced).toBeUndefined();
    expect(ls?.surfacedOnFailure).toBeUndefined();
  });

  it('trace show marks the call, the draft maps it, and a surface map entry may record it', () => {
    const timeline = formatTraceTimeline(TRACE, 'trace.jsonl', '/work/demo');
    expect(timeline).toMatch(/tree -L 3 -> 4 nodes, printed though the call failed/);
    const evidence = traceEvidence(TRACE, 'trace.jsonl', '/work/demo');
    const draft = draftFromTrace(evidence, { goal: '', budget: 0, unit: 'reads', link: { path: 'trace.jsonl' } });
    expect(draft.spec.surfaceMap.map((entry) => entry.query)).toEqual(['tree -L 3', 'find src -name "*.ts"', 'ls -1 . missing']);

    const spec = {
      goal: 'Where are totals computed?',
      budget: { total: 3, used: 1, unit: 'reads' },
      surfaceMap: [{ tool: 'tree', query: 'tree -L 3', candidates: ['src/totals.ts', 'src/util.ts'] }],
    };
    const result = createCompiler().compile(Buffer.from(JSON.stringify(spec)), { path: 'spec.json', trace: evidence });
    const mapObserved = result.diagnostics.filter((diagnostic) => diagnostic.ruleId === 'trace-map-observed');
    expect(mapObserved).toEqual([]);
  });
});

describe.skipIf(!hasTraces)('the real session 5c0375b4, whose tree was drawn by lsd after it complained', () => {
  it('keeps the paths the failed tree printed, CLAUDE.md among them, and marks the call', () => {
    const file = join(tracesDir, 'claude-code-viewer/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
    const trace = readTrace([readFileSync(file)]);
    const tree = trace.calls.find((each) => each.query?.startsWith('tree /path/to/Demo'));
    expect(tree).toMatchObject({ status: 'failed', surfacedOnFailure: true });
    expect(tree?.surfaced).toContain('/path/to/Demo/CLAUDE.md');
    expect(tree?.surfaced?.some((path) => path.includes('lsd'))).toBe(false);
  });
});
if (!hasTraces) announceMissing('the real session 5c0375b4 with a failed tree that printed', tracesDir);
