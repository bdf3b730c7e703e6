import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trace-show-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('trace show', () => {
  it('prints the calls in time order, map calls and reads marked, paths relative to the first cwd', async () => {
    const run = await runInProcess(['trace', 'show', 'fixtures/traces/transcript-small.jsonl'], { cwd: root });
    expect(run.status).toBe(0);
    const rows = run.stdout.split('\n').filter((line) => /^ {2}\d/.test(line));
    expect(
      rows.map((row) =>
        row
          .trim()
          .split(/\s{2,}/)
          .slice(2),
      ),
    ).toEqual([
      ['map', 'Glob', 'ok', 'src/**/*.ts -> 2 nodes'],
      ['map', 'Bash', 'ok', 'ls -la src/reports -> 2 nodes'],
      ['read', 'Read', 'ok', 'src/totals.ts'],
      ['read', 'Read', 'failed', 'src/missing.ts'],
      ['read', 'Bash', 'ok', 'src/reports/monthly.ts (partial)'],
      ['map', 'Grep', 'ok', 'monthlyTotal -> 1 node', '[subagent]'],
      ['read', 'Read', 'no result', 'src/export.ts (partial)'],
    ]);
    expect(run.stdout).toContain('paths relative to /work/ledger\n');
    expect(run.stdout).toContain('note: 1 line not read (line 17: malformed)');
    expect(run.stdout).toContain('note: 1 result without a call (call-never-made)');
  });

  it('--trace-root chooses the folder paths are shown under; --format json gives the calls as data', async () => {
    const run = await runInProcess(['trace', 'show', 'fixtures/traces/hook-small.jsonl', '--trace-root', '/work', '--format', 'json'], {
      cwd: root,
    });
    expect(run.status).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data.root).toBe('/work');
    expect(data.trace.format).toBe('hook-payloads');
    expect(data.counts.byKind).toEqual({ map: 3, read: 2, other: 0 });
    expect(data.trace.calls[2]).toMatchObject({ id: 'hook-3', kind: 'read', target: '/work/ledger/docs/totals.md' });
    // The trace's paths are the agent's machine's: a root relative to this one's folder means nothing there.
    const relative = await runInProcess(['trace', 'show', 'fixtures/traces/hook-small.jsonl', '--trace-root', 'work'], { cwd: root });
    expect(relative.status).toBe(2);
    expect(relative.stderr).toContain('--trace-root takes an absolute folder');
  });

  it('makes control and bidi characters of a trace visible, and never prints a result', async () => {
    const path = join(scratch, 'hostile.jsonl');
    const payload = {
      hook_event_name: 'PostToolUse',
      cwd: '/r',
      tool_name: 'Read',
      tool_input: { file_path: 'evil\u202etxt.sh\u001b[31m' },
      tool_response: { file: { filePath: '/r/evil\u202etxt.sh\u001b[31m', content: 'SECRET-TOKEN-123' } },
      tool_use_id: 'x',
    };
    writeFileSync(path, `${JSON.stringify(payload)}\n`);
    for (const format of ['text', 'json']) {
      const run = await runInProcess(['trace', 'show', path, '--format', format], { cwd: scratch });
      expect(run.status).toBe(0);
      expect(run.stdout).not.toMatch(/[\u202e\u001b]/);
      expect(run.stdout).not.toContain('SECRET-TOKEN-123');
    }
  });

  it('a file that is no trace, or is missing, is an input error with its subcode', async () => {
    const notTrace = await runInProcess(['trace', 'show', 'ARCHITECTURE.md', '--json'], { cwd: root });
    expect(notTrace.status).toBe(3);
    expect(JSON.parse(notTrace.stdout).error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_A_TRACE' });
    const missing = await runInProcess(['trace', 'show', 'nope.jsonl', '--json'], { cwd: root });
    expect(missing.status).toBe(3);
    expect(JSON.parse(missing.stdout).error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_FOUND' });
    const folder = await runInProcess(['trace', 'show', 'fixtures'], { cwd: root });
    expect(folder.status).toBe(3);
    expect(folder.stderr).toContain('fixtures is a directory');
  });

  it('--trace-since and --trace-until keep the calls of one window, both ends included, and say how many were left out', async () => {
    const args = ['trace', 'show', 'fixtures/traces/transcript-small.jsonl', '--format', 'json'];
    const run = await runInProcess([...args, '--trace-since', '2026-03-02T10:00:05Z', '--trace-until', '2026-03-02T10:00:10Z'], {
      cwd: root,
    });
    expect(run.status).toBe(0);
    const data = JSON.parse(run.stdout);
    expect(data.trace.calls.map((call: { id: string }) => call.id)).toEqual([
      'call-ls',
      'call-read-totals',
      'call-read-missing',
      'call-sed',
    ]);
    expect(data.trace.narrowed).toEqual({ since: '2026-03-02T10:00:05Z', until: '2026-03-02T10:00:10Z', outside: 3 });
    const text = await runInProcess(['trace', 'show', 'fixtures/traces/transcript-small.jsonl', '--trace-since', '2026-03-02T10:00:11Z'], {
      cwd: root,
    });
    expect(text.stdout).toContain('note: only the calls from 2026-03-02T10:00:11Z: 5 calls of the trace left out');
  });

  it('a window that is no time, or asked of hook payloads, which carry none, is a usage error', async () => {
    const bad = await runInProcess(['trace', 'show', 'fixtures/traces/transcript-small.jsonl', '--trace-since', 'yesterday'], {
      cwd: root,
    });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--trace-since takes an ISO 8601 time');
    const untimed = await runInProcess(['trace', 'show', 'fixtures/traces/hook-small.jsonl', '--trace-until', '2026-03-02'], { cwd: root });
    expect(untimed.status).toBe(2);
    expect(untimed.stderr).toContain('carry no time');
  });

  it("a policy's traceShellPrograms lays programs over the built-in table, and null takes one out", async () => {
    const trace = join(scratch, 'programs.jsonl');
    const payload = (id: string, command: string, stdout: string) =>
      JSON.stringify({
        hook_event_name: 'PostToolUse',
        cwd: '/r',
        tool_name: 'Bash',
        tool_input: { command },
        tool_response: { stdout },
        tool_use_id: id,
      });
    writeFileSync(
      trace,
      [payload('e', 'eza src', 'a.ts\nb.ts'), payload('b', 'bat src/a.ts', '...'), payload('c', 'cat src/b.ts', '...')].join('\n'),
    );
    const policy = join(scratch, 'programs.policy.json');
    writeFileSync(
      policy,
      JSON.stringify({
        traceShellPrograms: { eza: { kind: 'map', output: 'listing' }, bat: { kind: 'read', valueOptions: ['-r'] }, cat: null },
      }),
    );
    const kinds = async (extra: string[]) => {
      const run = await runInProcess(['trace', 'show', trace, '--format', 'json', ...extra], { cwd: scratch });
      expect(run.status).toBe(0);
      return JSON.parse(run.stdout).trace.calls.map((call: { kind: string; surfaced?: string[]; target?: string }) => [
        call.kind,
        call.surfaced ?? call.target ?? null,
      ]);
    };
    expect(await kinds([])).toEqual([
      ['other', null],
      ['other', null],
      ['read', '/r/src/b.ts'],
    ]);
    expect(await kinds(['--policy', policy])).toEqual([
      ['map', ['/r/src/a.ts', '/r/src/b.ts']],
      ['read', '/r/src/a.ts'],
      ['other', null],
    ]);
  });

  it('a map program without its output shape is an invalid policy, a usage error', async () => {
    const policy = join(scratch, 'bad.policy.json');
    writeFileSync(policy, JSON.stringify({ traceShellPrograms: { eza: { kind: 'map' } } }));
    const run = await runInProcess(['trace', 'show', 'fixtures/traces/hook-small.jsonl', '--policy', policy], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('output');
  });

  it('trace alone, or with a word that names no trace command, is a usage error that names them', async () => {
    const alone = await runInProcess(['trace'], { cwd: root });
    expect(alone.status).toBe(2);
    expect(alone.stderr).toContain('trace needs a command: show');
    const unknown = await runInProcess(['trace', 'shwo', 'x.jsonl'], { cwd: root });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('unknown trace command "shwo"; use show');
  });

  it('says where a Glob or a Grep searched (its path), so that one pattern in two folders reads as two calls', async () => {
    const path = join(scratch, 'searched.jsonl');
    const payload = (id: string, tool: string, input: Record<string, unknown>, filenames: string[]) => ({
      hook_event_name: 'PostToolUse',
      cwd: '/r',
      tool_name: tool,
      tool_input: input,
      tool_response: { filenames, numFiles: filenames.length },
      tool_use_id: id,
    });
    const calls = [
      payload('glob-docs', 'Glob', { pattern: '**/*.md', path: 'docs' }, ['/r/docs/a.md']),
      payload('glob-notes', 'Glob', { pattern: '**/*.md', path: '/r/notes/' }, ['/r/notes/b.md', '/r/notes/c.md']),
      payload('glob-here', 'Glob', { pattern: '**/*.md' }, ['/r/docs/a.md']),
      payload('grep-outside', 'Grep', { pattern: 'total', path: '/elsewhere/src' }, []),
      payload('ls', 'LS', { path: '/r/docs' }, []),
    ];
    writeFileSync(path, `${calls.map((call) => JSON.stringify(call)).join('\n')}\n`);
    const run = await runInProcess(['trace', 'show', path], { cwd: root });
    expect(run.status).toBe(0);
    const what = run.stdout
      .split('\n')
      .filter((line) => /^ {2}\d/.test(line))
      .map((row) => row.trim().split(/\s{2,}/)[5]);
    expect(what).toEqual([
      '**/*.md in docs -> 1 node',
      '**/*.md in notes -> 2 nodes',
      '**/*.md -> 1 node',
      'total in /elsewhere/src -> 0 nodes',
      // LS has no pattern: its path is its query, said once.
      '/r/docs -> 0 nodes',
    ]);
    const json = await runInProcess(['trace', 'show', path, '--format', 'json'], { cwd: root });
    const searched = JSON.parse(json.stdout).trace.calls.map((call: { searchPath?: string }) => call.searchPath ?? null);
    expect(searched).toEqual(['/r/docs', '/r/notes', null, '/elsewhere/src', null]);
  });

  it('--output writes the timeline atomically and prints nothing', async () => {
    const output = join(scratch, 'timeline.txt');
    const run = await runInProcess(['trace', 'show', join(root, 'fixtures/traces/hook-small.jsonl'), '--output', output], { cwd: scratch });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('');
    expect(readFileSync(output, 'utf8')).toContain('PostToolUse hook payloads, 6 lines, 5 calls');
  });
});
