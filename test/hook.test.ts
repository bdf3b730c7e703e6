import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import type { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { answerHook } from '../src/hook/answer-hook.js';
import { decideRead } from '../src/hook/before-tool.js';
import { type Ledger, ledgerWork, openLedger, SNAPSHOT_EVERY } from '../src/hook/ledger.js';
import { type HookPayload, readPayload } from '../src/hook/payload.js';
import { hookSettings } from '../src/hook/settings.js';
import { specFactsWork } from '../src/hook/spec-facts.js';
import { cliPath } from './support/cli.js';

/** The hook's decisions in process, on a project of its own in a scratch folder. */
const scratch = mkdtempSync(join(tmpdir(), 'hook-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let projects = 0;
/** A project folder (a repository top) with a spec of `budget` reads, and a fresh state folder. */
function project(budget = 5, config?: Record<string, unknown>): { cwd: string; flags: { spec: string; stateDir: string } } {
  const cwd = join(scratch, `p${++projects}`);
  mkdirSync(join(cwd, '.git'), { recursive: true });
  writeFileSync(join(cwd, 'spec.json'), JSON.stringify({ goal: 'Where is x set?', budget: { total: budget, used: 0, unit: 'reads' } }));
  if (config !== undefined) writeFileSync(join(cwd, 'investigation.config.json'), JSON.stringify(config));
  return { cwd, flags: { spec: 'spec.json', stateDir: join(cwd, 'state') } };
}

const call = (cwd: string, event: string, tool: string, input: unknown, id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: event, session_id: 'S', cwd, tool_name: tool, tool_input: input, tool_use_id: id, ...extra });

async function mapped(cwd: string, flags: object, paths: string[], id = 'g'): Promise<void> {
  const answer = await answerHook(
    call(cwd, 'PostToolUse', 'Glob', { pattern: '**/*' }, id, { tool_response: { filenames: paths } }),
    flags,
    {},
  );
  expect(answer).toEqual({ stdout: '', stderr: '', exitCode: 0 });
}

async function read(cwd: string, flags: object, path: string, id: string, env: Record<string, string> = {}) {
  const before = await answerHook(call(cwd, 'PreToolUse', 'Read', { file_path: path }, id), flags, env);
  if (before.stdout === '')
    await answerHook(
      call(cwd, 'PostToolUse', 'Read', { file_path: path }, id, { tool_response: { file: { filePath: path } } }),
      flags,
      env,
    );
  return before;
}

describe('the hook before a tool call', () => {
  it('lets every call through, printing nothing, when no spec is named', async () => {
    const { cwd } = project();
    expect(await read(cwd, { stateDir: join(cwd, 'state') }, join(cwd, 'a.ts'), 'r1')).toEqual({ stdout: '', stderr: '', exitCode: 0 });
  });

  it('warns of a blind read with hooks.blindReads warn, and says nothing with off', async () => {
    const warned = project(5, { hooks: { blindReads: 'warn' } });
    const answer = JSON.parse((await read(warned.cwd, warned.flags, join(warned.cwd, 'a.ts'), 'r1')).stdout);
    expect(answer).toEqual({
      hookSpecificOutput: { hookEventName: 'PreToolUse', additionalContext: expect.stringMatching(/^Warning: .*blind read/) },
    });
    const off = project(5, { hooks: { blindReads: 'off' } });
    expect((await read(off.cwd, off.flags, join(off.cwd, 'a.ts'), 'r1')).stdout).toBe('');
  });

  it('counts a shell chain of reads as that many reads, as --trace does, and denies the chain that would pass the budget', async () => {
    const { cwd, flags } = project(3);
    const files = ['a', 'b', 'c', 'd'].map((name) => join(cwd, `${name}.ts`));
    await mapped(cwd, flags, files);
    const shell = async (command: string, id: string) => {
      const before = await answerHook(call(cwd, 'PreToolUse', 'Bash', { command }, id), flags, {});
      if (before.stdout === '')
        await answerHook(
          call(cwd, 'PostToolUse', 'Bash', { command }, id, { tool_response: { stdout: 'x', stderr: '', interrupted: false } }),
          flags,
          {},
        );
      return before.stdout === '' ? undefined : JSON.parse(before.stdout).hookSpecificOutput;
    };
    // Two reads of three: let through. The next chain of two would make four: denied whole.
    expect(await shell('cat a.ts && cat b.ts', 'c1')).toBeUndefined();
    const denied = await shell('cat c.ts && cat d.ts', 'c2');
    expect(denied?.permissionDecision).toBe('deny');
    expect(denied?.permissionDecisionReason).toContain("2 of 3 reads used, so this call's 2 reads of");
    // One read is still within the budget.
    expect(await shell('cat c.ts', 'c3')).toBeUndefined();
    expect((await shell('cat d.ts', 'c4'))?.permissionDecision).toBe('deny');
  });

  it('calls a chain blind when any of its reads is of a node no map call surfaced, naming that node', async () => {
    const { cwd, flags } = project(9);
    await mapped(cwd, flags, [join(cwd, 'a.ts')]);
    const answer = await answerHook(call(cwd, 'PreToolUse', 'Bash', { command: 'cat a.ts && cat secret.ts' }, 'c1'), flags, {});
    const output = JSON.parse(answer.stdout).hookSpecificOutput;
    expect(output.permissionDecision).toBe('deny');
    expect(output.permissionDecisionReason).toMatch(new RegExp(`^${join(cwd, 'secret.ts').replace(/[.]/g, '\\.')} was not surfaced`));
  });

  it('holds a unit of budget for a read let through until its outcome comes (parallel calls)', async () => {
    const { cwd, flags } = project(2);
    const files = ['a', 'b', 'c'].map((name) => join(cwd, `${name}.ts`));
    await mapped(cwd, flags, files);
    const pre = (path: string, id: string) => answerHook(call(cwd, 'PreToolUse', 'Read', { file_path: path }, id), flags, {});
    expect((await pre(files[0] as string, 'r1')).stdout).toBe('');
    expect((await pre(files[1] as string, 'r2')).stdout).toBe('');
    expect(JSON.parse((await pre(files[2] as string, 'r3')).stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    // A read that failed spent nothing: its unit is free again.
    await answerHook(
      call(cwd, 'PostToolUseFailure', 'Read', { file_path: files[0] }, 'r1', { tool_response: 'File does not exist.' }),
      flags,
      {},
    );
    expect((await pre(files[2] as string, 'r3')).stdout).toBe('');
  });

  it('answers Gemini CLI in its own contract: decision deny with a reason', async () => {
    const { cwd, flags } = project(1);
    const payload = JSON.stringify({
      hook_event_name: 'BeforeTool',
      session_id: 'G',
      cwd,
      tool_name: 'read_file',
      tool_input: { absolute_path: join(cwd, 'x.ts') },
    });
    expect(JSON.parse((await answerHook(payload, flags, {})).stdout)).toEqual({
      decision: 'deny',
      reason: expect.stringContaining('list_directory'),
    });
  });

  it('reads the same amount of the ledger late in a long session as early', async () => {
    const { cwd, flags } = project(10_000);
    const files = Array.from({ length: 400 }, (_, index) => join(cwd, `f${index}.ts`));
    await mapped(cwd, flags, files);
    const folded: number[] = [];
    for (const [index, file] of files.entries()) {
      expect((await read(cwd, flags, file, `r${index}`)).stdout).toBe('');
      folded.push(ledgerWork.recordsFolded);
    }
    // 800 records appended; each decision folds only the tail past the last snapshot.
    expect(Math.max(...folded.slice(-100))).toBeLessThanOrEqual(SNAPSHOT_EVERY + 2);
    expect(ledgerWork.snapshotRead).toBe(true);
    // The spec, unchanged, was parsed once.
    expect(specFactsWork.parsed).toBe(false);
  });
});

describe('the ledger', () => {
  it('reads past a line torn by a crash, the record after it kept', () => {
    const folder = join(scratch, 'torn');
    const ledger = openLedger(folder, 'T');
    ledger.append([{ k: 'map', id: 'a', paths: ['/p/a'] }]);
    appendFileSync(join(folder, 'T.jsonl'), '{"k":"map","id":"b","paths":["/p/b');
    expect([...ledger.read().surfaced]).toEqual(['/p/a']);
    ledger.append([{ k: 'map', id: 'c', paths: ['/p/c'] }]);
    expect([...ledger.read().surfaced]).toEqual(['/p/a', '/p/c']);
  });

  it('counts an outcome told twice (the plugin and an installed hook both run) once', async () => {
    const { cwd, flags } = project(5);
    await mapped(cwd, flags, [join(cwd, 'a.ts')]);
    for (let time = 0; time < 2; time++) await read(cwd, flags, join(cwd, 'a.ts'), 'r1');
    const ledger = openLedger(flags.stateDir, 'S');
    expect(ledger.read().reads).toBe(1);
    ledger.append([
      { k: 'read', id: '', node: 'b', ok: true },
      { k: 'read', id: '', node: 'c', ok: true },
    ]);
    // An outcome without an id cannot be told from another: each counts.
    expect(ledger.read().reads).toBe(3);
  });

  it('names a hostile session id by its digest: no path comes of it', () => {
    const folder = join(scratch, 'names');
    openLedger(folder, '../../etc/passwd').append([{ k: 'stop', blocked: true }]);
    expect(openLedger(folder, '../../etc/passwd').read().stopBlocks).toBe(1);
  });

  it('loses nothing when parallel processes of the built command append at once', async () => {
    const { cwd, flags } = project();
    const count = 24;
    const runs = Array.from({ length: count }, (_, index) => {
      const paths = Array.from({ length: 60 }, (_, line) => join(cwd, `dir${index}`, `file-with-a-long-name-${line}.ts`));
      const payload = call(cwd, 'PostToolUse', 'Glob', { pattern: '**' }, `g${index}`, { tool_response: { filenames: paths } });
      return new Promise<number | null>((resolvePromise) => {
        const child = spawn(process.execPath, [cliPath, 'hook', '--spec', flags.spec, '--state-dir', flags.stateDir], {
          cwd,
          stdio: ['pipe', 'ignore', 'inherit'],
        });
        child.on('close', resolvePromise);
        child.stdin.end(payload);
      });
    });
    expect(await Promise.all(runs)).toEqual(Array(count).fill(0));
    expect(openLedger(flags.stateDir, 'S').read().surfaced.size).toBe(count * 60);
  });

  it('lets parallel reads spend no more than the budget, even when each decided on a ledger read before the others appended', async () => {
    const { cwd, flags } = project(1);
    const settings = await hookSettings(flags, cwd, {});
    const ledger = openLedger(flags.stateDir, 'S');
    ledger.append([{ k: 'map', id: 'g', paths: [join(cwd, 'a.ts'), join(cwd, 'b.ts')] }]);
    const before = ledger.read();
    const pre = (path: string, id: string) =>
      readPayload(JSON.parse(call(cwd, 'PreToolUse', 'Read', { file_path: path }, id))) as HookPayload;
    // The first read is let through and holds the one unit of the budget.
    expect(await decideRead(pre(join(cwd, 'a.ts'), 'r1'), [join(cwd, 'a.ts')], settings, ledger)).toEqual({ kind: 'none' });
    // The second decided on the ledger as it stood before the first appended: its claim, folded after the first's, is refused.
    let reads = 0;
    const stale: Ledger = { read: () => (reads++ === 0 ? before : ledger.read()), append: (records) => ledger.append(records) };
    const second = await decideRead(pre(join(cwd, 'b.ts'), 'r2'), [join(cwd, 'b.ts')], settings, stale);
    expect(second).toMatchObject({ kind: 'deny', reason: expect.stringContaining('1 of 1 reads used') });
    expect(ledger.read().pending).toEqual({ r1: 1 });
  });

  it('lets exactly the budget of parallel reads through when processes of the built command decide at once', async () => {
    const { cwd, flags } = project(3);
    const count = 12;
    const paths = Array.from({ length: count }, (_, index) => join(cwd, `f${index}.ts`));
    await mapped(cwd, flags, paths);
    const runs = paths.map(
      (path, index) =>
        new Promise<string>((resolvePromise) => {
          const child = spawn(process.execPath, [cliPath, 'hook', '--spec', flags.spec, '--state-dir', flags.stateDir], {
            cwd,
            stdio: ['pipe', 'pipe', 'inherit'],
          });
          let stdout = '';
          child.stdout.on('data', (chunk) => {
            stdout += chunk;
          });
          child.on('close', () => resolvePromise(stdout));
          child.stdin.end(call(cwd, 'PreToolUse', 'Read', { file_path: path }, `r${index}`));
        }),
    );
    const answers = await Promise.all(runs);
    expect(answers.filter((answer) => answer === '')).toHaveLength(3);
    expect(answers.filter((answer) => answer.includes('"permissionDecision":"deny"'))).toHaveLength(count - 3);
  });
});

describe('the hook process reads its payload from descriptor 0', () => {
  /** The hook run as the agents run it, its payload written by `feed`; its exit code and streams. */
  const runHook = (cwd: string, flags: { spec: string; stateDir: string }, feed: (stdin: Writable) => void) =>
    new Promise<{ status: number | null; stdout: string; stderr: string }>((resolvePromise) => {
      const child = spawn(process.execPath, [cliPath, 'hook', '--spec', flags.spec, '--state-dir', flags.stateDir], {
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('close', (status) => resolvePromise({ status, stdout, stderr }));
      feed(child.stdin);
    });

  it('reads a payload written in pieces, past one read, whole; one past the bound is let through unread', async () => {
    const { cwd, flags } = project(0);
    const payload = call(cwd, 'PreToolUse', 'Read', { file_path: join(cwd, 'a.ts'), padding: 'x'.repeat(200_000) }, 'r1');
    const denied = await runHook(cwd, flags, (stdin) => {
      stdin.write(payload.slice(0, 1000));
      setTimeout(() => stdin.end(payload.slice(1000)), 50);
    });
    expect(denied.status).toBe(0);
    expect(JSON.parse(denied.stdout).hookSpecificOutput.permissionDecision).toBe('deny');
    const huge = await runHook(cwd, flags, (stdin) => stdin.end(' '.repeat(32 * 1024 * 1024 + 1)));
    expect(huge).toEqual({ status: 0, stdout: '', stderr: expect.stringContaining('let through unread') });
  });

  // Node's spawn makes a child's standard streams blocking again, so the caller here is Python, which
  // hands the descriptor down as it is, as a caller in another language may.
  // Looked for on PATH, not run: nothing is spawned while the file's tests are collected.
  const python = (process.env['PATH'] ?? '').split(delimiter).some((folder) => folder !== '' && existsSync(join(folder, 'python3')));
  it.skipIf(!python || process.platform === 'win32')(
    'reads a descriptor that does not block through the stream, keeping what it read before',
    () => {
      const { cwd, flags } = project(0);
      const fifo = join(cwd, 'payload.fifo');
      execFileSync('mkfifo', [fifo]);
      const caller = [
        'import array, fcntl, os, subprocess, sys, termios, time',
        'fifo, payload, *command = sys.argv[1:]',
        'reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)',
        'writer = os.open(fifo, os.O_WRONLY)',
        // Part of the payload is there when the hook starts, the rest later: its reads meet EAGAIN between them.
        'os.write(writer, payload[:20].encode())',
        'child = subprocess.Popen(command, stdin=reader, stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
        'os.close(reader)',
        // The rest is written once the hook has taken the first part out of the pipe, however slowly it started.
        'waiting = array.array("i", [1])',
        'while waiting[0] > 0:',
        '    time.sleep(0.02)',
        '    fcntl.ioctl(writer, termios.FIONREAD, waiting)',
        'time.sleep(0.2)',
        'os.write(writer, payload[20:].encode())',
        'os.close(writer)',
        'out, err = child.communicate()',
        'sys.stdout.write(out.decode() + "\\n--\\n" + err.decode())',
      ].join('\n');
      const payload = call(cwd, 'PreToolUse', 'Read', { file_path: join(cwd, 'a.ts') }, 'r1');
      const args = [fifo, payload, process.execPath, cliPath, 'hook', '--spec', flags.spec, '--state-dir', flags.stateDir];
      const run = spawnSync('python3', ['-c', caller, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
      const [stdout, stderr] = run.stdout.split('\n--\n');
      expect(stderr).toBe('');
      expect(JSON.parse(stdout as string).hookSpecificOutput.permissionDecision).toBe('deny');
    },
  );

  it.skipIf(!python || process.platform === 'win32')(
    'answers a caller that closed its end with nothing: no stack trace, exit code 0',
    () => {
      const { cwd, flags } = project(0);
      const caller = [
        'import subprocess, sys',
        'payload, *command = sys.argv[1:]',
        'child = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
        // The agent stops listening before the answer comes: the hook's write meets a closed pipe (EPIPE).
        'child.stdout.close()',
        'child.stdin.write(payload.encode())',
        'child.stdin.close()',
        'err = child.stderr.read()',
        'sys.stdout.write(str(child.wait()) + "\\n--\\n" + err.decode())',
      ].join('\n');
      const payload = call(cwd, 'PreToolUse', 'Read', { file_path: join(cwd, 'a.ts') }, 'r1');
      const args = [payload, process.execPath, cliPath, 'hook', '--spec', flags.spec, '--state-dir', flags.stateDir];
      const run = spawnSync('python3', ['-c', caller, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
      expect(run.stdout).toBe('0\n--\n');
    },
  );

  it('lets the call through with one line when standard input cannot be read at all', () => {
    const { cwd, flags } = project(0);
    const folder = openSync(cwd, 'r');
    try {
      const run = spawnSync(process.execPath, [cliPath, 'hook', '--spec', flags.spec, '--state-dir', flags.stateDir], {
        cwd,
        stdio: [folder, 'pipe', 'pipe'],
        encoding: 'utf8',
      });
      expect(run.status).toBe(0);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe('compile-investigation hook: standard input cannot be read (EISDIR); let through\n');
    } finally {
      closeSync(folder);
    }
  });
});

describe('the hook at a stop', () => {
  it('blocks a session that read with no spec written, with the trace draft command, then lets it stop after hooks.maxStopBlocks', async () => {
    const { cwd, flags } = project(5, { hooks: { maxStopBlocks: 2 } });
    const missing = { ...flags, spec: 'later.yaml' };
    await answerHook(call(cwd, 'PostToolUse', 'Read', { file_path: join(cwd, 'a.ts') }, 'r1', { tool_response: {} }), missing, {});
    const stop = async (active: boolean) =>
      JSON.parse(
        (
          await answerHook(
            JSON.stringify({ hook_event_name: 'Stop', session_id: 'S', cwd, transcript_path: '/t/s.jsonl', stop_hook_active: active }),
            missing,
            {},
          )
        ).stdout,
      );
    expect(await stop(false)).toEqual({
      decision: 'block',
      reason: expect.stringContaining('`compile-investigation trace draft /t/s.jsonl --output later.yaml`'),
    });
    expect((await stop(true)).decision).toBe('block');
    expect(await stop(true)).toEqual({ systemMessage: expect.stringContaining('later.yaml was never written') });
    // A fresh stop counts again from none.
    expect((await stop(false)).decision).toBe('block');
  });
});

describe('failures', () => {
  it('let the call through with one line on standard error, or block it with hooks.failClosed', async () => {
    expect(await answerHook('not json', {}, {})).toEqual({
      stdout: '',
      stderr: expect.stringMatching(/^compile-investigation hook: .*let through\n$/),
      exitCode: 0,
    });
    const broken = project(5, { hooks: { blindReads: 'sometimes' } });
    const open = await read(broken.cwd, broken.flags, join(broken.cwd, 'a.ts'), 'r1');
    expect(open).toEqual({
      stdout: '',
      stderr: expect.stringContaining('hooks.blindReads "sometimes" must be deny, warn or off'),
      exitCode: 0,
    });
    const closed = project(5, { hooks: { failClosed: true, stateDir: 'spec.json/cannot-be-a-folder' } });
    const answer = await read(closed.cwd, { spec: 'spec.json' } as never, join(closed.cwd, 'a.ts'), 'r1');
    expect(answer.exitCode).toBe(2);
    expect(answer.stderr).toMatch(/blocked \(hooks\.failClosed\)\n$/);
  });
});
