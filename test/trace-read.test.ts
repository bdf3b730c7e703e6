import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { traceHash, traceLines } from '../src/trace/lines.js';
import { resolveTracePath } from '../src/trace/paths.js';
import { readTrace, UnreadableTraceError } from '../src/trace/read-trace.js';
import { classifyShell } from '../src/trace/shell-table.js';
import type { TraceCall } from '../src/trace/types.js';
import { sha256 } from './support/sha256.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';

const fixtures = new URL('../fixtures/traces/', import.meta.url);

function traceOf(name: string) {
  const bytes = readFileSync(new URL(name, fixtures));
  return { bytes, trace: readTrace([bytes]) };
}

/** The fields a test names, of every call. */
function brief(call: TraceCall) {
  return {
    id: call.id,
    kind: call.kind,
    status: call.status,
    ...(call.target === undefined ? {} : { target: call.target }),
    ...(call.partial === undefined ? {} : { partial: call.partial }),
    ...(call.surfaced === undefined ? {} : { surfaced: call.surfaced }),
  };
}

describe('reading a Claude Code transcript', () => {
  const { bytes, trace } = traceOf('transcript-small.jsonl');

  it('pairs calls with their results by id and puts them in time order, not line order', () => {
    expect(trace.format).toBe('claude-transcript');
    expect(trace.calls.map((call) => call.id)).toEqual([
      'call-glob',
      'call-ls',
      'call-read-totals',
      'call-read-missing',
      'call-sed',
      'call-grep',
      'call-unanswered',
    ]);
    // call-sed's line comes after call-grep's, though it was made two seconds earlier.
    expect(trace.outOfOrder).toBe(1);
  });

  it('classifies map calls and reads, with what they surfaced and read as absolute paths', () => {
    expect(trace.calls.map(brief)).toEqual([
      { id: 'call-glob', kind: 'map', status: 'ok', surfaced: ['/work/ledger/src/totals.ts', '/work/ledger/src/export.ts'] },
      { id: 'call-ls', kind: 'map', status: 'ok', surfaced: ['/work/ledger/src/reports/monthly.ts', '/work/ledger/src/reports/latest.ts'] },
      { id: 'call-read-totals', kind: 'read', status: 'ok', target: '/work/ledger/src/totals.ts', partial: false },
      { id: 'call-read-missing', kind: 'read', status: 'failed', target: '/work/ledger/src/missing.ts', partial: false },
      { id: 'call-sed', kind: 'read', status: 'ok', target: '/work/ledger/src/reports/monthly.ts', partial: true },
      { id: 'call-grep', kind: 'map', status: 'ok', surfaced: ['/work/ledger/src/reports/monthly.ts'] },
      { id: 'call-unanswered', kind: 'read', status: 'no-result', target: '/work/ledger/src/export.ts', partial: true },
    ]);
    const byId = new Map(trace.calls.map((call) => [call.id, call]));
    expect(byId.get('call-grep')?.sidechain).toBe(true);
    expect(byId.get('call-glob')?.sidechain).toBe(false);
    expect(byId.get('call-ls')?.query).toBe('ls -la src/reports');
    expect(byId.get('call-sed')?.program).toBe('sed');
    expect(byId.get('call-glob')?.query).toBe('src/**/*.ts');
  });

  it('says what it could not read: malformed lines, unknown types, results without a call; and the versions seen', () => {
    expect(trace.lines).toBe(18);
    expect(trace.skipped).toEqual([{ line: 17, reason: 'malformed' }]);
    expect(trace.skippedCount).toBe(1);
    expect(trace.unknownTypes).toEqual({ 'telemetry-blip': 1 });
    expect(trace.orphanResults).toEqual(['call-never-made']);
    expect(trace.versions).toEqual(['2.1.59', '2.1.60']);
    expect(trace.sha256).toBe(sha256(bytes));
  });

  it('counts tokens once per message id, the last line of an id winning', () => {
    expect(trace.tokens).toEqual({ input: 2280, output: 84, cacheCreation: 0, cacheRead: 50 });
  });

  it('reads the same whatever the chunks the bytes come in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...new Set(cuts)].sort((a, b) => a - b);
        const chunks = points.map((start, index) => bytes.subarray(start, points[index + 1] ?? bytes.length));
        expect(readTrace(chunks)).toEqual(trace);
      }),
      { numRuns: 60 },
    );
  });
});

describe('reading a trace of PostToolUse hook payloads', () => {
  const { trace } = traceOf('hook-small.jsonl');

  it('takes each payload as a call and its result, in line order', () => {
    expect(trace.format).toBe('hook-payloads');
    expect(trace.tokens).toBeUndefined();
    expect(trace.unknownTypes).toEqual({ 'hook:PreToolUse': 1 });
    expect(trace.calls.map(brief)).toEqual([
      { id: 'hook-1', kind: 'map', status: 'ok', surfaced: ['/work/ledger/README.md', '/work/ledger/docs/totals.md'] },
      { id: 'hook-2', kind: 'map', status: 'ok', surfaced: ['/work/ledger/docs/totals.md', '/work/ledger/CHANGELOG.md'] },
      { id: 'hook-3', kind: 'read', status: 'ok', target: '/work/ledger/docs/totals.md', partial: false },
      {
        id: 'hook-4',
        kind: 'map',
        status: 'ok',
        surfaced: ['/work/ledger/docs/totals.md', '/work/ledger/docs/guides', '/work/ledger/docs/guides/setup.md'],
      },
      { id: 'hook-5', kind: 'read', status: 'ok', target: '/work/ledger/docs/guides/setup.md', partial: true },
    ]);
  });
});

describe('hostile traces', () => {
  const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
  const hook = (id: string, tool: string, input: unknown, response: unknown) =>
    line({ hook_event_name: 'PostToolUse', cwd: '/r', tool_name: tool, tool_input: input, tool_response: response, tool_use_id: id });

  it('a trace with no JSON object in it is refused', () => {
    expect(() => readTrace([Buffer.from('not json\n[1,2]\n\n')])).toThrow(UnreadableTraceError);
    expect(() => readTrace([])).toThrow(UnreadableTraceError);
  });

  it('a line over the limit is skipped and named, and the lines after it are read', () => {
    const text = `${hook('a', 'Read', { file_path: 'x' }, {})}${'{"pad":"'}${'y'.repeat(5000)}"}\n${hook('b', 'Read', { file_path: 'z' }, {})}`;
    const trace = readTrace([Buffer.from(text)], { maxLineBytes: 1024 });
    expect(trace.skipped).toEqual([{ line: 2, reason: 'too-long' }]);
    expect(trace.calls.map((call) => call.target)).toEqual(['/r/x', '/r/z']);
  });

  it('a repeated id keeps the first call and is named; control and bidi characters in paths are kept as data', () => {
    const text = hook('same', 'Read', { file_path: 'a\u202eb.ts' }, {}) + hook('same', 'Read', { file_path: 'c.ts' }, {});
    const trace = readTrace([Buffer.from(text)]);
    expect(trace.duplicateIds).toEqual(['same']);
    expect(trace.calls.map((call) => call.target)).toEqual(['/r/a\u202eb.ts']);
    // The second payload's result has no call of its own left to answer.
    expect(trace.orphanResultCount).toBe(1);
  });

  it('a failed call surfaces and reads nothing, but for a shell map call that printed, marked as such', () => {
    const failed = line({
      hook_event_name: 'PostToolUseFailure',
      cwd: '/r',
      tool_name: 'Bash',
      tool_input: { command: 'ls src' },
      tool_response: { stdout: 'a.ts\nb.ts' },
      tool_use_id: 'f',
    });
    const refused = hook('g', 'Glob', { pattern: '*' }, { filenames: ['/r/a.ts'], is_error: true });
    const trace = readTrace([Buffer.from(failed + refused)]);
    expect(trace.calls.map((call) => [call.status, call.surfaced, call.surfacedOnFailure])).toEqual([
      ['failed', ['/r/src/a.ts', '/r/src/b.ts'], true],
      ['failed', undefined, undefined],
    ]);
  });

  it('paths with .. are resolved by arithmetic, never above the root', () => {
    expect(resolveTracePath('/r/a', '../../../etc/passwd')).toBe('/etc/passwd');
    expect(resolveTracePath('/r', 'src/./x/../y.ts')).toBe('/r/src/y.ts');
    expect(resolveTracePath(undefined, 'relative.ts')).toBeUndefined();
    expect(resolveTracePath('/r', '~/notes.md')).toBe('~/notes.md');
  });

  it('values of unexpected types are read around, never a crash', () => {
    const odd = [
      line({ type: 'assistant', message: { content: 'text' } }),
      line({ type: 'assistant', message: { content: [null, 7, { type: 'tool_use', id: 5, name: 'Read' }] } }),
      line({ type: 'user', message: { content: [{ type: 'tool_result', tool_use_id: 'nope' }] }, toolUseResult: [1] }),
      line({ type: 7 }),
      line({ type: 'assistant', message: { id: 'm', usage: { input_tokens: -5, output_tokens: 1e300 }, content: [] } }),
    ].join('');
    const trace = readTrace([Buffer.from(odd)]);
    expect(trace.calls).toEqual([]);
    expect(trace.unknownTypes).toEqual({ '(number type)': 1 });
    expect(trace.tokens).toEqual({ input: 0, output: 0, cacheCreation: 0, cacheRead: 0 });
  });

  it('a gigantic filenames list is counted whole and kept within the bounds, or only where a spec names it', () => {
    const names = (count: number) => Array.from({ length: count }, (_, index) => `/r/f${index}.ts`);
    const small = readTrace([Buffer.from(hook('g', 'Glob', { pattern: '**' }, { filenames: names(1_000) }))]);
    const large = readTrace([Buffer.from(hook('g', 'Glob', { pattern: '**' }, { filenames: names(100_000) }))]);
    expect(small.calls[0]?.surfaced).toHaveLength(1_000);
    expect(small.pathsKept).toEqual({ only: 'first', perCall: 1_000, total: 200_000, leftOut: 0 });
    expect(large.calls[0]?.surfaced).toEqual(names(1_000));
    expect(large.calls[0]?.surfacedCount).toBe(100_000);
    expect(large.pathsKept).toEqual({ only: 'first', perCall: 1_000, total: 200_000, leftOut: 99_000 });
    const named = readTrace([Buffer.from(hook('g', 'Glob', { pattern: '**' }, { filenames: names(100_000) }))], {
      named: { nodes: ['f99999.ts', '/r/f5.ts', 'f7.ts/', 'gone.ts'] },
    });
    expect(named.calls[0]?.surfaced).toEqual(['/r/f5.ts', '/r/f7.ts', '/r/f99999.ts']);
    expect(named.calls[0]?.surfacedCount).toBe(100_000);
    expect(named.pathsKept).toEqual({ only: 'named', nodes: 4 });
  });

  it('with a spec, keeps the paths that may be its nodes, whatever root the trace turns out to have', () => {
    const text = [
      line({
        hook_event_name: 'PostToolUse',
        cwd: '/w/repo',
        tool_name: 'Bash',
        tool_input: { command: 'find .. -maxdepth 1' },
        tool_response: { stdout: '..\n../repo\n../other' },
        tool_use_id: 'up',
      }),
      hook('g', 'Glob', { pattern: '**', path: '/w/repo/src' }, { filenames: ['a.ts', 'lib/a.ts', 'b.ts', 'xa.ts'] }),
    ].join('');
    const kept = (nodes: string[], root?: string) =>
      readTrace([Buffer.from(text)], { named: { nodes, ...(root === undefined ? {} : { root }) } }).calls.map((call) => call.surfaced);
    // No root known while reading: by their ending, and "." or ".." as a folder the calls ran in or above.
    expect(kept(['src/a.ts', '../other', '.'])).toEqual([['/w', '/w/repo', '/w/other'], ['/w/repo/src/a.ts']]);
    expect(kept(['..'])).toEqual([['/w', '/w/repo'], []]);
    // A root known before reading: the nodes resolved against it, exactly.
    expect(kept(['src/a.ts', 'a.ts'], '/w/repo')).toEqual([[], ['/w/repo/src/a.ts']]);
  });
});

describe('trace lines', () => {
  it('numbers lines from 1, drops a CR before LF, and counts a last line without a line break', () => {
    const seen: unknown[] = [];
    const lines = traceLines([Buffer.from('a\r\n\nb\nc')], traceHash());
    let next = lines.next();
    while (next.done !== true) {
      seen.push(next.value);
      next = lines.next();
    }
    expect(seen).toEqual([
      { line: 1, text: 'a' },
      { line: 3, text: 'b' },
      { line: 4, text: 'c' },
    ]);
    expect(next.value).toBe(4);
  });
});

describe('shell calls', () => {
  it.each([
    ['find . -name "*.ts"', 'map', 'find'],
    ['ls -la src', 'map', 'ls'],
    ['LC_ALL=C ls', 'map', 'ls'],
    ['rg --files src', 'map', 'rg'],
    ['rg -l TODO', 'map', 'rg'],
    ['rg TODO src', 'map', 'rg'],
    ['grep -rl monthly src', 'map', 'grep'],
    ['grep -r monthly src', 'map', 'grep'],
    ['grep -n monthly', 'map', 'grep'],
    ['nl -ba src/a.ts', 'read', 'nl'],
    ['tree -L 2 src', 'map', 'tree'],
    ['fd -e ts', 'map', 'fd'],
    ['cat src/a.ts', 'read', 'cat'],
    ['cat a.ts b.ts', 'other', 'cat'],
    ["sed -n '1,80p' src/a.ts", 'read', 'sed'],
    ["sed 's/a/b/' src/a.ts", 'other', 'sed'],
    ['head -n 20 src/a.ts', 'read', 'head'],
    ['tail -50 "src/my file.ts"', 'read', 'tail'],
    ['/usr/bin/find src -type f | head', 'map', 'find'],
    ['cat src/a.ts | grep -l x', 'read', 'cat'],
    ['cd src && ls', 'other', 'cd'],
    ['npm test', 'other', 'npm'],
  ])('%s is %s (%s)', (line, kind, program) => {
    const call = classifyShell(line);
    expect(call.kind).toBe(kind);
    expect(call.program).toBe(program);
  });

  it('a read names its one file, quotes removed', () => {
    expect(classifyShell('tail -50 "src/my file.ts"').file).toBe('src/my file.ts');
    expect(classifyShell("sed -n -e '1,5p' notes.md").file).toBe('notes.md');
  });
});

if (!hasTraces) announceMissing('reading the real transcripts', '../shared/traces');

describe.skipIf(!hasTraces)('the real transcripts of ../shared/traces', () => {
  it('finds the calls their README lists, by tool', () => {
    const counts = (name: string) => {
      const trace = readTrace([readFileSync(join(tracesDir, 'claude-code-viewer', name))]);
      const byTool: Record<string, number> = {};
      for (const call of trace.calls) byTool[call.tool] = (byTool[call.tool] ?? 0) + 1;
      return { trace, byTool };
    };
    const first = counts('5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl');
    expect(first.byTool).toMatchObject({ Glob: 3, Read: 3, Task: 3, Bash: 5, Edit: 1, MultiEdit: 1, TodoWrite: 5 });
    // A Glob surfaces todo-app/package.json, then a Read opens it.
    const glob = first.trace.calls.find((call) => call.surfaced?.includes('/path/to/Demo/todo-app/package.json'));
    const read = first.trace.calls.find((call) => call.kind === 'read' && call.target === '/path/to/Demo/todo-app/package.json');
    expect(glob && read && first.trace.calls.indexOf(glob) < first.trace.calls.indexOf(read)).toBe(true);
    expect(first.trace.calls.some((call) => call.sidechain)).toBe(true);
    expect(first.trace.calls.some((call) => call.status === 'failed')).toBe(true);
    expect(counts('fe5e1c67-53e7-4862-81ae-d0e013e3270b.jsonl').byTool).toMatchObject({ Read: 28, Glob: 2, Bash: 61, Write: 33, Task: 5 });
    expect(counts('1af7fc5e-8455-4414-9ccd-011d40f70b2a.jsonl').byTool).toMatchObject({ Glob: 6 });
  });

  it('reads the small transcripts with odd lines without a crash', () => {
    for (const name of ['edge_cases.jsonl', 'representative_messages.jsonl', 'session_b.jsonl', 'todowrite_examples.jsonl']) {
      const trace = readTrace([readFileSync(join(tracesDir, 'claude-code-log', name))]);
      expect(trace.format).toBe('claude-transcript');
    }
  });
});
