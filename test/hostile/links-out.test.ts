/**
 * Links out of the folders the tool reads and writes without the user naming each file: the
 * goldens and sidecars of `test`, a sidecar's configuration, what `--update` writes, and the
 * reports of `--output-dir`. A link out is neither read nor written through, whatever it leads
 * to; a message that refuses one names the link, never what the file outside holds, and no file
 * outside is written or changed. Races are run too: a file swapped for a link out while the tool
 * works must not be read or written through either.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sameFileAt } from '../../src/common/descriptor-path.js';
import { type FolderBound, folderBound, openedInside, removeOpened, resolvesInside } from '../../src/common/folder-bound.js';
import { writeFileSafely } from '../../src/common/write-file.js';
import { expandInputs } from '../../src/engine/inputs.js';
import { createCompiler } from '../../src/index.js';
import { readInput } from '../../src/load/read-input.js';
import { runFixture } from '../../src/regression/index.js';
import { compileFile } from '../../src/run/compile-file.js';
import { runCli } from '../support/cli.js';
import { envelopeOf } from '../support/envelope.js';
import { runInProcess } from '../support/in-process.js';
import { posix } from '../support/platform.js';
import { sha256 } from '../support/sha256.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('links-out');
const SECRET = 'SECRET-OUTSIDE-7f3a';

interface Layout {
  /** The working directory of the run. */
  dir: string;
  /** dir/suite: the fixture folder given to `test`, holding a.json and a.expect.json (exit code 0). */
  suite: string;
  /** dir/outside: files a link may lead to, each holding SECRET. */
  outside: string;
}

/** A fixture folder with one passing fixture, and beside it a folder of secrets: a Markdown file, a JSON object with SECRET as a key, a configuration. */
function layout(): Layout {
  const dir = tempDir();
  const suite = join(dir, 'suite');
  const outside = join(dir, 'outside');
  writeJson(suite, 'a.json', validSpec());
  writeJson(suite, 'a.expect.json', { exitCode: 0 });
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.md'), `# ${SECRET}\n\nline two\n`);
  writeJson(outside, 'secret.json', { exitCode: 0, [SECRET]: true });
  writeJson(outside, 'config.json', { rules: { [SECRET]: 'off' } });
  return { dir, suite, outside };
}

/** Every file below `folder` (links as their target path) with the hash of its bytes: how a test sees that nothing there changed or appeared. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const path = join(folder, name);
    const stats = lstatSync(path);
    if (stats.isFile()) files[name] = sha256(readFileSync(path));
    else if (stats.isSymbolicLink()) files[name] = `link`;
  }
  return files;
}

function expectNoSecret(...outputs: string[]): void {
  for (const output of outputs) expect(output).not.toContain(SECRET);
}

describe.skipIf(!posix)('test: goldens and sidecars that link out of the fixture folder', () => {
  it('a golden that links out is not read: the fixture fails, naming the link, and the file outside is quoted nowhere', async () => {
    const { dir, suite, outside } = layout();
    symlinkSync(join(outside, 'secret.md'), join(suite, 'a.report.md'));
    const text = await runInProcess(['test', 'suite'], { cwd: dir });
    const json = await runInProcess(['test', 'suite', '--json'], { cwd: dir });
    expect(text.status).toBe(1);
    expect(envelopeOf(json.stdout).data.fixtures[0].problems).toEqual([
      'suite/a.report.md is a symbolic link out of the fixture folder suite; not read',
    ]);
    expectNoSecret(text.stdout, text.stderr, json.stdout, json.stderr);
  });

  it.skipIf(process.platform !== 'linux')('a golden linked to /proc/self/environ does not print the environment', () => {
    const { dir, suite } = layout();
    symlinkSync('/proc/self/environ', join(suite, 'a.report.md'));
    const result = runCli(['test', 'suite'], { cwd: dir, env: { LINKS_OUT_MARKER: SECRET } });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('suite/a.report.md is a symbolic link out of the fixture folder suite; not read');
    expectNoSecret(result.stdout, result.stderr);
  });

  it('--update goldens writes no golden through a link out, to a file or to nothing yet, and says so', async () => {
    const { dir, suite, outside } = layout();
    symlinkSync(join(outside, 'secret.md'), join(suite, 'a.report.md'));
    symlinkSync(join(outside, 'new.json'), join(suite, 'a.report.json'));
    const before = snapshot(outside);
    const result = await runInProcess(['test', 'suite', '--update', 'goldens', '--json'], { cwd: dir });
    expect(result.status).toBe(1);
    const envelope = envelopeOf(result.stdout);
    expect(envelope.data.fixtures[0].problems).toEqual([
      'suite/a.report.md is a symbolic link out of the fixture folder suite; not written through',
      'suite/a.report.json is a symbolic link out of the fixture folder suite; not written through',
    ]);
    expect(envelope.data.updated).toEqual([]);
    expect(snapshot(outside)).toEqual(before);
    expect(lstatSync(join(suite, 'a.report.md')).isSymbolicLink()).toBe(true);
    expectNoSecret(result.stdout, result.stderr);
  });

  it('a sidecar that links out is not read; --update all writes no expectation through a link out', async () => {
    const { dir, suite, outside } = layout();
    writeJson(suite, 'b.json', validSpec());
    symlinkSync(join(outside, 'secret.json'), join(suite, 'b.expect.json'));
    writeJson(suite, 'c.json', validSpec());
    symlinkSync(join(outside, 'c.expect.json'), join(suite, 'c.expect.json'));
    const before = snapshot(outside);
    const checked = envelopeOf((await runInProcess(['test', 'suite', '--json'], { cwd: dir })).stdout);
    expect(checked.data.fixtures.map((fixture: any) => [fixture.path, fixture.problems])).toEqual([
      ['suite/a.json', []],
      ['suite/b.json', ['suite/b.expect.json: the file is a symbolic link out of the fixture folder suite; not read']],
      ['suite/c.json', ['missing expectation suite/c.expect.json']],
    ]);
    const updated = await runInProcess(['test', 'suite', '--update', 'all', '--json'], { cwd: dir });
    const envelope = envelopeOf(updated.stdout);
    expect(envelope.data.fixtures[2].problems).toEqual([
      'suite/c.expect.json is a symbolic link out of the fixture folder suite; not written through',
    ]);
    expect(snapshot(outside)).toEqual(before);
    expectNoSecret(JSON.stringify(checked), updated.stdout, updated.stderr);
  });

  it('a sidecar’s config must lie inside the fixture folder: an absolute path, ../, or a link out are refused, naming the sidecar and the path', async () => {
    const { dir, suite, outside } = layout();
    const sidecars: Record<string, string> = {
      absolute: join(outside, 'config.json'),
      parent: '../outside/config.json',
      linked: 'linked-config.json',
      missing: '../outside/none.json',
    };
    symlinkSync(join(outside, 'config.json'), join(suite, 'linked-config.json'));
    for (const [name, config] of Object.entries(sidecars)) {
      writeJson(suite, `${name}.json`, validSpec());
      writeJson(suite, `${name}.expect.json`, { config, exitCode: 0 });
    }
    const result = await runInProcess(['test', 'suite', '--json'], { cwd: dir });
    const problems = Object.fromEntries(envelopeOf(result.stdout).data.fixtures.map((fixture: any) => [fixture.path, fixture.problems]));
    const refusal = (name: string, shown: string) =>
      `suite/${name}.expect.json: config ${shown} lies outside the fixture folder suite; refused (a sidecar names only a configuration inside the folder given to test)`;
    expect(problems).toEqual({
      'suite/a.json': [],
      'suite/absolute.json': [refusal('absolute', 'outside/config.json')],
      'suite/linked.json': [refusal('linked', 'suite/linked-config.json')],
      'suite/missing.json': [refusal('missing', 'outside/none.json')],
      'suite/parent.json': [refusal('parent', 'outside/config.json')],
    });
    expectNoSecret(result.stdout, result.stderr);
  });

  it('a sidecar’s config inside the folder given is read, also from a subfolder through ../ or a link inside', async () => {
    const { dir, suite } = layout();
    writeJson(suite, 'allow-node.cfg', { policy: { expensiveDiveTools: ['Read', 'node'] } });
    symlinkSync('allow-node.cfg', join(suite, 'alias.cfg'));
    const nodeDives = validSpec();
    for (const dive of nodeDives.deepDives) dive.tool = 'node';
    writeJson(join(suite, 'sub'), 'b.json', nodeDives);
    writeJson(join(suite, 'sub'), 'b.expect.json', { config: '../allow-node.cfg', exitCode: 0 });
    writeJson(join(suite, 'sub'), 'c.json', nodeDives);
    writeJson(join(suite, 'sub'), 'c.expect.json', { config: '../alias.cfg', exitCode: 0 });
    const result = await runInProcess(['test', 'suite'], { cwd: dir });
    expect(result.stdout).toBe('3 passed, 0 failed\n');
  });
});

describe.skipIf(!posix)('--output-dir: reports that link out of the folder', () => {
  function inputs(): { dir: string; outside: string } {
    const dir = tempDir();
    writeJson(dir, 'a.json', validSpec());
    writeJson(dir, 'b.json', validSpec());
    mkdirSync(join(dir, 'out'));
    mkdirSync(join(dir, 'outside'));
    writeFileSync(join(dir, 'outside', 'secret.md'), `# ${SECRET}\n`);
    return { dir, outside: join(dir, 'outside') };
  }

  it('a report that links out, to a file or to nothing yet, refuses the run before any report is written', async () => {
    for (const target of ['secret.md', 'new.md']) {
      const { dir, outside } = inputs();
      symlinkSync(join(outside, target), join(dir, 'out', 'b.report.md'));
      const before = snapshot(outside);
      const result = await runInProcess(['a.json', 'b.json', '--output-dir', 'out', '--json'], { cwd: dir });
      expect(result.status).toBe(2);
      const envelope = envelopeOf(result.stdout);
      expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' });
      expect(envelope.error.message).toBe(
        'the report of b.json would be written to out/b.report.md, which is a symbolic link out of out; remove it or choose another --output-dir (nothing was written)',
      );
      expect(readdirSync(join(dir, 'out'))).toEqual(['b.report.md']);
      expect(snapshot(outside)).toEqual(before);
      expectNoSecret(result.stdout, result.stderr);
    }
  });

  it('a report that links to a file inside the folder is written there, the link kept; a folder given as a link is the user’s', async () => {
    const { dir } = inputs();
    writeFileSync(join(dir, 'out', 'kept.md'), 'old\n');
    symlinkSync('kept.md', join(dir, 'out', 'a.report.md'));
    symlinkSync('out', join(dir, 'out-link'));
    const result = await runInProcess(['a.json', '--output-dir', 'out-link'], { cwd: dir });
    expect(result.status, result.stderr).toBe(0);
    expect(lstatSync(join(dir, 'out', 'a.report.md')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'out', 'kept.md'), 'utf8')).toContain('# ');
  });
});

describe.skipIf(!posix)('compare and stats: links out of BASE, HEAD and the folders given', () => {
  it('compare skips a report or spec in HEAD that links out, with a warning, and quotes nothing of it', async () => {
    const { dir, outside } = layout();
    writeJson(join(dir, 'base'), 'a.json', validSpec());
    writeJson(join(dir, 'head'), 'a.json', validSpec());
    symlinkSync(join(outside, 'secret.json'), join(dir, 'head', 'b.report.json'));
    symlinkSync(join(outside, 'secret.md'), join(dir, 'head', 'c.json'));
    const result = await runInProcess(['compare', 'base', 'head', '--json'], { cwd: dir });
    const envelope = envelopeOf(result.stdout);
    expect(envelope.warnings).toEqual([
      '"head/b.report.json" is a symbolic link out of "head"; not followed (a link out of a folder or glob is compiled only when named on the command line)',
      '"head/c.json" is a symbolic link out of "head"; not followed (a link out of a folder or glob is compiled only when named on the command line)',
    ]);
    expectNoSecret(result.stdout, result.stderr);
  });
});

describe.skipIf(!posix)('what is opened is checked, not a path checked before', () => {
  it('a spec found in a folder and then swapped for a link out is not read: LINK_OUT, naming it', async () => {
    const { dir, outside } = layout();
    writeJson(join(dir, 'specs'), 'a.json', validSpec());
    writeFileSync(join(outside, 'syntax.json'), `{ "${SECRET}": \n`);
    const { files } = await expandInputs(['specs'], dir);
    const [input] = files;
    if (input === undefined) throw new Error('the spec was not found');
    // The swap, after the folder was listed and before the file is read.
    const swapped = join(dir, 'specs', 'swap.tmp');
    symlinkSync(join(outside, 'syntax.json'), swapped);
    renameSync(swapped, join(dir, 'specs', 'a.json'));
    const outcome = compileFile(createCompiler(), input, { maxBytes: 1 << 20, failOn: 'error', quiet: false }, true);
    expect(outcome.error).toEqual({
      code: 'INPUT_ERROR',
      subcode: 'LINK_OUT',
      message: 'specs/a.json is a symbolic link out of specs; not read',
    });
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });

  /**
   * Runs `work` while a child process runs `swap` (statements that swap a file or folder for a
   * link out and back, calling `pause()` to stay a while in each state) in a loop; `work` starts
   * once the loop has gone round once. The loop ends by itself after two minutes: a hang guard,
   * far above the run.
   */
  async function whileSwapping(swap: string, work: () => void): Promise<void> {
    const loop = `const fs = require('node:fs'); const end = Date.now() + 120000; let first = true;
      const pause = () => { const until = process.hrtime.bigint() + BigInt(Math.floor(Math.random() * 2e6)); while (process.hrtime.bigint() < until); };
      while (Date.now() < end) { { ${swap}; } if (first) { first = false; process.stdout.write('ready\\n'); } }`;
    const child = spawn(process.execPath, ['-e', loop], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise((resolve, reject) => {
        child.stdout.once('data', resolve);
        child.once('exit', reject);
      });
      work();
    } finally {
      child.kill();
      if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
    }
  }

  /**
   * Runs `once` until it has reported each outcome of `seen` at least `times` times (so that the
   * race was run both ways, whatever the machine's speed), or a hang guard of runs is reached.
   */
  function untilSeen(once: () => string[], seen: readonly RegExp[], times = 10): string[] {
    const counts = seen.map(() => 0);
    const outputs: string[] = [];
    for (let run = 0; run < 5_000 && counts.some((count) => count < times); run++) {
      const output = once();
      outputs.push(...output);
      seen.forEach((pattern, index) => {
        if (output.some((line) => pattern.test(line))) counts[index] = (counts[index] ?? 0) + 1;
      });
    }
    expect(
      counts.every((count) => count >= times),
      `outcomes seen: ${counts.join(', ')}`,
    ).toBe(true);
    return outputs;
  }

  const problemsOf = (result: { problems: Array<{ message: string; detail?: string }>; passed: boolean }): string[] =>
    result.passed ? ['passed'] : result.problems.map((problem) => `${problem.message}\n${problem.detail ?? ''}`);

  it('a golden swapped back and forth between itself and a link out is never read outside', async () => {
    const { dir, suite, outside } = layout();
    const golden = join(suite, 'a.report.md');
    const report = runFixture(join(suite, 'a.json'), { cwd: dir, roots: [suite], update: 'goldens' });
    expect(report.written).toContain('suite/a.report.md');
    const content = readFileSync(golden, 'utf8');
    const swap = `
      const golden = ${JSON.stringify(golden)};
      fs.symlinkSync(${JSON.stringify(join(outside, 'secret.md'))}, golden + '.l'); fs.renameSync(golden + '.l', golden); pause();
      fs.writeFileSync(golden + '.f', ${JSON.stringify(content)}); fs.renameSync(golden + '.f', golden); pause()`;
    let outputs: string[] = [];
    await whileSwapping(swap, () => {
      outputs = untilSeen(
        () => problemsOf(runFixture(join(suite, 'a.json'), { cwd: dir, roots: [suite] })),
        [/^passed$/, /symbolic link out/],
      );
    });
    expectNoSecret(...outputs);
  });

  it('a golden swapped back and forth with a link out is never written through by --update', async () => {
    const { dir, suite, outside } = layout();
    const golden = join(suite, 'a.report.md');
    const before = snapshot(outside);
    const swap = `
      const golden = ${JSON.stringify(golden)};
      fs.symlinkSync(${JSON.stringify(join(outside, 'secret.md'))}, golden + '.l'); fs.renameSync(golden + '.l', golden); pause();
      fs.writeFileSync(golden + '.f', 'stale'); fs.renameSync(golden + '.f', golden); pause()`;
    await whileSwapping(swap, () => {
      untilSeen(
        () => problemsOf(runFixture(join(suite, 'a.json'), { cwd: dir, roots: [suite], update: 'goldens' })),
        [/^passed$/, /not written through/],
      );
    });
    expect(snapshot(outside)).toEqual(before);
  });

  it('a fixture folder swapped back and forth with a link out is never written through by --update', async () => {
    const { dir, suite, outside } = layout();
    const sub = join(suite, 'sub');
    writeJson(sub, 'a.json', validSpec());
    writeJson(sub, 'a.expect.json', { exitCode: 0 });
    writeFileSync(join(sub, 'a.report.md'), 'stale\n');
    writeJson(join(outside, 'sub'), 'a.json', validSpec());
    writeJson(join(outside, 'sub'), 'a.expect.json', { exitCode: 0 });
    writeFileSync(join(outside, 'sub', 'a.report.md'), `# ${SECRET}\n`);
    const before = snapshot(outside);
    const swap = `
      const sub = ${JSON.stringify(sub)};
      fs.renameSync(sub, sub + '.real'); fs.symlinkSync(${JSON.stringify(join(outside, 'sub'))}, sub); pause();
      fs.unlinkSync(sub); fs.renameSync(sub + '.real', sub); pause()`;
    await whileSwapping(swap, () => {
      // The folder is missing for a moment in each round: any outcome but a read or a write outside will do.
      untilSeen(() => problemsOf(runFixture(join(sub, 'a.json'), { cwd: dir, roots: [suite], update: 'goldens' })), [/symbolic link out/]);
    });
    expect(snapshot(outside)).toEqual(before);
    expect(existsSync(sub) || existsSync(`${sub}.real`)).toBe(true);
  });
});

describe.skipIf(!posix)('the checks themselves', () => {
  /** root/inside.txt, outside/secret.txt, and root/link.txt leading out to the secret. */
  function files(): { root: string; link: string; inner: string; secret: string; bound: FolderBound } {
    const dir = tempDir();
    const root = join(dir, 'root');
    mkdirSync(root);
    mkdirSync(join(dir, 'outside'));
    const inner = join(root, 'inside.txt');
    const secret = join(dir, 'outside', 'secret.txt');
    writeFileSync(inner, 'inside\n');
    writeFileSync(secret, `${SECRET}\n`);
    const link = join(root, 'link.txt');
    symlinkSync(secret, link);
    return { root, link, inner, secret, bound: folderBound(root, 'root') };
  }

  it('openedInside judges the file that was opened: a link out opened, then turned inward, is still out', () => {
    const { root, link, inner, bound } = files();
    const viaLink = openSync(link, 'r');
    const direct = openSync(inner, 'r');
    try {
      // The link now leads inside: a check of the path would pass, a check of what is open does not.
      renameSync(link, join(root, 'old-link'));
      symlinkSync('inside.txt', link);
      expect(openedInside(viaLink, link, bound)).toBe(false);
      expect(openedInside(direct, inner, bound)).toBe(true);
      // The portable half, used where there is no /proc: the path now names another file than the one open.
      expect(sameFileAt(viaLink, link)).toBeNull();
      expect(sameFileAt(direct, inner)?.equals(realpathSync(inner, { encoding: 'buffer' }))).toBe(true);
      expect(openedInside(direct, inner, { reals: [], shown: 'nowhere' })).toBe(false);
    } finally {
      closeSync(viaLink);
      closeSync(direct);
    }
  });

  it.skipIf(process.platform !== 'linux')('removeOpened removes the file that was opened, not what its path leads to now', () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'a'));
    mkdirSync(join(dir, 'b'));
    symlinkSync('a', join(dir, 'via'));
    const opened = openSync(join(dir, 'via', 'x.tmp'), 'wx');
    try {
      renameSync(join(dir, 'via'), join(dir, 'old-via'));
      symlinkSync('b', join(dir, 'via'));
      writeFileSync(join(dir, 'b', 'x.tmp'), 'a file of the same name elsewhere\n');
      removeOpened(opened, join(dir, 'via', 'x.tmp'));
    } finally {
      closeSync(opened);
    }
    expect(readdirSync(join(dir, 'a'))).toEqual([]);
    expect(readdirSync(join(dir, 'b'))).toEqual(['x.tmp']);
  });

  it('resolvesInside resolves the part of a path that exists and keeps the rest below it', () => {
    const { root, link, secret, bound } = files();
    expect(resolvesInside(join(root, 'inside.txt'), bound)).toBe(true);
    expect(resolvesInside(join(root, 'new', 'deeper', 'x.json'), bound)).toBe(true);
    expect(resolvesInside(join(root, '..', 'outside', 'secret.txt'), bound)).toBe(false);
    expect(resolvesInside(secret, bound)).toBe(false);
    expect(resolvesInside(link, bound)).toBe(false);
    symlinkSync(join(root, '..', 'outside'), join(root, 'away'));
    expect(resolvesInside(join(root, 'away', 'not-yet.json'), bound)).toBe(false);
  });

  it('readInput with a bound refuses a link out as LINK_OUT, naming the link and nothing of the file', () => {
    const { link, inner, bound } = files();
    expect(readInput(link, { maxBytes: 1024, shown: 'root/link.txt', inside: bound })).toEqual({
      ok: false,
      subcode: 'LINK_OUT',
      message: 'root/link.txt is a symbolic link out of root; not read',
    });
    expect(readInput(inner, { maxBytes: 1024, shown: 'root/inside.txt', inside: bound })).toMatchObject({ ok: true });
    // Named by the user (no bound): followed.
    expect(readInput(link, { maxBytes: 1024, shown: 'root/link.txt' })).toMatchObject({ ok: true });
  });

  it('writeFileSafely with a bound writes nothing through a link out or into a folder that links out', () => {
    const { root, link, secret, bound } = files();
    const before = readFileSync(secret, 'utf8');
    expect(() => writeFileSafely(link, 'overwritten', bound)).toThrow('is a symbolic link out of root; not written through');
    symlinkSync(join(root, '..', 'outside'), join(root, 'away'));
    expect(() => writeFileSafely(join(root, 'away', 'secret.txt'), 'overwritten', bound)).toThrow('not written through');
    expect(() => writeFileSafely(join(root, 'away', 'created.txt'), 'new', bound)).toThrow('not written through');
    expect(readFileSync(secret, 'utf8')).toBe(before);
    expect(readdirSync(join(root, '..', 'outside'))).toEqual(['secret.txt']);
    writeFileSafely(join(root, 'inside.txt'), 'rewritten\n', bound);
    expect(readFileSync(join(root, 'inside.txt'), 'utf8')).toBe('rewritten\n');
  });
});
