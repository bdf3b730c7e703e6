import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { traceFileChunks } from '../../src/trace/file.js';
import { readTrace } from '../../src/trace/read-trace.js';
import { readTime } from '../../src/trace/time.js';
import { type CliRun, projectRoot, runCli, runCliAsync } from '../support/cli.js';
import { runInProcess } from '../support/in-process.js';
import { useTempDirs } from '../support/temp.js';

/**
 * What a trace is read from, and how: a spec's x-trace only inside the project's tree, whatever is
 * at the path; a file that is no regular file of data (a device, a FIFO, /proc, /sys) refused
 * before a byte is read; a byte-order mark that keeps the first line; times read alike in every
 * time zone.
 */

const tempDir = useTempDirs('trace-input');

const SPEC = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8');
const TRANSCRIPT = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.jsonl'), 'utf8');
const HOOK_SPEC = readFileSync(join(projectRoot, 'fixtures/traces/hook-small.spec.yaml'), 'utf8');
const HOOKS = readFileSync(join(projectRoot, 'fixtures/traces/hook-small.jsonl'));

/** Far above the second a refusal takes: only a run that reads for ever comes near it. */
const HANG_GUARD_MS = 60_000;

/** The transcript spec naming `path` as its trace, written to `folder/name`. */
function specNaming(folder: string, name: string, path: string): string {
  mkdirSync(folder, { recursive: true });
  const file = join(folder, name);
  writeFileSync(file, `${SPEC}x-trace:\n  path: ${JSON.stringify(path)}\n`);
  return file;
}

/** The one file of a --json run: its exit code and input error. */
function fileOf(run: { stdout: string }): { exitCode: number; error: { subcode: string; message: string } | null } {
  return JSON.parse(run.stdout).data.files[0];
}

describe.skipIf(process.platform !== 'linux')('a trace that is no regular file of data is refused before a byte of it is read', () => {
  it('x-trace naming /proc/self/pagemap is refused at once, as a link in the tree to it is, in a child with a hang guard', () => {
    const project = tempDir();
    const direct = specNaming(project, 'pagemap.yaml', '/proc/self/pagemap');
    symlinkSync('/proc/self/pagemap', join(project, 'session.jsonl'));
    const linked = specNaming(project, 'linked.yaml', 'session.jsonl');
    for (const spec of [direct, linked]) {
      const run = runCli([spec, '--json'], { cwd: project, timeout: HANG_GUARD_MS });
      expect(run.status).toBe(3);
      expect(fileOf(run).error).toMatchObject({ subcode: 'LINK_OUT' });
    }
  });

  it('--trace naming a file of /proc or /sys, a device or a FIFO is NOT_A_FILE, said of what the file is', () => {
    const project = tempDir();
    writeFileSync(join(project, 'spec.yaml'), SPEC);
    execFileSync('mkfifo', [join(project, 'pipe.jsonl')]);
    const refusals: Array<[string, string]> = [
      ['/proc/self/pagemap', "is a file of the kernel's proc file system, not a trace file"],
      ['/sys/kernel/mm/transparent_hugepage/enabled', "is a file of the kernel's sysfs file system, not a trace file"],
      ['/dev/zero', 'is not a regular file, not a trace file'],
      ['pipe.jsonl', 'is not a regular file, not a trace file'],
    ];
    for (const [trace, said] of refusals) {
      const run = runCli(['spec.yaml', '--trace', trace, '--json'], { cwd: project, timeout: HANG_GUARD_MS });
      expect(run.status, trace).toBe(3);
      expect(JSON.parse(run.stdout).error, trace).toEqual({ code: 'INPUT_ERROR', subcode: 'NOT_A_FILE', message: `${trace} ${said}` });
      const shown = runCli(['trace', 'show', trace], { cwd: project, timeout: HANG_GUARD_MS });
      expect(shown.status, trace).toBe(3);
      expect(shown.stderr, trace).toContain(said);
    }
  });

  it('reads no further than the size the file had when it was opened', () => {
    const path = join(tempDir(), 'growing.jsonl');
    writeFileSync(path, HOOKS);
    const chunks = traceFileChunks(path, 'growing.jsonl');
    // Written to after it was opened, as a session still running writes its transcript.
    appendFileSync(path, HOOKS);
    expect(Buffer.concat([...chunks])).toEqual(HOOKS);
  });
});

describe("x-trace names only a trace of the project's tree", () => {
  /** A repository (a .git folder at its top) holding the spec, and another session's transcript elsewhere. */
  function layout() {
    const repository = tempDir();
    mkdirSync(join(repository, '.git'));
    mkdirSync(join(repository, 'specs', 'deep'), { recursive: true });
    const elsewhere = tempDir();
    // Another session's transcript: its version string must never reach a report.
    writeFileSync(join(elsewhere, 'session.jsonl'), TRANSCRIPT.replaceAll('2.1.59', '9.9.9-other-session'));
    mkdirSync(join(elsewhere, 'folder'));
    return { repository, elsewhere };
  }

  it('a trace outside it is refused with one message whatever is there (a transcript, a folder, nothing), and nothing of it is read', async () => {
    const { repository, elsewhere } = layout();
    const targets = ['session.jsonl', 'folder', 'missing.jsonl', '/etc/passwd'].map((name) =>
      name.startsWith('/') ? name : join(elsewhere, name),
    );
    const messages = new Set<string>();
    for (const [index, target] of targets.entries()) {
      // Named on the command line from a folder of the repository, as pre-commit passes staged files.
      const spec = specNaming(join(repository, 'specs'), `spec-${index}.yaml`, target);
      const run = await runInProcess([spec, '--json'], { cwd: join(repository, 'specs', 'deep') });
      expect(run.status).toBe(3);
      expect(run.stdout).not.toContain('9.9.9-other-session');
      const { error } = fileOf(run);
      expect(error?.subcode).toBe('LINK_OUT');
      // The same sentence for each, once the path the spec wrote is set aside.
      const shown = error?.message.match(/^x-trace: (\S+) lies outside/)?.[1] as string;
      expect(shown).toBeDefined();
      messages.add(error?.message.replace(shown, 'PATH') as string);
    }
    expect([...messages]).toEqual([
      "x-trace: PATH lies outside the project's tree (the repository that holds the working directory); not read (a spec names only a trace of its project: name one elsewhere with --trace)",
    ]);
    // `next` follows the spec's x-trace the same way.
    const next = await runInProcess(['next', join(repository, 'specs', 'spec-0.yaml')], { cwd: repository });
    expect(next.status).toBe(3);
    expect(next.stdout + next.stderr).not.toContain('9.9.9-other-session');
    expect(next.stdout).toContain("lies outside the project's tree");
  });

  it("inside it, a trace above the spec's folder is followed; a link in the tree that leads out is refused alike", async () => {
    const { repository, elsewhere } = layout();
    mkdirSync(join(repository, 'traces'));
    writeFileSync(join(repository, 'traces', 'session.jsonl'), TRANSCRIPT);
    const inside = specNaming(join(repository, 'specs'), 'inside.yaml', '../traces/session.jsonl');
    const followed = await runInProcess([inside, '--format', 'json'], { cwd: repository });
    expect(followed.status).toBe(0);
    expect(JSON.parse(followed.stdout).trace).toMatchObject({ path: 'traces/session.jsonl', calls: 7 });
    // By its name first: a path outside is refused without a look at where it leads, even into the tree.
    symlinkSync(join(repository, 'traces', 'session.jsonl'), join(elsewhere, 'back-in.jsonl'));
    const named = specNaming(join(repository, 'specs'), 'named.yaml', join(elsewhere, 'back-in.jsonl'));
    expect(fileOf(await runInProcess([named, '--json'], { cwd: repository })).error?.subcode).toBe('LINK_OUT');
    symlinkSync(join(elsewhere, 'session.jsonl'), join(repository, 'traces', 'linked.jsonl'));
    const linked = specNaming(join(repository, 'specs'), 'linked.yaml', '../traces/linked.jsonl');
    const refused = await runInProcess([linked, '--json'], { cwd: repository });
    expect(refused.stdout).not.toContain('9.9.9-other-session');
    expect(fileOf(refused).error?.message).toBe(
      "x-trace: traces/linked.jsonl lies outside the project's tree (the repository that holds the working directory); not read (a spec names only a trace of its project: name one elsewhere with --trace)",
    );
  });

  it('--trace, given by the person running the tool, names a trace anywhere; outside any repository the working directory is the tree', async () => {
    const { repository, elsewhere } = layout();
    writeFileSync(join(repository, 'specs', 'spec.yaml'), SPEC);
    const given = await runInProcess(['specs/spec.yaml', '--trace', join(elsewhere, 'session.jsonl'), '--format', 'json'], {
      cwd: repository,
    });
    expect(given.status).toBe(0);
    expect(JSON.parse(given.stdout).trace.versions).toEqual(['2.1.60', '9.9.9-other-session']);
    // No repository: the working directory is the tree, however near the spec's own folder the trace lies.
    const plain = tempDir();
    writeFileSync(join(plain, 'session.jsonl'), TRANSCRIPT);
    const below = specNaming(join(plain, 'work'), 'below.yaml', '../session.jsonl');
    expect((await runInProcess([below, '--json'], { cwd: plain })).status).toBe(0);
    const narrower = await runInProcess([below, '--json'], { cwd: join(plain, 'work') });
    expect(fileOf(narrower).error?.message).toContain("lies outside the project's tree (the working directory, outside any repository)");
  });
});

describe('a trace that starts with a byte-order mark', () => {
  const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

  it('keeps its first line, a byte at a time too; its SHA-256 is that of its bytes, mark included', () => {
    const bytes = Buffer.concat([BOM, HOOKS]);
    const whole = readTrace([bytes]);
    expect(whole.skippedCount).toBe(0);
    expect(whole.calls[0]).toMatchObject({ id: 'hook-1', tool: 'Glob', line: 1 });
    expect(whole.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    const byBytes = readTrace([...bytes].map((byte) => Uint8Array.of(byte)));
    expect(byBytes).toEqual(whole);
    // Only a mark that starts the file is dropped: one on a later line is that line's, malformed.
    const later = readTrace([Buffer.concat([HOOKS, BOM, Buffer.from('{}\n')])]);
    expect(later.skipped).toEqual([{ line: HOOKS.toString('utf8').trimEnd().split('\n').length + 1, reason: 'malformed' }]);
  });

  it('an honest spec checked against it passes: the Glob of its first line still surfaced its nodes', async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'hook-small.jsonl'), Buffer.concat([BOM, HOOKS]));
    writeFileSync(join(folder, 'spec.yaml'), HOOK_SPEC);
    // The fixture's own policy, which allows its tree and head.
    const policy = JSON.parse(readFileSync(join(projectRoot, 'fixtures/traces/hook-small.spec.expect.json'), 'utf8')).policy;
    writeFileSync(join(folder, 'policy.json'), JSON.stringify(policy));
    const run = await runInProcess(['spec.yaml', '--policy', 'policy.json', '--format', 'json'], { cwd: folder });
    const report = JSON.parse(run.stdout);
    expect(report.diagnostics).toEqual([]);
    expect(report.trace).toMatchObject({ skippedLines: 0, calls: 5 });
    expect(run.status).toBe(0);
  });
});

describe('times without a zone', () => {
  it('are read as UTC, by their parts; a day or an hour that does not exist is no time', () => {
    const utc = (...parts: [number, number, number, number?, number?, number?, number?]) => Date.UTC(...parts);
    expect(readTime('2026-03-02T10:00:00')).toEqual({ ms: utc(2026, 2, 2, 10), zoned: false });
    expect(readTime('2026-03-02T10:00:00.25Z')).toEqual({ ms: utc(2026, 2, 2, 10, 0, 0, 250), zoned: true });
    expect(readTime('2026-03-02T10:00:00+05:30')).toEqual({ ms: utc(2026, 2, 2, 4, 30), zoned: true });
    expect(readTime('2026-03-02 10:00:00-0800')).toEqual({ ms: utc(2026, 2, 2, 18), zoned: true });
    expect(readTime('2026-03-02')).toEqual({ ms: utc(2026, 2, 2), zoned: false });
    expect(readTime('2026-03-02T24:00:00Z')).toEqual({ ms: utc(2026, 2, 3), zoned: true });
    expect(readTime('0050-01-01T00:00:00Z')?.ms).toBe(Date.parse('0050-01-01T00:00:00Z'));
    for (const text of [
      '2026-02-29T00:00:00Z',
      '2026-03-02T24:00:01Z',
      '2026-03-02T10:60:00Z',
      '2026-13-01',
      'Mon, 02 Mar 2026 10:00:00',
      '',
    ])
      expect(readTime(text), text).toBeUndefined();
  });

  it('give byte-identical reports, timelines and windows in every time zone, and the report says how many were read as UTC', async () => {
    const folder = tempDir();
    // The read of src/totals.ts written with no zone, an hour before the Glob that surfaced it (when read as UTC).
    const trace = TRANSCRIPT.split('\n')
      .map((line) => (line.includes('"uuid":"u-7"') ? line.replace('"2026-03-02T10:00:08.000Z"', '"2026-03-02T09:00:08.000"') : line))
      .join('\n');
    expect(trace).not.toBe(TRANSCRIPT);
    writeFileSync(join(folder, 'session.jsonl'), trace);
    writeFileSync(join(folder, 'spec.yaml'), `${SPEC}x-trace:\n  path: session.jsonl\n  since: 2026-03-02T08:30:00Z\n`);
    const runs = async (tz: string): Promise<CliRun[]> => {
      const env = { TZ: tz, LANG: 'C', LC_ALL: 'C' };
      return Promise.all([
        runCliAsync(['spec.yaml', '--format', 'json'], { cwd: folder, env }),
        runCliAsync(['spec.yaml', '--format', 'markdown'], { cwd: folder, env }),
        runCliAsync(['trace', 'show', 'session.jsonl', '--trace-since', '2026-03-02T08:30:00Z'], { cwd: folder, env }),
      ]);
    };
    const [utc, kolkata, losAngeles] = [await runs('UTC'), await runs('Asia/Kolkata'), await runs('America/Los_Angeles')];
    expect(kolkata).toEqual(utc);
    expect(losAngeles).toEqual(utc);
    const [json, markdown, timeline] = utc as [CliRun, CliRun, CliRun];
    const report = JSON.parse(json.stdout);
    // Read as UTC, the read came before any call surfaced its node.
    expect(report.diagnostics.map((diagnostic: { ruleId: string }) => diagnostic.ruleId)).toContain('trace-order');
    expect(report.trace.timesWithoutZone).toBe(2);
    expect(markdown.stdout).toContain('Calls whose time names no zone, read as UTC: 2');
    expect(timeline.stdout).toContain('note: 2 calls with a time that names no zone, read as UTC');
  });

  it("are refused in the spec's own x-trace (the schema's error) and in --trace-since and --trace-until (a usage error)", async () => {
    const folder = tempDir();
    writeFileSync(join(folder, 'session.jsonl'), TRANSCRIPT);
    writeFileSync(join(folder, 'spec.yaml'), `${SPEC}x-trace:\n  path: session.jsonl\n  until: 2026-03-02T10:00:09\n`);
    const linked = await runInProcess(['spec.yaml', '--json'], { cwd: folder });
    const { exitCode, diagnostics } = JSON.parse(linked.stdout).data.files[0];
    expect(exitCode).toBe(1);
    // The link is not followed: the schema's error is its only finding, said as the flag's would be.
    expect(diagnostics.map((d: { ruleId: string; path: string; message: string }) => [d.ruleId, d.path, d.message])).toEqual([
      [
        'schema',
        '/x-trace/until',
        '/x-trace/until "2026-03-02T10:00:09" has no zone, and would be read in each machine\'s own: write "2026-03-02T10:00:09Z" for UTC, or the offset it was in (such as +05:30).',
      ],
    ]);
    writeFileSync(join(folder, 'plain.yaml'), SPEC);
    const flag = await runInProcess(['plain.yaml', '--trace', 'session.jsonl', '--trace-until', '2026-03-02T10:00:09'], { cwd: folder });
    expect(flag.status).toBe(2);
    expect(flag.stderr).toContain(
      '--trace-until "2026-03-02T10:00:09" has no zone, and would be read in each machine\'s own: write "2026-03-02T10:00:09Z" for UTC',
    );
  });
});
