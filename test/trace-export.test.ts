/**
 * `trace export --format atif`: a trace of any format read, written as an ATIF trajectory, and read
 * back, gives the same calls (kind, paths, success, order, subagent, turn): the project's own
 * traces of every format always, the real transcripts and rollouts of ../shared/traces where they
 * are. The trajectory holds the RFC's required fields, the same bytes for the same trace, and never
 * a file's content.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { ATIF_EXPORT_VERSION, atifOfTrace } from '../src/trace/atif-export.js';
import { readTrace } from '../src/trace/read-trace.js';
import type { Trace, TraceCall } from '../src/trace/types.js';
import { projectRoot } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('trace-export');

/** The trajectory of a trace's bytes, as `trace export` writes it. */
function exported(bytes: Buffer): { trace: Trace; text: string } {
  const trace = readTrace([bytes], { keepGiven: true });
  return { trace, text: `${JSON.stringify(atifOfTrace(trace), null, 2)}\n` };
}

/**
 * What the method reads of a call: everything but where it sits in its file, what it was given,
 * and the count of lines of a map call's output that were no path (a trajectory lists the paths,
 * not the output: the count goes in the result's extra, unread).
 */
function judged(call: TraceCall) {
  const { line: _line, given: _given, unreadLines: _unread, ...rest } = call;
  return rest;
}

/** The trace of `bytes` and the one read back from its trajectory, as the method sees them. */
function roundTrip(bytes: Buffer) {
  const { trace, text } = exported(bytes);
  const back = readTrace([Buffer.from(text)]);
  expect(back.format).toBe('atif');
  expect(back.unknownTypes).toEqual({});
  return {
    before: { calls: trace.calls.map(judged), turns: trace.turns?.length, tokens: trace.tokens },
    after: { calls: back.calls.map(judged), turns: back.turns?.length, tokens: back.tokens },
  };
}

const OWN_TRACES = [
  'fixtures/traces/transcript-small.jsonl',
  'fixtures/traces/hook-small.jsonl',
  'test/data/codex/rollout-small.jsonl',
  'test/data/gemini/after-tool.jsonl',
  'test/data/atif/trajectory-small.json',
];

describe('a trace exported to ATIF and read back gives the same calls', () => {
  it.each(OWN_TRACES)('%s', (path) => {
    const { before, after } = roundTrip(readFileSync(join(projectRoot, path)));
    expect(before.calls.length).toBeGreaterThan(0);
    expect(after).toEqual(before);
  });

  it('a shell map call that failed yet printed paths keeps them, marked', () => {
    const time = '2026-03-02T10:00:01Z';
    const lines = [
      {
        type: 'assistant',
        cwd: '/w',
        timestamp: time,
        message: { content: [{ type: 'tool_use', id: 't', name: 'Bash', input: { command: 'tree' } }] },
      },
      {
        type: 'user',
        cwd: '/w',
        timestamp: time,
        message: { content: [{ type: 'tool_result', tool_use_id: 't', is_error: true, content: 'lsd: 3: bad flag\n.\n└── a.ts' }] },
      },
    ];
    const { before, after } = roundTrip(Buffer.from(lines.map((line) => JSON.stringify(line)).join('\n')));
    expect(before.calls[0]).toMatchObject({ status: 'failed', surfaced: ['/w/a.ts'], surfacedOnFailure: true });
    expect(after).toEqual(before);
  });

  it("a command Codex itself read otherwise than the shell table (parsed_cmd) keeps Codex's reading", () => {
    const meta = { timestamp: '2026-03-02T10:00:00Z', type: 'session_meta', payload: { id: 's', cwd: '/r', cli_version: '0.125.0' } };
    const call = {
      timestamp: '2026-03-02T10:00:01Z',
      type: 'response_item',
      payload: { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd: 'just files' }), call_id: 'c' },
    };
    const end = {
      timestamp: '2026-03-02T10:00:02Z',
      type: 'event_msg',
      payload: {
        type: 'exec_command_end',
        call_id: 'c',
        exit_code: 0,
        aggregated_output: 'a\n',
        parsed_cmd: [{ type: 'list_files', cmd: 'just files' }],
      },
    };
    const { before, after } = roundTrip(Buffer.from([meta, call, end].map((line) => JSON.stringify(line)).join('\n')));
    expect(before.calls[0]).toMatchObject({ kind: 'map', tool: 'exec_command' });
    expect(after).toEqual(before);
  });
});

if (!hasTraces) announceMissing('exporting real transcripts and rollouts to ATIF', '../shared/traces');

describe.skipIf(!hasTraces)('the real traces of ../shared/traces, exported to ATIF and read back', () => {
  const real = hasTraces
    ? ['claude-code-viewer', 'claude-code-log', 'codex'].flatMap((folder) =>
        existsSync(join(tracesDir, folder))
          ? readdirSync(join(tracesDir, folder))
              .filter((name) => name.endsWith('.jsonl'))
              .map((name) => join(folder, name))
          : [],
      )
    : [];

  it('are there to export: the transcripts and the rollouts', () => {
    expect(real.filter((name) => name.startsWith('codex/')).length).toBeGreaterThan(0);
    expect(real.filter((name) => name.startsWith('claude-code-viewer/')).length).toBeGreaterThan(0);
  });

  it.each(real)('%s gives the same calls', (name) => {
    const { before, after } = roundTrip(readFileSync(join(tracesDir, name)));
    expect(after).toEqual(before);
  });
});

/** The RFC's required fields (ATIF-v1.7, section II), for what an export writes. */
const REQUIRED = {
  type: 'object',
  required: ['schema_version', 'agent', 'steps'],
  properties: {
    schema_version: { const: ATIF_EXPORT_VERSION },
    agent: { type: 'object', required: ['name', 'version'], properties: { name: { type: 'string' }, version: { type: 'string' } } },
    steps: {
      type: 'array',
      items: {
        type: 'object',
        required: ['step_id', 'source', 'message'],
        properties: {
          step_id: { type: 'integer', minimum: 1 },
          source: { enum: ['system', 'user', 'agent'] },
          message: { type: 'string' },
          timestamp: { type: 'string' },
          tool_calls: {
            type: 'array',
            items: {
              type: 'object',
              required: ['tool_call_id', 'function_name', 'arguments'],
              properties: { tool_call_id: { type: 'string' }, function_name: { type: 'string' }, arguments: { type: 'object' } },
            },
          },
          observation: {
            type: 'object',
            required: ['results'],
            properties: { results: { type: 'array', items: { type: 'object', properties: { source_call_id: { type: 'string' } } } } },
          },
          extra: { type: 'object' },
        },
      },
    },
    final_metrics: { type: 'object' },
    extra: { type: 'object' },
  },
};

describe('the trajectory written', () => {
  const transcript = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.jsonl'));

  it("holds the RFC's required fields, its steps numbered from 1, each result naming a call of its step", () => {
    for (const path of OWN_TRACES) {
      const document = JSON.parse(exported(readFileSync(join(projectRoot, path))).text);
      const validate = new Ajv2020({ strict: false, allErrors: true }).compile(REQUIRED);
      expect(validate(document), `${path}: ${JSON.stringify(validate.errors)}`).toBe(true);
      document.steps.forEach(
        (
          step: { step_id: number; tool_calls?: { tool_call_id: string }[]; observation?: { results: { source_call_id: string }[] } },
          index: number,
        ) => {
          expect(step.step_id).toBe(index + 1);
          const ids = (step.tool_calls ?? []).map((call) => call.tool_call_id);
          for (const result of step.observation?.results ?? []) expect(ids).toContain(result.source_call_id);
        },
      );
    }
  });

  it('is the same bytes for the same trace, and names the trace it came from', () => {
    const first = exported(transcript).text;
    expect(exported(transcript).text).toBe(first);
    const document = JSON.parse(first);
    expect(Object.keys(document)).toEqual(['schema_version', 'agent', 'notes', 'steps', 'final_metrics', 'extra']);
    expect(document.agent).toEqual({ name: 'claude-code', version: '2.1.59, 2.1.60' });
    expect(document.extra.source_trace).toMatchObject({ format: 'claude-transcript', lines: 18 });
  });

  it("never holds a file's content: a Write's text, an Edit's strings, a result's text, a patch's lines", () => {
    const at = (second: number) => `2026-03-02T10:00:0${second}Z`;
    const use = (second: number, id: string, name: string, input: unknown) => ({
      type: 'assistant',
      cwd: '/w',
      timestamp: at(second),
      message: { content: [{ type: 'tool_use', id, name, input }] },
    });
    const result = (second: number, id: string, content: string) => ({
      type: 'user',
      cwd: '/w',
      timestamp: at(second),
      message: { content: [{ type: 'tool_result', tool_use_id: id, content }] },
    });
    const lines = [
      use(1, 'w', 'Write', { file_path: 'a.ts', content: 'SECRET-WRITTEN' }),
      result(1, 'w', 'ok'),
      use(2, 'e', 'Edit', { file_path: 'a.ts', old_string: 'SECRET-OLD', new_string: 'SECRET-NEW' }),
      result(2, 'e', 'ok'),
      use(3, 'r', 'Read', { file_path: 'a.ts' }),
      result(3, 'r', 'SECRET-READ'),
      use(4, 'p', 'apply_patch', { input: '*** Begin Patch\n*** Add File: b.ts\n+SECRET-PATCHED\n*** End Patch' }),
      result(4, 'p', 'ok'),
      use(5, 't', 'Task', { prompt: 'SECRET-PROMPT' }),
      result(5, 't', 'SECRET-ANSWER'),
    ];
    const { trace, text } = exported(Buffer.from(lines.map((line) => JSON.stringify(line)).join('\n')));
    expect(text).not.toMatch(/SECRET/);
    expect(trace.calls.map((call) => call.given?.arguments)).toEqual([
      { file_path: 'a.ts' },
      { file_path: 'a.ts' },
      { file_path: 'a.ts' },
      { input: '*** Begin Patch\n*** Add File: b.ts\n*** End Patch' },
      {},
    ]);
  });
});

describe('trace export on the command line', () => {
  it('writes the trajectory to --output, and says so in the envelope', async () => {
    const folder = tempDir();
    const trace = join(projectRoot, 'fixtures/traces/transcript-small.jsonl');
    const run = await runInProcess(['trace', 'export', trace, '--format', 'atif', '--output', 'out.json', '--json'], { cwd: folder });
    expect(run.status).toBe(0);
    expect(envelopeOf(run.stdout).data).toEqual({
      path: trace,
      format: 'atif',
      schemaVersion: 'ATIF-v1.7',
      calls: 7,
      steps: 7,
      output: 'out.json',
    });
    expect(readFileSync(join(folder, 'out.json'), 'utf8')).toBe(exported(readFileSync(trace)).text);
  });

  it('writes nothing for a file that is no trace: exit code 3, one line', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'notes.json'), '{\n  "title": "no trace"\n}\n');
    const run = await runInProcess(['trace', 'export', 'notes.json', '--output', 'out.json'], { cwd: folder });
    expect(run.status).toBe(3);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(join(folder, 'out.json'))).toBe(false);
  });
});
