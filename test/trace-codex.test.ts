import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { traceEvidence } from '../src/trace/evidence.js';
import { matchReads, successfulReads } from '../src/trace/match.js';
import { readTrace } from '../src/trace/read-trace.js';
import type { TraceCall } from '../src/trace/types.js';
import { narrowTrace, UnnarrowableTraceError } from '../src/trace/window.js';

/**
 * A Codex session rollout read as its calls: test/data/codex/rollout-small.jsonl is one written by
 * hand in the shape of Codex CLI 0.125.0's (two turns; a search polled with write_stdin; a chain
 * of two reads Codex parsed; update_plan, a web search, an apply_patch; a numbered read with no
 * end event; a failed npm test).
 */
const bytes = readFileSync(new URL('data/codex/rollout-small.jsonl', import.meta.url));
const trace = readTrace([bytes]);

function brief(call: TraceCall) {
  const { id, tool, kind, status, turn, target, partial, moreReads, surfaced, writes } = call;
  return Object.fromEntries(
    Object.entries({ id, tool, kind, status, turn, target, partial, moreReads, surfaced, writes }).filter(([, v]) => v !== undefined),
  );
}

/** A rollout of `payloads`, each `[type, payload]`, one line each, a second apart. */
function rollout(...payloads: [string, Record<string, unknown>][]): Buffer {
  const meta: [string, Record<string, unknown>] = ['session_meta', { id: 's', cwd: '/r', cli_version: '0.40.0' }];
  const lines = [meta, ...payloads].map(([type, payload], index) =>
    JSON.stringify({ timestamp: `2026-03-02T10:00:${String(index).padStart(2, '0')}Z`, type, payload }),
  );
  return Buffer.from(`${lines.join('\n')}\n`);
}
const call = (name: string, id: string, args: unknown): [string, Record<string, unknown>] => [
  'response_item',
  { type: 'function_call', name, arguments: JSON.stringify(args), call_id: id },
];
const output = (id: string, text: string): [string, Record<string, unknown>] => [
  'response_item',
  { type: 'function_call_output', call_id: id, output: text },
];
const chunk = (status: string, printed: string): string =>
  `Chunk ID: 1\nWall time: 0.1 seconds\n${status}\nOriginal token count: 1\nOutput:\n${printed}`;

describe('a Codex session rollout', () => {
  it('is recognised as one, with the CLI version its session_meta names', () => {
    expect(trace.format).toBe('codex-rollout');
    expect(trace.versions).toEqual(['0.125.0']);
    expect(trace.unknownTypes).toEqual({});
    expect(trace.orphanResultCount).toBe(0);
  });

  it('takes each call with its output; write_stdin polls are no calls of their own, but joined to the command they poll', () => {
    expect(trace.calls.map(brief)).toEqual([
      {
        id: 'call-search',
        tool: 'exec_command',
        kind: 'map',
        status: 'ok',
        turn: 1,
        surfaced: ['/work/ledger/src/reports/monthly.ts', '/work/ledger/src/index.ts'],
      },
      {
        id: 'call-reads',
        tool: 'exec_command',
        kind: 'read',
        status: 'ok',
        turn: 1,
        target: '/work/ledger/src/reports/monthly.ts',
        partial: true,
        moreReads: [{ program: 'cat', target: '/work/ledger/src/index.ts', partial: false }],
      },
      { id: 'call-plan', tool: 'update_plan', kind: 'other', status: 'ok', turn: 1 },
      { id: 'web_search_call@17', tool: 'web_search', kind: 'other', status: 'ok', turn: 1 },
      {
        id: 'call-patch',
        tool: 'apply_patch',
        kind: 'other',
        status: 'ok',
        turn: 2,
        writes: ['/work/ledger/src/reports/monthly.ts', '/work/ledger/docs/rounding.md'],
      },
      {
        id: 'call-numbered',
        tool: 'exec_command',
        kind: 'read',
        status: 'ok',
        turn: 2,
        target: '/work/ledger/src/reports/monthly.ts',
        partial: true,
      },
      { id: 'call-test', tool: 'exec_command', kind: 'other', status: 'failed', turn: 2 },
    ]);
  });

  it('marks each turn where it starts, and counts the tokens of the last token_count', () => {
    expect(trace.turns).toEqual([
      { number: 1, line: 2, timestamp: '2026-03-02T10:00:02.000Z', id: 'turn-1' },
      { number: 2, line: 20, timestamp: '2026-03-02T10:00:20.000Z', id: 'turn-2' },
    ]);
    expect(trace.tokens).toEqual({ input: 600, output: 50, cacheCreation: 0, cacheRead: 400 });
  });

  it('selects one turn beside since and until; a turn it does not mark is refused', () => {
    const second = narrowTrace(trace, { turn: 2 });
    expect(second.calls.map((found) => found.id)).toEqual(['call-patch', 'call-numbered', 'call-test']);
    expect(second.narrowed).toEqual({ turn: 2, outside: 4 });
    expect(narrowTrace(trace, { turn: 1, until: '2026-03-02T10:00:12Z' }).calls.map((found) => found.id)).toEqual([
      'call-search',
      'call-reads',
    ]);
    expect(() => narrowTrace(trace, { turn: 3 })).toThrow(new UnnarrowableTraceError('it has 2 turns: there is no turn 3'));
  });

  it('matches one deep dive to each read of a chain, and a ./-prefixed path to the same node', () => {
    const evidence = traceEvidence(trace, 'rollout-small.jsonl');
    expect(successfulReads(evidence).map((read) => [read.program, read.target])).toEqual([
      ['sed', '/work/ledger/src/reports/monthly.ts'],
      ['cat', '/work/ledger/src/index.ts'],
      ['nl', '/work/ledger/src/reports/monthly.ts'],
    ]);
    const matching = matchReads(evidence, ['src/reports/monthly.ts', './src/index.ts', 'src/reports/monthly.ts']);
    expect(matching.dives.map((dive) => dive.read?.program)).toEqual(['sed', 'cat', 'nl']);
    expect(matching.unrecorded).toEqual([]);
    expect(matching.outOfOrder).toEqual([]);
  });
});

describe('Codex commands', () => {
  it('a long command polled many times is read whole, a line cut between two polls joined again, when the rollout has no end events', () => {
    const trace = readTrace([
      rollout(
        call('exec_command', 'c', { cmd: 'find src -name "*.ts"' }),
        output('c', chunk('Process running with session ID 7', 'src/a.ts\nsrc/b')),
        call('write_stdin', 'p1', { session_id: 7, chars: '' }),
        output('p1', chunk('Process running with session ID 7', '.ts\n')),
        call('write_stdin', 'p2', { session_id: 7, chars: '\u0003' }),
        output('p2', 'write_stdin failed: stdin is closed for this session'),
        call('write_stdin', 'p3', { session_id: 7, chars: '' }),
        output('p3', chunk('Process exited with code 0', 'src/c.ts\n')),
      ),
    ]);
    expect(trace.calls.map(brief)).toEqual([
      { id: 'c', tool: 'exec_command', kind: 'map', status: 'ok', surfaced: ['/r/src/a.ts', '/r/src/b.ts', '/r/src/c.ts'] },
    ]);
    expect(trace.orphanResultCount).toBe(0);
  });

  it('reads the older shell calls (command words, JSON output) and local_shell_call items', () => {
    const trace = readTrace([
      rollout(
        call('shell', 'old', { command: ['bash', '-lc', 'cat README.md'], workdir: '/r/docs' }),
        output('old', JSON.stringify({ output: '# Ledger\n', metadata: { exit_code: 0, duration_seconds: 0.1 } })),
        [
          'response_item',
          {
            type: 'local_shell_call',
            call_id: 'local',
            status: 'completed',
            action: { type: 'exec', command: ['ls', 'src'], working_directory: '/r' },
          },
        ],
        output('local', JSON.stringify({ output: 'a.ts\nb.ts\n', metadata: { exit_code: 0 } })),
        call('shell', 'broken', { command: ['cat', 'missing.md'] }),
        output('broken', JSON.stringify({ output: 'cat: missing.md: No such file', metadata: { exit_code: 1 } })),
      ),
    ]);
    expect(trace.calls.map(brief)).toEqual([
      { id: 'old', tool: 'shell', kind: 'read', status: 'ok', target: '/r/docs/README.md', partial: false },
      { id: 'local', tool: 'local_shell_call', kind: 'map', status: 'ok', surfaced: ['/r/src/a.ts', '/r/src/b.ts'] },
      { id: 'broken', tool: 'shell', kind: 'read', status: 'failed', target: '/r/missing.md', partial: false },
    ]);
  });

  it("takes Codex's own reading of a command where it has one, and the shell table's where it has none", () => {
    const end = (id: string, parsed: unknown, printed: string): [string, Record<string, unknown>] => [
      'event_msg',
      { type: 'exec_command_end', call_id: id, parsed_cmd: parsed, aggregated_output: printed, exit_code: 0 },
    ];
    const trace = readTrace([
      rollout(
        // A command that ends at once: its end event comes before its output.
        call('exec_command', 'bat', { cmd: 'bat -p src/a.ts' }),
        end('bat', [{ type: 'read', cmd: 'bat -p src/a.ts', path: 'src/a.ts' }], 'text'),
        output('bat', chunk('Process exited with code 0', 'text')),
        call('exec_command', 'tree', { cmd: 'tree src' }),
        output('tree', chunk('Process exited with code 0', '')),
        end('tree', [{ type: 'unknown', cmd: 'tree src' }], 'src\n└── a.ts\n'),
        call('exec_command', 'eza', { cmd: 'eza src' }),
        end('eza', [{ type: 'list_files', cmd: 'eza src', path: 'src' }], 'a.ts\n'),
      ),
    ]);
    expect(trace.calls.map(brief)).toEqual([
      { id: 'bat', tool: 'exec_command', kind: 'read', status: 'ok', target: '/r/src/a.ts', partial: false },
      { id: 'tree', tool: 'exec_command', kind: 'map', status: 'ok', surfaced: ['/r/src/a.ts'] },
      { id: 'eza', tool: 'exec_command', kind: 'map', status: 'ok', surfaced: [] },
    ]);
    expect(trace.calls[2]?.unreadLines).toBe(1);
  });

  it("a subagent's rollout makes subagent calls; a user message without task_started opens each turn", () => {
    const trace = readTrace([
      rollout(
        ['session_meta', { id: 'sub', cwd: '/r', cli_version: '0.40.0', source: { subagent: 'review' } }],
        ['event_msg', { type: 'user_message', message: 'one' }],
        call('spawn_agent', 'spawn', { message: 'look' }),
        output('spawn', 'started'),
        ['event_msg', { type: 'user_message', message: 'two' }],
        ['event_msg', { type: 'user_message', message: 'three' }],
        call('view_image', 'image', { path: 'a.png' }),
        output('image', 'ok'),
      ),
    ]);
    expect(trace.calls.map((found) => [found.tool, found.kind, found.sidechain, found.turn])).toEqual([
      ['spawn_agent', 'other', true, 1],
      ['view_image', 'other', true, 3],
    ]);
    expect(trace.turns?.map((turn) => turn.line)).toEqual([3, 6, 7]);
  });
});
