/**
 * An ATIF trajectory (Harbor's RFC 0001) read as its calls: test/data/atif/trajectory-small.json is
 * one written by hand in the shape the RFC's v1.7 text gives (two requests; a Glob, a Read and a
 * failed Bash in parallel, a Task delegating to an embedded subagent trajectory, an Edit and a call
 * never answered). Beside it, the conventions of Harbor's Claude Code converter (sidechain steps,
 * a failure and a structured result in the step's extra), other agents' tool names, and what of a
 * malformed trajectory is refused, in one line with its place.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTrace, UnreadableTraceError } from '../src/trace/read-trace.js';
import type { TraceCall } from '../src/trace/types.js';
import { narrowTrace } from '../src/trace/window.js';
import { runInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('trace-atif');
const FIXTURE = new URL('data/atif/trajectory-small.json', import.meta.url);
const bytes = readFileSync(FIXTURE);
const trace = readTrace([bytes]);

function brief(call: TraceCall) {
  const { id, tool, kind, status, line, sidechain, turn, target, partial, surfaced, writes } = call;
  return Object.fromEntries(
    Object.entries({ id, tool, kind, status, line, sidechain, turn, target, partial, surfaced, writes }).filter(([, v]) => v !== undefined),
  );
}

/** A trajectory of `steps`, written as JSON with indentation (as Harbor writes one). */
function trajectory(steps: unknown[], root: Record<string, unknown> = {}): Buffer {
  const document = { schema_version: 'ATIF-v1.6', agent: { name: 'claude-code', version: '2.0.58' }, steps, ...root };
  return Buffer.from(`${JSON.stringify(document, null, 2)}\n`);
}

/** An agent step at second `second` making `calls`, answered by `results`, with its `extra`. */
function step(second: number, calls: unknown[], results: unknown[], extra: Record<string, unknown> = { cwd: '/r' }) {
  return {
    step_id: second,
    timestamp: `2026-03-02T10:00:${String(second).padStart(2, '0')}Z`,
    source: 'agent',
    message: '',
    tool_calls: calls,
    observation: { results },
    extra,
  };
}

describe('an ATIF trajectory', () => {
  it('is recognised as one document, named with its schema version and agent', () => {
    expect(trace).toMatchObject({ format: 'atif', formatVersion: 'ATIF-v1.7', agent: 'claude-code', versions: ['2.1.0'], lines: 170 });
    expect(trace.unknownTypes).toEqual({});
    expect(trace.orphanResultCount).toBe(0);
  });

  it("takes each tool call with the result that names it, at its line; the subagent's calls as a subagent's, in time order", () => {
    expect(trace.calls.map(brief)).toEqual([
      {
        id: 'call-glob',
        tool: 'Glob',
        kind: 'map',
        status: 'ok',
        line: 22,
        sidechain: false,
        turn: 1,
        surfaced: ['/work/ledger/src/reports/monthly.ts', '/work/ledger/src/index.ts'],
      },
      {
        id: 'call-read',
        tool: 'Read',
        kind: 'read',
        status: 'ok',
        line: 45,
        sidechain: false,
        turn: 1,
        target: '/work/ledger/src/reports/monthly.ts',
        partial: false,
      },
      {
        id: 'call-secret',
        tool: 'Bash',
        kind: 'read',
        status: 'failed',
        line: 50,
        sidechain: false,
        turn: 1,
        target: '/work/ledger/.env',
        partial: false,
      },
      { id: 'call-task', tool: 'Task', kind: 'other', status: 'ok', line: 75, sidechain: false, turn: 1 },
      // Grep's words ("Found 1 file") are no path: only the lines that are.
      {
        id: 'sub-grep',
        tool: 'Grep',
        kind: 'map',
        status: 'ok',
        line: 139,
        sidechain: true,
        turn: 1,
        surfaced: ['/work/ledger/test/monthly.test.ts'],
      },
      {
        id: 'sub-read',
        tool: 'Read',
        kind: 'read',
        status: 'ok',
        line: 156,
        sidechain: true,
        turn: 1,
        target: '/work/ledger/test/monthly.test.ts',
        partial: true,
      },
      {
        id: 'call-edit',
        tool: 'Edit',
        kind: 'other',
        status: 'ok',
        line: 104,
        sidechain: false,
        turn: 2,
        writes: ['/work/ledger/src/reports/monthly.ts'],
      },
      { id: 'call-unanswered', tool: 'Bash', kind: 'other', status: 'no-result', line: 109, sidechain: false, turn: 2 },
    ]);
  });

  it("marks a turn at each user step of the main trajectory (not the subagent's), which --trace-turn selects", () => {
    expect(trace.turns).toEqual([
      { number: 1, line: 10, timestamp: '2026-03-02T10:00:00Z' },
      { number: 2, line: 92, timestamp: '2026-03-02T10:05:00Z' },
    ]);
    expect(narrowTrace(trace, { turn: 2 }).calls.map((call) => call.id)).toEqual(['call-edit', 'call-unanswered']);
  });

  it('counts the steps’ tokens as the RFC does: prompt tokens include the cached ones', () => {
    expect(trace.tokens).toEqual({ input: 300, output: 100, cacheCreation: 0, cacheRead: 2200 });
  });

  it('reads the same whatever the chunks the bytes come in', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }), (cuts) => {
        const points = [0, ...new Set(cuts)].sort((a, b) => a - b);
        expect(readTrace(points.map((start, index) => bytes.subarray(start, points[index + 1] ?? bytes.length)))).toEqual(trace);
      }),
      { numRuns: 60 },
    );
  });

  it('reads a trajectory written on one line, whatever the order of its keys, every call at that line', () => {
    const document = JSON.parse(bytes.toString('utf8'));
    const { schema_version, ...rest } = document;
    const compact = Buffer.from(`${JSON.stringify({ ...rest, schema_version })}\n`);
    const read = readTrace([compact]);
    expect(read.calls.map((call) => [call.id, call.kind, call.status, call.line])).toEqual(
      trace.calls.map((call) => [call.id, call.kind, call.status, 1]),
    );
  });
});

describe("the conventions of Harbor's converters and other agents' tool names", () => {
  it("reads Harbor's Claude Code conversion: a sidechain step, a failure and a structured result in the step's extra", () => {
    const read = readTrace([
      trajectory([
        step(
          1,
          [{ tool_call_id: 'r', function_name: 'Read', arguments: { file_path: 'big.ts' } }],
          [{ source_call_id: 'r', content: 'x' }],
          {
            cwd: '/r',
            is_sidechain: true,
            tool_result_metadata: { tool_use_result: { file: { filePath: '/r/big.ts', numLines: 2000, totalLines: 4000 } } },
          },
        ),
        step(
          2,
          [{ tool_call_id: 'f', function_name: 'Bash', arguments: { command: 'find src -name "*.ts"' } }],
          [{ source_call_id: 'f', content: '[stdout]\nsrc/a.ts' }],
          { cwd: '/r', tool_result_metadata: { tool_use_result: { stdout: 'src/a.ts\nsrc/b.ts\n' } } },
        ),
        step(3, [{ tool_call_id: 'g', function_name: 'Glob', arguments: { pattern: '*.md' } }], [{ source_call_id: 'g', content: 'x' }], {
          cwd: '/r',
          tool_result_is_error: true,
        }),
      ]),
    ]);
    expect(read.calls.map(brief)).toEqual([
      { id: 'r', tool: 'Read', kind: 'read', status: 'ok', line: 14, sidechain: true, target: '/r/big.ts', partial: true },
      { id: 'f', tool: 'Bash', kind: 'map', status: 'ok', line: 50, sidechain: false, surfaced: ['/r/src/a.ts', '/r/src/b.ts'] },
      { id: 'g', tool: 'Glob', kind: 'map', status: 'failed', line: 81, sidechain: false },
    ]);
  });

  it("reads Gemini CLI's tools by its table, and Codex's commands (with its own reading) and patches as a rollout's", () => {
    const read = readTrace([
      trajectory([
        step(
          1,
          [
            { tool_call_id: 'g1', function_name: 'read_file', arguments: { absolute_path: '/r/a.ts' } },
            { tool_call_id: 'g2', function_name: 'run_shell_command', arguments: { command: 'cat b.ts', dir_path: 'src' } },
          ],
          [
            { source_call_id: 'g1', content: 'x' },
            { source_call_id: 'g2', content: 'x' },
          ],
        ),
        step(
          2,
          [
            // Codex read the words as a listing of files: its own reading decides, as in a rollout.
            {
              tool_call_id: 'c1',
              function_name: 'exec_command',
              arguments: { cmd: 'just files', workdir: '/r' },
              extra: { parsed_cmd: [{ type: 'list_files', cmd: 'just files' }] },
            },
            {
              tool_call_id: 'c2',
              function_name: 'apply_patch',
              arguments: { input: '*** Begin Patch\n*** Update File: src/c.ts\n*** End Patch' },
            },
          ],
          [
            { source_call_id: 'c1', content: 'a\nb' },
            { source_call_id: 'c2', content: 'Done' },
          ],
        ),
      ]),
    ]);
    expect(read.calls.map(brief)).toEqual([
      { id: 'g1', tool: 'read_file', kind: 'read', status: 'ok', line: 14, sidechain: false, target: '/r/a.ts', partial: false },
      {
        id: 'g2',
        tool: 'run_shell_command',
        kind: 'read',
        status: 'ok',
        line: 21,
        sidechain: false,
        target: '/r/src/b.ts',
        partial: false,
      },
      { id: 'c1', tool: 'exec_command', kind: 'map', status: 'ok', line: 52, sidechain: false, surfaced: [] },
      { id: 'c2', tool: 'apply_patch', kind: 'other', status: 'ok', line: 68, sidechain: false, writes: ['/r/src/c.ts'] },
    ]);
  });
});

/** Any JSON value where the RFC puts one, and the names of the tools read. */
const anyStep = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      step_id: fc.jsonValue({ maxDepth: 1 }),
      timestamp: fc.oneof(fc.constant('2026-03-02T10:00:00Z'), fc.jsonValue({ maxDepth: 1 })),
      source: fc.constantFrom('user', 'agent', 'system', 'tool'),
      tool_calls: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.array(
          fc.record({
            tool_call_id: fc.oneof(fc.constantFrom('a', 'b'), fc.jsonValue({ maxDepth: 1 })),
            function_name: fc.constantFrom('Read', 'Bash', 'Glob', 'exec_command', 'apply_patch', 'read_file', 'run_shell_command', 'x'),
            arguments: fc.jsonValue({ maxDepth: 2 }),
            extra: fc.jsonValue({ maxDepth: 2 }),
          }),
          { maxLength: 3 },
        ),
      ),
      observation: fc.oneof(
        fc.jsonValue({ maxDepth: 2 }),
        fc.record({
          results: fc.array(
            fc.record({
              source_call_id: fc.constantFrom('a', 'b'),
              content: fc.jsonValue({ maxDepth: 2 }),
              extra: fc.jsonValue({ maxDepth: 3 }),
            }),
            { maxLength: 3 },
          ),
        }),
      ),
      metrics: fc.jsonValue({ maxDepth: 2 }),
      extra: fc.jsonValue({ maxDepth: 3 }),
    },
    { requiredKeys: ['source'] },
  ),
);

describe('whatever a trajectory holds where the RFC puts a value', () => {
  it('it is read, or refused as no trace: never a crash', () => {
    fc.assert(
      fc.property(fc.array(anyStep, { maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), fc.boolean(), (steps, final, oneLine) => {
        const document = { schema_version: 'ATIF-v1.7', agent: { name: 'a', version: '1' }, steps, final_metrics: final };
        const text = oneLine ? JSON.stringify(document) : JSON.stringify(document, null, 2);
        try {
          readTrace([Buffer.from(text)]);
        } catch (error) {
          expect(error).toBeInstanceOf(UnreadableTraceError);
        }
      }),
      { numRuns: 300, seed: 20261207 },
    );
  });
});

describe('a malformed trajectory is refused in one line that says where, never read as empty', () => {
  const refusal = (file: Buffer): string => {
    try {
      readTrace([file]);
    } catch (error) {
      expect(error).toBeInstanceOf(UnreadableTraceError);
      return (error as Error).message;
    }
    throw new Error('read');
  };
  const call = { tool_call_id: 'a', function_name: 'Read', arguments: { file_path: '/r/a' } };

  it('a schema_version that is no ATIF-v1.x', () => {
    expect(refusal(trajectory([], { schema_version: 'ATIF-v2.0' }))).toBe(
      'its schema_version "ATIF-v2.0" is no ATIF version read (ATIF-v1.0 to ATIF-v1.x)',
    );
    const subagent = { schema_version: 'ATIF-2', trajectory_id: 's', agent: { name: 'x', version: '1' }, steps: [] };
    expect(refusal(trajectory([], { subagent_trajectories: [subagent] }))).toBe(
      'line 9: a subagent trajectory\'s schema_version "ATIF-2" is no ATIF version read (ATIF-v1.0 to ATIF-v1.x)',
    );
  });

  it('steps that are no array, or missing', () => {
    expect(refusal(trajectory([], { steps: { 1: 'a' } }))).toBe('line 1: its steps are an object, not an array');
    const { steps: _, ...none } = JSON.parse(trajectory([]).toString('utf8'));
    expect(refusal(Buffer.from(JSON.stringify(none, null, 2)))).toBe('line 1: its steps are missing');
  });

  it('a result that names no tool call of its step', () => {
    const answered = step(1, [call], [{ source_call_id: 'b', content: 'x' }]);
    expect(refusal(trajectory([answered]))).toBe(
      'line 24: the observation of step 1 answers the call "b", which no tool call of that step makes',
    );
  });

  it('nesting past 100 levels, and subagents of subagents past 32', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 200; level++) deep = { a: deep };
    expect(refusal(trajectory([step(1, [{ ...call, arguments: deep }], [])]))).toMatch(
      /^it starts as one JSON document, but the document nests objects and arrays \d+ levels deep; at most 100 are accepted$/,
    );
    let nested: Record<string, unknown> = { trajectory_id: 't', steps: [] };
    for (let level = 0; level < 40; level++) nested = { trajectory_id: 't', steps: [], subagent_trajectories: [nested] };
    // On one line, where no parse bounds the nesting.
    const line = Buffer.from(`${JSON.stringify({ agent: {}, ...nested, schema_version: 'ATIF-v1.7' })}\n`);
    expect(refusal(line)).toBe('line 1: it nests subagent trajectories more than 32 deep');
  });

  it('a document that is not JSON, no object, no ATIF, or larger than is read whole', () => {
    expect(refusal(Buffer.from('{\n  "schema_version": "ATIF-v1.7",\n  "steps": [\n'))).toBe(
      'it starts as one JSON document, but invalid JSON at line 4, column 1: expected a closing bracket',
    );
    expect(refusal(Buffer.from('{\n  "schema_version": "ATIF-v1.7",\n  "steps": [],\n  "steps": []\n}\n'))).toBe(
      'it starts as one JSON document, but duplicate key "steps" at line 4, column 3; it is already defined at line 3, column 3. Keep one of them.',
    );
    expect(refusal(Buffer.from('{\n  "events": [], "agent": "x"\n}\n'))).toBe(
      'it holds one JSON document with keys "events", "agent", which is no trace format read (Gemini CLI hook payloads, PostToolUse hook payloads, Codex session rollout, Claude Code transcript and ATIF trajectory)',
    );
    expect(() => readTrace([trajectory([step(1, [call], [])])], { maxDocumentBytes: 64 })).toThrow(
      'it is one JSON document (an ATIF trajectory?) of more than 64 bytes, larger than is read as one document',
    );
  });

  it('a trajectory most of whose steps are of no source the RFC names', () => {
    const steps = [step(1, [call], []), { step_id: 2, source: 'tool' }, { step_id: 3, source: 'tool' }, 'step'];
    expect(refusal(trajectory(steps))).toBe(
      '3 of its 5 steps and tool calls are of types the ATIF trajectory reader does not know ("step of source \\"tool\\"" 2, "step that is no object" 1); it is read as no trace format (Gemini CLI hook payloads, PostToolUse hook payloads, Codex session rollout, Claude Code transcript and ATIF trajectory)',
    );
  });

  it('a step of calls with no id among readable ones is counted, not taken for most of the trajectory', () => {
    const good = (second: number) => step(second, [{ ...call, tool_call_id: `c${second}` }], [{ source_call_id: `c${second}` }]);
    const nameless = { function_name: 'Read', arguments: {} };
    const read = readTrace([trajectory([good(1), good(2), good(3), step(4, [nameless, nameless, nameless, nameless], [])])]);
    expect(read.calls.map((made) => made.id)).toEqual(['c1', 'c2', 'c3']);
    expect(read.unknownTypes).toEqual({ 'tool call without tool_call_id or function_name': 4 });
  });

  it('on the command line: exit code 3, NOT_A_TRACE, one line naming the file', async () => {
    const folder = tempDir();
    const file = join(folder, 'bad.json');
    writeFileSync(file, trajectory([], { schema_version: 'ATIF-v2.0' }));
    const run = await runInProcess(['trace', 'show', file], { cwd: folder });
    expect(run.status).toBe(3);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([
      `compile-investigation: ${file}: its schema_version "ATIF-v2.0" is no ATIF version read (ATIF-v1.0 to ATIF-v1.x)`,
    ]);
  });
});
