import { describe, expect, it } from 'vitest';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('quiet-fail-on-');

/** One unknown key: a warning under the gate, nothing else. */
function warningsOnly(): Record<string, any> {
  const spec = validSpec();
  spec.hypotheses[0].prority = 2;
  return spec;
}

function setUp(): string {
  const dir = tempDir();
  writeJson(dir, 'warn.json', warningsOnly());
  const failing = warningsOnly();
  failing.deepDives[0].tool = 'WebFetch';
  writeJson(dir, 'both.json', failing);
  return dir;
}

const QUIET_STRICT = ['--quiet', '--fail-on', 'warning'];
const NOTE = '1 warning hidden by --quiet fails the gate under --fail-on warning';

describe('--quiet hides warnings from the listing, never from --fail-on warning', () => {
  it('text: exit 1 and the summary says a hidden warning failed the gate', async () => {
    const run = await runInProcess(['warn.json', '--format', 'text', ...QUIET_STRICT], { cwd: setUp() });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe(`✖ ${NOTE}\n`);
    expect(run.stderr).toBe('');
  });

  it('text: beside a file that fails on its own error, only the warnings that decide a file are counted', async () => {
    const run = await runInProcess(['both.json', 'warn.json', '--format', 'text', ...QUIET_STRICT], { cwd: setUp() });
    expect(run.status).toBe(1);
    expect(run.stdout.trimEnd().split('\n').slice(-2)).toEqual(['✖ 1 problem (1 error, 0 warnings)', `✖ ${NOTE}`]);
  });

  it('a report or SARIF on stdout: exit 1 and a note on stderr', async () => {
    for (const format of ['markdown', 'sarif']) {
      const run = await runInProcess(['warn.json', '--format', format, ...QUIET_STRICT], { cwd: setUp() });
      expect(run.status).toBe(1);
      expect(run.stderr).toBe(`compile-investigation: note: ${NOTE}\n`);
    }
  });

  it('--json: GATE_FAILED WARNINGS, whose message says so', async () => {
    const run = await runInProcess(['warn.json', '--json', ...QUIET_STRICT], { cwd: setUp() });
    expect(run.status).toBe(1);
    const envelope = JSON.parse(run.stdout);
    expect(envelope.error).toMatchObject({ code: 'GATE_FAILED', subcode: 'WARNINGS' });
    expect(envelope.error.message).toBe(`the gate failed for 1 file, first warn.json; ${NOTE}`);
    expect(envelope.data.files[0]).toMatchObject({ exitCode: 1, verdict: 'fail', diagnostics: [] });
  });

  it('without --fail-on warning, --quiet still passes a warnings-only file', async () => {
    const run = await runInProcess(['warn.json', '--format', 'text', '--quiet'], { cwd: setUp() });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('✔ 1 file passed\n');
  });
});
