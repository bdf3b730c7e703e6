import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTrace, UnreadableTraceError } from '../src/trace/read-trace.js';
import { classifyShell } from '../src/trace/shell-table.js';
import { runInProcess } from './support/in-process.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';

/** Trace formats are recognised by their own marks, never guessed; Codex's shell habits are read as the method's calls. */
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trace-formats-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const jsonl = (...records: unknown[]): Buffer => Buffer.from(records.map((record) => `${JSON.stringify(record)}\n`).join(''));

describe('recognising a trace format', () => {
  it('names each format by its marks', () => {
    const formatOf = (bytes: Buffer) => readTrace([bytes]).format;
    expect(formatOf(jsonl({ type: 'summary', summary: 's' }, { type: 'user', message: { content: 'hi' } }))).toBe('claude-transcript');
    expect(formatOf(jsonl({ hook_event_name: 'PostToolUse', tool_name: 'Read', tool_use_id: 'a', tool_input: {} }))).toBe('hook-payloads');
    expect(formatOf(jsonl({ hook_event_name: 'AfterTool', tool_name: 'read_file', tool_input: {}, tool_response: {} }))).toBe(
      'gemini-hooks',
    );
    expect(formatOf(jsonl({ timestamp: '2026-03-02T10:00:00Z', type: 'session_meta', payload: { cwd: '/r' } }))).toBe('codex-rollout');
  });

  it('refuses a file of JSON lines no format is, saying what it looks like and which formats are read', () => {
    const other = jsonl({ event: 'step', tool: 'read_file', args: { path: 'a' } }, { event: 'step', tool: 'glob', args: {} });
    expect(() => readTrace([other])).toThrow(
      new UnreadableTraceError(
        'it holds JSON lines with keys "event", "tool", "args", which is no trace format read (Gemini CLI hook payloads, PostToolUse hook payloads, Codex session rollout, Claude Code transcript and ATIF trajectory)',
      ),
    );
  });

  it('refuses a file whose lines are mostly of types its reader does not know, rather than read it as a trace with no calls', () => {
    const mostlyStrange = jsonl(
      { type: 'summary', summary: 's' },
      { type: 'telemetry', at: 1 },
      { type: 'telemetry', at: 2 },
      { type: 'metrics', at: 3 },
    );
    expect(() => readTrace([mostlyStrange])).toThrow(
      /3 of its 4 lines are of types the Claude Code transcript reader does not know \("metrics" 1, "telemetry" 2\)/,
    );
    // Half of them known is still a transcript.
    expect(readTrace([jsonl({ type: 'summary' }, { type: 'telemetry' })]).unknownTypes).toEqual({ telemetry: 1 });
  });

  it('trace show on such a file is an input error (exit 3), and names the format and version of one it reads', async () => {
    const strange = join(scratch, 'strange.jsonl');
    writeFileSync(strange, jsonl({ event: 'step' }, { event: 'step' }));
    const refused = await runInProcess(['trace', 'show', strange, '--json'], { cwd: root });
    expect(refused.status).toBe(3);
    expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_A_TRACE' });
    expect(JSON.parse(refused.stdout).error.message).toContain('JSON lines with keys "event"');
    const shown = await runInProcess(['trace', 'show', 'test/data/codex/rollout-small.jsonl'], { cwd: root });
    expect(shown.stdout).toContain('Codex session rollout (Codex 0.125.0), 32 lines, 7 calls');
    expect(shown.stdout).toContain('  turn 2: from line 20, 2026-03-02T10:00:20.000Z\n');
    const second = await runInProcess(['trace', 'show', 'test/data/codex/rollout-small.jsonl', '--trace-turn', '2'], { cwd: root });
    expect(second.stdout).toContain('only the calls of turn 2: 4 calls of the trace left out');
    // A report checked against the rollout names Codex's versions as Codex's.
    const report = await runInProcess(
      ['fixtures/traces/transcript-small.spec.yaml', '--trace', 'test/data/codex/rollout-small.jsonl', '--format', 'markdown'],
      { cwd: root },
    );
    expect(report.stdout).toContain('- Codex versions: `0.125.0`\n');
    expect(report.stdout).not.toContain('Claude Code versions');
    const none = await runInProcess(['trace', 'show', 'fixtures/traces/transcript-small.jsonl', '--trace-turn', '1'], { cwd: root });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('it marks no turns');
  });
});

describe("the shell table reads Codex's habits", () => {
  it('rg -n and grep -n surface the paths of their matches, under what they searched', () => {
    const search = readTrace([
      jsonl({
        hook_event_name: 'PostToolUse',
        cwd: '/r',
        tool_name: 'Bash',
        tool_use_id: 'a',
        tool_input: { command: 'rg -n "total" src ./docs' },
        tool_response: { stdout: 'src/a.ts:3:total\nsrc/a.ts:9: total: 1:2:\n./docs/b.md:1:total\nREADME.md:2:total\n' },
      }),
    ]).calls[0];
    expect(search).toMatchObject({ kind: 'map', surfaced: ['/r/src/a.ts', '/r/docs/b.md'], unreadLines: 1 });
    expect(classifyShell('grep -rn total .')).toMatchObject({ kind: 'map', output: 'matches', startPoints: ['.'], lineNumbers: true });
    expect(classifyShell('rg -n -e total')).toMatchObject({ kind: 'map', startPoints: [''] });
    expect(classifyShell('rg -c total src')).not.toHaveProperty('output');
    expect(classifyShell('grep -n total')).not.toHaveProperty('output');
  });

  it("nl -ba FILE | sed -n 'A,Bp' reads FILE, in part; a chain of reads is several reads", () => {
    expect(classifyShell("nl -ba src/a.ts | sed -n '10,20p'")).toMatchObject({
      kind: 'read',
      program: 'nl',
      file: 'src/a.ts',
      partial: true,
    });
    expect(classifyShell('nl -ba src/a.ts')).toMatchObject({ kind: 'read', partial: false });
    expect(classifyShell("sed -n '1,9p' a.ts && cat b.ts; npm test || head -5 c.ts")).toMatchObject({
      kind: 'read',
      file: 'a.ts',
      moreReads: [
        { program: 'cat', file: 'b.ts', partial: false },
        { program: 'head', file: 'c.ts', partial: true },
      ],
    });
  });
});

const ROLLOUT = join(tracesDir, 'codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');
const READS = join(tracesDir, 'codex/rollout-2026-05-11T13-28-45-019e1695-0522-7c83-8b39-0dd379793f80.jsonl');
if (!hasTraces) announceMissing('reading the real Codex rollouts', '../shared/traces');

describe.skipIf(!hasTraces)('the real Codex rollouts of ../shared/traces', () => {
  it('trace show names Codex and counts its 43 shell commands', async () => {
    const run = await runInProcess(['trace', 'show', ROLLOUT, '--format', 'json'], { cwd: root });
    expect(run.status).toBe(0);
    const { trace } = JSON.parse(run.stdout);
    expect(trace.format).toBe('codex-rollout');
    expect(trace.versions).toEqual(['0.125.0']);
    const byTool: Record<string, number> = {};
    for (const call of trace.calls) byTool[call.tool] = (byTool[call.tool] ?? 0) + 1;
    expect(byTool).toEqual({ exec_command: 43, apply_patch: 3, update_plan: 2, web_search: 3 });
    expect(trace.turns.map((turn: { line: number }) => turn.line)).toEqual([2, 20]);
    expect(trace.calls.filter((call: { writes?: string[] }) => call.writes !== undefined)).toHaveLength(3);
    const text = await runInProcess(['trace', 'show', ROLLOUT], { cwd: root });
    expect(text.stdout.split('\n')[0]).toContain('Codex session rollout (Codex 0.125.0), 386 lines, 51 calls');
  });

  it('reads the rollout without end events by its outputs: its windows of one long file are reads', () => {
    const trace = readTrace([readFileSync(READS)]);
    expect(trace.versions).toEqual(['0.128.0-alpha.1']);
    expect(trace.calls.filter((call) => call.tool === 'exec_command')).toHaveLength(35);
    expect(trace.calls.filter((call) => call.kind === 'read' && call.program === 'sed').length).toBeGreaterThan(10);
    expect(trace.turns).toHaveLength(3);
  });

  it('a spec drafted from one turn of the rollout is judged against its real calls: its reads all matched, a dive never read fails', async () => {
    const spec = join(scratch, 'codex.yaml');
    const draft = await runInProcess(
      [
        'trace',
        'draft',
        ROLLOUT,
        '--trace-turn',
        '2',
        '--goal',
        'Where is the compaction default set?',
        '--budget',
        '40',
        '--output',
        spec,
      ],
      { cwd: root },
    );
    expect(draft.status).toBe(0);
    const judged = async (file: string) => {
      const run = await runInProcess([file, '--trace', ROLLOUT, '--trace-turn', '2', '--stage', 'draft', '--format', 'json'], {
        cwd: root,
      });
      const report = JSON.parse(run.stdout);
      return {
        trace: report.trace,
        rules: report.diagnostics.map((d: { ruleId: string }) => d.ruleId).filter((id: string) => id.startsWith('trace-')),
      };
    };
    const asDrafted = await judged(spec);
    // The agent read four files no cheap call had surfaced (its skills, two READMEs), and in the
    // same turn patched three files of the tree it was reading (apply_patch at rollout lines 35, 37
    // and 38): the method's own findings, nothing else.
    expect(asDrafted.rules).toEqual([
      'trace-no-writes',
      'trace-no-writes',
      'trace-no-writes',
      'trace-order',
      'trace-order',
      'trace-order',
      'trace-order',
    ]);
    expect(asDrafted.trace.reads.total).toBeGreaterThan(10);
    expect(asDrafted.trace.reads.matched).toBe(asDrafted.trace.reads.total);
    const text = readFileSync(spec, 'utf8');
    const unread = join(scratch, 'codex-unread.yaml');
    writeFileSync(unread, text.replace('node: package.json', 'node: src/never-read.ts'));
    expect(text).toContain('node: package.json');
    expect((await judged(unread)).rules).toContain('trace-dive-observed');
  });
});
