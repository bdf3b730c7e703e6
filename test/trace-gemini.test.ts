import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPayload } from '../src/hook/payload.js';
import { traceEvidence } from '../src/trace/evidence.js';
import { matchReads } from '../src/trace/match.js';
import { readTrace } from '../src/trace/read-trace.js';
import type { TraceCall } from '../src/trace/types.js';
import { narrowTrace } from '../src/trace/window.js';
import { runInProcess } from './support/in-process.js';

/**
 * Gemini CLI's AfterTool hook payloads, appended as JSONL: test/data/gemini/after-tool.jsonl is
 * written by hand from Gemini CLI's documented hook input (hook_event_name, session_id, cwd,
 * timestamp, tool_name, tool_input, tool_response {llmContent, returnDisplay, error}) and tool
 * names, older and newer (absolute_path and file_path, search_file_content and grep_search), with
 * the events a hook of every event also appends (SessionStart, BeforeTool, AfterAgent).
 */
const root = new URL('..', import.meta.url).pathname;
const TRACE = 'test/data/gemini/after-tool.jsonl';
const SPEC = 'test/data/gemini/after-tool.spec.yaml';
/**
 * A policy that lists Gemini's own tool names, which the default lists by the classifier's (a
 * draft writes those: test/trace-tool-names.test.ts): a spec that keeps Gemini's names passes under it.
 */
const POLICY = 'test/data/gemini/policy.json';
const bytes = readFileSync(new URL('data/gemini/after-tool.jsonl', import.meta.url));
const trace = readTrace([bytes]);
const scratch = mkdtempSync(join(tmpdir(), 'trace-gemini-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function brief(call: TraceCall) {
  const { id, tool, kind, status, query, searchPath, program, target, partial, surfaced, writes } = call;
  return Object.fromEntries(
    Object.entries({ id, tool, kind, status, query, searchPath, program, target, partial, surfaced, writes }).filter(
      ([, v]) => v !== undefined,
    ),
  );
}

const line = (value: unknown): string => `${JSON.stringify(value)}\n`;
const gemini = (tool: string, input: unknown, response: unknown) =>
  line({
    session_id: 'g',
    cwd: '/r',
    hook_event_name: 'AfterTool',
    timestamp: '2026-03-02T10:00:00Z',
    tool_name: tool,
    tool_input: input,
    tool_response: response,
  });
const claude = (id: string, tool: string, input: unknown, response: unknown, extra: Record<string, unknown> = {}) =>
  line({
    session_id: 'c',
    cwd: '/r',
    hook_event_name: 'PostToolUse',
    tool_name: tool,
    tool_input: input,
    tool_response: response,
    tool_use_id: id,
    ...extra,
  });

describe('a trace of Gemini CLI AfterTool payloads', () => {
  it('is recognised as one by its own events; the other events a hook appends are known, not unknown', () => {
    expect(trace.format).toBe('gemini-hooks');
    expect(trace.unknownTypes).toEqual({});
    expect(trace.lines).toBe(15);
  });

  it('reads each tool as Claude Code`s hook trace reads its like', () => {
    expect(trace.calls.map(brief)).toEqual([
      {
        id: 'line-3',
        tool: 'glob',
        kind: 'map',
        status: 'ok',
        query: 'src/**/*.ts',
        searchPath: '/work/ledger',
        surfaced: ['/work/ledger/src/totals.ts', '/work/ledger/src/export.ts'],
      },
      {
        id: 'line-4',
        tool: 'list_directory',
        kind: 'map',
        status: 'ok',
        query: 'src/reports',
        surfaced: ['/work/ledger/src/reports/fixtures', '/work/ledger/src/reports/latest.ts', '/work/ledger/src/reports/monthly.ts'],
      },
      // The shell's labelled response: only its Stdout part is read as the listing.
      {
        id: 'line-5',
        tool: 'run_shell_command',
        kind: 'map',
        status: 'ok',
        query: 'ls -la src/reports',
        program: 'ls',
        surfaced: ['/work/ledger/src/reports/monthly.ts', '/work/ledger/src/reports/latest.ts'],
      },
      { id: 'line-6', tool: 'read_file', kind: 'read', status: 'ok', target: '/work/ledger/src/totals.ts', partial: false },
      { id: 'line-7', tool: 'read_file', kind: 'read', status: 'failed', target: '/work/ledger/src/missing.ts', partial: false },
      // grep's File: headers name paths under the folder it searched.
      {
        id: 'line-8',
        tool: 'search_file_content',
        kind: 'map',
        status: 'ok',
        query: 'monthlyTotal',
        searchPath: '/work/ledger/src',
        surfaced: ['/work/ledger/src/reports/monthly.ts'],
      },
      // A shell command run in its dir_path reads the file under it.
      {
        id: 'line-9',
        tool: 'run_shell_command',
        kind: 'read',
        status: 'ok',
        program: 'sed',
        target: '/work/ledger/src/reports/monthly.ts',
        partial: true,
      },
      { id: 'line-10', tool: 'grep_search', kind: 'map', status: 'ok', query: 'round\\(', searchPath: '/work/ledger/src', surfaced: [] },
      { id: 'line-11', tool: 'write_file', kind: 'other', status: 'ok', writes: ['/tmp/ledger-notes.md'] },
      { id: 'line-12', tool: 'replace', kind: 'other', status: 'ok', writes: ['/tmp/ledger-notes.md'] },
      { id: 'line-13', tool: 'web_fetch', kind: 'other', status: 'ok' },
      { id: 'line-14', tool: 'read_many_files', kind: 'other', status: 'ok' },
    ]);
  });

  it('carries each payload`s time, so a window of time narrows it', () => {
    const narrowed = narrowTrace(trace, { since: '2026-03-02T10:00:06Z', until: '2026-03-02T10:00:09Z' });
    expect(narrowed.calls.map((call) => call.id)).toEqual(['line-6', 'line-7', 'line-8', 'line-9']);
  });

  it('matches one deep dive to each successful read, the failed one matching none', () => {
    const matching = matchReads(traceEvidence(trace, TRACE), ['src/totals.ts', 'src/reports/monthly.ts']);
    expect(matching.dives.map((dive) => dive.read?.id)).toEqual(['line-6', 'line-9']);
    expect(matching.unrecorded).toEqual([]);
  });

  it('a spec that records what the trace shows passes compile --trace; one that names another tool for a read fails', async () => {
    const passing = await runInProcess([SPEC, '--trace', TRACE, '--policy', POLICY, '--json'], { cwd: root });
    expect(passing.status).toBe(0);
    expect(JSON.parse(passing.stdout).data.files[0].diagnostics).toEqual([]);
    const spec = readFileSync(new URL('data/gemini/after-tool.spec.yaml', import.meta.url), 'utf8');
    expect(spec).toContain('tool: read_file');
    const variant = join(scratch, 'read-named-read.yaml');
    writeFileSync(variant, spec.replace('tool: read_file', 'tool: cat'));
    const failing = await runInProcess([variant, '--trace', join(root, TRACE), '--policy', join(root, POLICY), '--json'], { cwd: root });
    expect(failing.status).not.toBe(0);
    const rules = JSON.parse(failing.stdout).data.files[0].diagnostics.map((d: { ruleId: string }) => d.ruleId);
    expect(rules).toEqual(['trace-tool']);
  });

  it('trace show names the format', async () => {
    const run = await runInProcess(['trace', 'show', TRACE], { cwd: root });
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('Gemini CLI hook payloads, 15 lines, 12 calls');
  });
});

describe('Gemini lines beside Claude Code`s', () => {
  it('a Gemini line in a Claude Code hook trace is a line of a type its reader does not know, and the Claude calls are read', () => {
    const mixed = readTrace([
      Buffer.from(
        claude('c1', 'Read', { file_path: 'a.ts' }, { file: { filePath: '/r/a.ts' } }) +
          gemini('read_file', { file_path: '/r/b.ts' }, { llmContent: 'b' }) +
          claude('c2', 'Read', { file_path: 'c.ts' }, { file: { filePath: '/r/c.ts' } }),
      ),
    ]);
    expect(mixed.format).toBe('hook-payloads');
    expect(mixed.unknownTypes).toEqual({ 'hook:AfterTool': 1 });
    expect(mixed.calls.map((call) => call.target)).toEqual(['/r/a.ts', '/r/c.ts']);
  });

  it('a Claude Code line in a Gemini trace is unknown there too; a file that is mostly such lines is refused', () => {
    const one = readTrace([
      Buffer.from(gemini('read_file', { file_path: 'b.ts' }, { llmContent: 'b' }) + claude('c1', 'Read', { file_path: 'a.ts' }, {})),
    ]);
    expect(one.format).toBe('gemini-hooks');
    expect(one.unknownTypes).toEqual({ 'hook:PostToolUse': 1 });
    expect(one.calls.map((call) => call.target)).toEqual(['/r/b.ts']);
    const mostly = gemini('read_file', { file_path: 'b.ts' }, {}) + claude('c1', 'Read', {}, {}) + claude('c2', 'Read', {}, {});
    expect(() => readTrace([Buffer.from(mostly)])).toThrow(
      '2 of its 3 lines are of types the Gemini CLI hook payloads reader does not know',
    );
  });

  it('the hook front end renames Gemini`s tools by the same table', () => {
    const payload = readPayload({
      hook_event_name: 'AfterTool',
      session_id: 'g',
      cwd: '/r',
      tool_name: 'list_directory',
      tool_input: { dir_path: 'src' },
      tool_response: { llmContent: 'Directory listing for /r/src:\n[DIR] lib\nmain.ts' },
    });
    expect(payload).toMatchObject({
      tool: 'LS',
      toolInput: { path: 'src' },
      toolResponse: { filenames: ['lib', 'main.ts'] },
      failed: false,
    });
  });
});

describe('Codex hook payloads', () => {
  it('a shell command`s output sent as a string (Codex: the payload carries a turn_id) is a success with that output', () => {
    const codex = readTrace([
      Buffer.from(claude('x1', 'Bash', { command: 'rg -n total src' }, 'src/a.ts:3:total\nsrc/b.ts:9:total', { turn_id: 't1' })),
    ]);
    expect(codex.calls.map(brief)).toEqual([
      {
        id: 'x1',
        tool: 'Bash',
        kind: 'map',
        status: 'ok',
        query: 'rg -n total src',
        program: 'rg',
        surfaced: ['/r/src/a.ts', '/r/src/b.ts'],
      },
    ]);
    // Claude Code sends an error so: without a turn_id, a string is a failure.
    const failed = readTrace([Buffer.from(claude('x1', 'Bash', { command: 'rg -n total src' }, 'Error: no such file'))]);
    expect(failed.calls.map((call) => call.status)).toEqual(['failed']);
  });
});
