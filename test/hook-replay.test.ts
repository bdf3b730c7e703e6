import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { answerHook } from '../src/hook/answer-hook.js';
import { mapCallSeen } from '../src/trace/evidence.js';
import { readsOf } from '../src/trace/match.js';
import { readTrace } from '../src/trace/read-trace.js';
import { codexReplayOf } from './support/codex-hook-replay.js';
import { type ReplayedCall, replayOf } from './support/hook-replay.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';

/**
 * The real Claude Code sessions of ../shared/traces/claude-code-viewer replayed through the hook
 * as the agent met them: a PreToolUse before each call in time order, and the PostToolUse of each
 * call the hook let through. Every answer is checked against the output schemas Codex publishes.
 */
const viewer = join(tracesDir, 'claude-code-viewer');
const schemas = join(tracesDir, 'codex-hook-schemas');
const SESSIONS = ['5c0375b4-57a5-4f26-b12d-d022ee4e51b7', 'fe5e1c67-53e7-4862-81ae-d0e013e3270b', '1af7fc5e-8455-4414-9ccd-011d40f70b2a'];
const scratch = mkdtempSync(join(tmpdir(), 'hook-replay-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
if (!hasTraces) announceMissing('the replay of real sessions through the hook', tracesDir);

const validators = hasTraces
  ? (() => {
      const ajv = new Ajv({ strict: false });
      const load = (name: string) => ajv.compile(JSON.parse(readFileSync(join(schemas, `${name}.command.output.schema.json`), 'utf8')));
      return { PreToolUse: load('pre-tool-use'), PostToolUse: load('post-tool-use'), Stop: load('stop') };
    })()
  : undefined;

/** Every answer printed is one JSON object that the output schema of its event accepts. */
function checkAnswer(event: string, stdout: string): Record<string, any> | undefined {
  if (stdout === '') return undefined;
  const answer = JSON.parse(stdout);
  const schema = event === 'PreToolUse' ? 'PreToolUse' : event.startsWith('PostToolUse') ? 'PostToolUse' : 'Stop';
  const validate = validators?.[schema];
  expect(validate?.(answer), JSON.stringify(validate?.errors)).toBe(true);
  return answer;
}

interface Replay {
  denied: Array<{ call: ReplayedCall['call']; reason: string }>;
  allowed: ReplayedCall['call'][];
}

/** The session replayed with `flags`; a call denied gets no PostToolUse, as the agent never made it. */
async function replay(session: string, flags: { spec?: string; stateDir: string }): Promise<Replay> {
  const calls = replayOf(join(viewer, `${session}.jsonl`), `${session}-${Math.random().toString(36).slice(2)}`);
  const denied: Replay['denied'] = [];
  const allowed: Replay['allowed'] = [];
  for (const { call, pre, post } of calls) {
    const before = await answerHook(JSON.stringify(pre), flags, {});
    expect(before.exitCode).toBe(0);
    expect(before.stderr).toBe('');
    const answer = checkAnswer('PreToolUse', before.stdout);
    const decision = answer?.['hookSpecificOutput']?.['permissionDecision'];
    if (decision === 'deny') {
      denied.push({ call, reason: answer?.['hookSpecificOutput']['permissionDecisionReason'] });
      continue;
    }
    allowed.push(call);
    if (post === undefined) continue;
    const after = await answerHook(JSON.stringify(post), flags, {});
    expect(after).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  }
  return { denied, allowed };
}

function specWith(name: string, budget: Record<string, unknown> | undefined): string {
  const path = join(scratch, `${name}.json`);
  writeFileSync(path, JSON.stringify({ goal: 'What do the agent instructions say?', ...(budget === undefined ? {} : { budget }) }));
  return path;
}

describe.skipIf(!hasTraces)('the hook replaying real Claude Code sessions', () => {
  it.each(SESSIONS)('denies nothing without an investigation: %s', async (session) => {
    const run = await replay(session, { stateDir: join(scratch, 'none') });
    expect(run.denied).toEqual([]);
    // A spec named but not written yet: no investigation to hold a read to either.
    const unwritten = await replay(session, { spec: join(scratch, 'not-yet.json'), stateDir: join(scratch, 'unwritten') });
    expect(unwritten.denied).toEqual([]);
  });

  it('denies exactly the reads past the budget, and counts the reads as --trace counts them', async () => {
    const session = 'fe5e1c67-53e7-4862-81ae-d0e013e3270b';
    const calls = replayOf(join(viewer, `${session}.jsonl`), 'count');
    const reads = calls.filter(({ call }) => call.kind === 'read' && call.target !== undefined);
    const successful = reads.filter(({ call }) => call.status === 'ok').length;
    expect(successful).toBeGreaterThan(10);
    const total = 7;
    const stateDir = join(scratch, 'budget');
    writeFileSync(join(scratch, 'budget-config.json'), '{}');
    const spec = specWith('budget', { total, used: 0, unit: 'reads' });
    const run = await replayWithoutBlindChecks(session, spec, stateDir);
    // The reads let through until 7 succeeded, then every read denied, and nothing else.
    let spent = 0;
    const expectedDenied: string[] = [];
    for (const { call } of reads) {
      if (spent >= total) expectedDenied.push(call.id);
      else if (call.status === 'ok') spent++;
    }
    expect(expectedDenied.length).toBeGreaterThan(0);
    expect(run.denied.map(({ call }) => call.id)).toEqual(expectedDenied);
    expect(run.denied[0]?.reason).toContain(`${total} of ${total} reads used`);
    expect(run.denied[0]?.reason).toContain('budget_exhausted');
  });

  it('denies a blind read where the session read before any map call surfaced the node, and only there', async () => {
    let blind = 0;
    for (const session of SESSIONS) {
      const calls = replayOf(join(viewer, `${session}.jsonl`), 'blind');
      // What trace-order calls blind: a read of a node no earlier successful map call surfaced.
      const surfaced = new Set<string>();
      const expected: string[] = [];
      for (const { call } of calls) {
        if (call.kind === 'read' && call.target !== undefined && !surfaced.has(call.target)) expected.push(call.id);
        if (mapCallSeen(call)) for (const path of call.surfaced ?? []) surfaced.add(path);
      }
      const spec = specWith(`blind-${session}`, { total: 1000, used: 0, unit: 'reads' });
      const run = await replay(session, { spec, stateDir: join(scratch, `blind-${session}`) });
      expect(run.denied.map(({ call }) => call.id)).toEqual(expected);
      blind += expected.length;
      for (const { reason } of run.denied) expect(reason).toMatch(/blind read.*Glob with .*\[trace-order\]$/);
      if (session.startsWith('5c0375b4')) {
        // The Glob surfaced todo-app/package.json before the Read opened it: that read is let through.
        const manifest = calls.find(({ call }) => call.kind === 'read' && call.target?.endsWith('todo-app/package.json'));
        expect(run.allowed.map((call) => call.id)).toContain(manifest?.call.id);
      }
    }
    // fe5e1c67 reads files it wrote itself, which no map call listed.
    expect(blind).toBeGreaterThan(0);
  });

  it('asks for the budget with {VACIO_CRITICO} at the first deep read of a spec that has none', async () => {
    const spec = specWith('no-budget', undefined);
    const run = await replay('5c0375b4-57a5-4f26-b12d-d022ee4e51b7', { spec, stateDir: join(scratch, 'critical') });
    const firstRead = replayOf(join(viewer, '5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl'), 'x').find(
      ({ call }) => call.kind === 'read' && call.target !== undefined,
    );
    expect(run.denied[0]?.call.id).toBe(firstRead?.call.id);
    expect(run.denied[0]?.reason).toMatch(/^\{VACIO_CRITICO\} .*budget\.total.*never invent a budget/);
  });

  it('blocks the stop of a record that claims a read never made, and lets an honest one stop', async () => {
    const session = '5c0375b4-57a5-4f26-b12d-d022ee4e51b7';
    const transcript = join(viewer, `${session}.jsonl`);
    const honest = join(new URL('..', import.meta.url).pathname, 'test/data/real-traces/5c0375b4.spec.yaml');
    const claims = join(scratch, 'claims-a-read.yaml');
    const text = readFileSync(honest, 'utf8');
    // A fourth deep dive, of a README the agent never read, counted in budget.used.
    const extra = text
      .replace('  used: 3', '  used: 4')
      .replace(
        'replanLog: []',
        '  - id: D4\n    hypothesisId: H2\n    node: README.md\n    tool: Read\n    finding: The README repeats the instructions.\n    effect: neutral\n    provenance: "[DOC]"\nreplanLog: []',
      );
    expect(extra).not.toBe(text);
    writeFileSync(claims, extra);
    const stop = (spec: string) =>
      answerHook(
        JSON.stringify({
          hook_event_name: 'Stop',
          session_id: `stop-${spec.length}`,
          cwd: '/path/to/Demo',
          transcript_path: transcript,
          stop_hook_active: false,
        }),
        { spec, stateDir: join(scratch, 'stop') },
        {},
      );
    const blocked = checkAnswer('Stop', (await stop(claims)).stdout);
    expect(blocked?.['decision']).toBe('block');
    expect(blocked?.['reason']).toContain('[trace-dive-observed]');
    expect(blocked?.['reason'].length).toBeLessThanOrEqual(1_500);
    const allowed = checkAnswer('Stop', (await stop(honest)).stdout);
    expect(allowed).toEqual({ systemMessage: expect.stringMatching(/passes the gate/) });
  });
});

/** The session replayed with blind reads let through (hooks.blindReads off, from a configuration), so that only the budget denies. */
async function replayWithoutBlindChecks(session: string, spec: string, stateDir: string): Promise<Replay> {
  const config = join(scratch, `${session}-config.json`);
  writeFileSync(config, JSON.stringify({ hooks: { blindReads: 'off' } }));
  const calls = replayOf(join(viewer, `${session}.jsonl`), `${session}-budget`);
  const denied: Replay['denied'] = [];
  const allowed: Replay['allowed'] = [];
  for (const { call, pre, post } of calls) {
    const before = await answerHook(JSON.stringify(pre), { spec, stateDir }, { INVESTIGATION_CONFIG: config });
    const answer = checkAnswer('PreToolUse', before.stdout);
    if (answer?.['hookSpecificOutput']?.['permissionDecision'] === 'deny') {
      denied.push({ call, reason: answer['hookSpecificOutput']['permissionDecisionReason'] });
      continue;
    }
    allowed.push(call);
    if (post !== undefined) await answerHook(JSON.stringify(post), { spec, stateDir }, { INVESTIGATION_CONFIG: config });
  }
  return { denied, allowed };
}

/**
 * The real Codex rollout of ../shared/traces/codex replayed as Codex's hooks meet a session: a
 * `Bash` PreToolUse before each shell command and a PostToolUse with its output as a string. The
 * hook and `--trace` must agree on what the session spent, chains of reads included.
 */
const ROLLOUT = join(tracesDir, 'codex', 'rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');
const hasRollout = hasTraces && existsSync(ROLLOUT);
if (hasTraces && !hasRollout) announceMissing('the replay of a real Codex rollout through the hook', ROLLOUT);

describe.skipIf(!hasRollout)('the hook replaying a real Codex rollout', () => {
  /** The rollout replayed; a command denied gets no PostToolUse. */
  async function replayCodex(spec: string, stateDir: string, env: Record<string, string> = {}) {
    const denied: Array<{ id: string; reason: string }> = [];
    for (const { id, pre, post } of codexReplayOf(ROLLOUT, `codex-${Math.random().toString(36).slice(2)}`)) {
      const before = await answerHook(JSON.stringify(pre), { spec, stateDir }, env);
      expect(before.exitCode).toBe(0);
      const answer = checkAnswer('PreToolUse', before.stdout);
      if (answer?.['hookSpecificOutput']?.['permissionDecision'] === 'deny') {
        denied.push({ id, reason: answer['hookSpecificOutput']['permissionDecisionReason'] });
        continue;
      }
      if (post !== undefined) checkAnswer('PostToolUse', (await answerHook(JSON.stringify(post), { spec, stateDir }, env)).stdout);
    }
    return denied;
  }
  const trace = () => readTrace([readFileSync(ROLLOUT)]);

  it('denies exactly the commands whose reads would pass the budget, counting a chain as --trace counts it', async () => {
    const total = 9;
    const config = join(scratch, 'codex-config.json');
    writeFileSync(config, JSON.stringify({ hooks: { blindReads: 'off' } }));
    const denied = await replayCodex(specWith('codex-budget', { total, used: 0, unit: 'reads' }), join(scratch, 'codex-budget'), {
      INVESTIGATION_CONFIG: config,
    });
    let spent = 0;
    const expected: string[] = [];
    let chains = 0;
    for (const call of trace().calls) {
      const reads = readsOf(call).length;
      if (reads === 0) continue;
      if (reads > 1) chains++;
      if (spent + reads > total) expected.push(call.id);
      else if (call.status === 'ok') spent += reads;
    }
    // The rollout reads with chains (`sed -n … a && sed -n … b`): the count must hold them.
    expect(chains).toBeGreaterThan(0);
    expect(expected.length).toBeGreaterThan(0);
    expect(denied.map(({ id }) => id)).toEqual(expected);
    expect(denied[0]?.reason).toContain('budget_exhausted');
  });

  it('denies a blind read where the session read before any map call surfaced the node, and only there', async () => {
    const surfaced = new Set<string>();
    const expected: string[] = [];
    for (const call of trace().calls) {
      if (readsOf(call).some((read) => read.target !== undefined && !surfaced.has(read.target))) expected.push(call.id);
      if (mapCallSeen(call)) for (const path of call.surfaced ?? []) surfaced.add(path);
    }
    const denied = await replayCodex(specWith('codex-blind', { total: 1000, used: 0, unit: 'reads' }), join(scratch, 'codex-blind'));
    // The session opens skill files and READMEs no listing printed.
    expect(expected.length).toBeGreaterThan(0);
    expect(denied.map(({ id }) => id)).toEqual(expected);
    for (const { reason } of denied) expect(reason).toMatch(/blind read.*`ls .*\[trace-order\]$/);
  });
});
