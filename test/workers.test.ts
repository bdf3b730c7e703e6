import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus, generateScaledSpec, writeCorpus } from '../scripts/gen-corpus.js';
import { createCompiler } from '../src/compile.js';
import { WRITER_THREAD_FROM } from '../src/engine/report-writer.js';
import { discoverFixtures, expectationCandidates, goldenPaths, runFixtures, runFixturesParallel } from '../src/regression/index.js';
import { autoWorkers, chooseWorkers, MIN_ITEMS_FOR_WORKERS, MIN_ITEMS_ON_TWO_CORES } from '../src/workers/choose.js';
import { workerLauncherIn } from '../src/workers/launcher.js';
import { streamToWorker } from '../src/workers/stream.js';
import { projectRoot, runCli } from './support/cli.js';
import { runBuiltInProcess, runInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('workers');
const dist = join(projectRoot, 'dist');
const workerBundle = join(dist, 'worker.cjs');

/**
 * A generated corpus (gen-corpus, fixed seed: valid and invalid specs, JSON and YAML) with
 * expectations and goldens from the current compiler, then four fixtures broken on purpose (a wrong
 * exit code, an edited golden, a malformed expectation, a missing expectation), so that the output
 * holds failure blocks whose order and content must not depend on the number of workers. It does
 * not use the project's fixtures, which other work may change at any time.
 */
async function brokenCorpus(): Promise<string> {
  const dir = tempDir();
  const fixtures = join(dir, 'fixtures');
  await writeCorpus(60, 5, fixtures);
  const update = await runInProcess(['test', 'fixtures', '--update', 'goldens', '--workers', '1'], { cwd: dir });
  if (update.status !== 0) throw new Error(`could not write the goldens: ${update.stdout}${update.stderr}`);
  const [first, second, third, fourth] = discoverFixtures([fixtures]).filter((file) => existsSync(goldenPaths(file).markdown));
  if (!first || !second || !third || !fourth) throw new Error('the generated corpus has too few passing specs');
  writeFileSync(expectationCandidates(first)[0]!.file, '{ "exitCode": 1, "verdict": "fail" }\n');
  const golden = goldenPaths(second).markdown;
  writeFileSync(golden, readFileSync(golden, 'utf8').replace('## Summary', '## Summery'));
  writeFileSync(expectationCandidates(third)[0]!.file, '{ "exitCode": 7 }\n');
  rmSync(expectationCandidates(fourth)[0]!.file);
  return dir;
}

let corpus: Promise<string> | undefined;

/** The broken corpus, made once for the file: no test changes it (update mode works on copies). */
const sharedCorpus = (): Promise<string> => {
  corpus ??= brokenCorpus();
  return corpus;
};

// The runs with one worker are the baselines, and run from source in this process. The runs with
// workers are the built CLI's: they need its worker bundle (dist/worker.cjs). They run it in this
// process too, but for one run of each thread in a process of its own, which must end with its
// exit code once its threads are done: the pool's here, the writer's below.
describe('test --workers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await sharedCorpus();
  }, 60_000);

  it('has the bundled worker entry to run on', () => {
    expect(existsSync(workerBundle)).toBe(true);
  });

  it('prints byte-identical output with 1, 2 and 3 workers', async () => {
    const one = await runInProcess(['test', 'fixtures', '--workers', '1'], { cwd: dir });
    const two = runCli(['test', 'fixtures', '--workers', '2'], { cwd: dir });
    const three = await runBuiltInProcess(['test', 'fixtures', '--workers', '3'], { cwd: dir });
    expect(one.status).toBeGreaterThan(0);
    expect(one.stdout).toMatch(/^FAIL /);
    expect(one.stdout).toMatch(/^56 passed, 4 failed$/m);
    expect(one.stdout).toContain('missing expectation');
    expect(one.stdout).toContain('## Summery');
    expect(two.status).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(three.stdout).toBe(one.stdout);
    expect(two.stderr).toBe(one.stderr);
  });

  it('gives the same --json envelope with 1 and 2 workers', async () => {
    const one = await runInProcess(['test', 'fixtures', '--workers', '1', '--json'], { cwd: dir });
    const two = await runBuiltInProcess(['test', 'fixtures', '--workers', '2', '--json'], { cwd: dir });
    expect(two.status).toBe(one.status);
    const first = JSON.parse(one.stdout) as { data: { fixtures: Array<{ path: string }> } };
    expect(JSON.parse(two.stdout)).toEqual(first);
    expect(two.stdout).toBe(one.stdout);
    const paths = first.data.fixtures.map((fixture) => fixture.path);
    expect(paths).toEqual([...paths].sort());
  });

  it('gives the same output with the default number of workers and with a shard', async () => {
    const one = await runInProcess(['test', 'fixtures', '--workers', '1', '--shard', '2/3'], { cwd: dir });
    const many = await runBuiltInProcess(['test', 'fixtures', '--shard', '2/3'], { cwd: dir });
    expect(many.stdout).toBe(one.stdout);
  });

  it('caps the workers at the number of fixtures', async () => {
    const single = relative(dir, discoverFixtures([join(dir, 'fixtures')])[0]!);
    const one = await runInProcess(['test', single, '--workers', '1'], { cwd: dir });
    const many = await runBuiltInProcess(['test', single, '--workers', '64'], { cwd: dir });
    expect(many.status).toBe(1);
    expect(many.stdout).toBe(one.stdout);
  });

  it('writes the same files in update mode with 2 workers as with 1', async () => {
    const [a, b] = [tempDir(), tempDir()] as [string, string];
    for (const target of [a, b]) cpSync(dir, target, { recursive: true });
    const one = await runInProcess(['test', 'fixtures', '--workers', '1', '--update', 'all', '--json'], { cwd: a });
    const two = await runBuiltInProcess(['test', 'fixtures', '--workers', '2', '--update', 'all', '--json'], { cwd: b });
    // The malformed expectation still fails (update mode does not overwrite what it cannot read);
    // the wrong exit code, the edited golden and the missing expectation are rewritten.
    expect(one.status).toBeGreaterThan(0);
    expect(two.stdout).toBe(one.stdout);
    const updated = (JSON.parse(two.stdout) as { data: { updated: string[] } }).data.updated;
    expect(updated).toHaveLength(3);
    for (const file of updated) expect(readFileSync(join(b, file), 'utf8')).toBe(readFileSync(join(a, file), 'utf8'));
  });

  it.each(['0', '-1', 'two', '1.5', '', '2x'])('refuses --workers %j as a usage error', async (value) => {
    const run = await runInProcess(['test', 'fixtures', '--workers', value, '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    const envelope = JSON.parse(run.stdout) as { ok: boolean; error: { code: string; subcode: string; message: string } };
    expect(envelope.ok).toBe(false);
    expect(envelope.error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' });
    expect(envelope.error.message).toContain('--workers');
  });
});

describe('runFixturesParallel', () => {
  let dir: string;
  let files: ReturnType<typeof discoverFixtures>;
  /** The corpus run in this thread, as runFixtures does it: what each parallel run must give. */
  let inProcess: ReturnType<typeof runFixtures>;
  beforeAll(async () => {
    dir = await sharedCorpus();
    files = discoverFixtures([join(dir, 'fixtures')]);
    inProcess = runFixtures(files, { cwd: dir });
  }, 60_000);

  it('merges the results of real worker threads back in the order of the list', async () => {
    const seen: number[] = [];
    const parallel = await runFixturesParallel(files, {
      cwd: dir,
      workers: 3,
      launcher: workerLauncherIn(dist),
      onResult: (_result, index) => seen.push(index),
    });
    expect(parallel).toEqual(inProcess);
    expect([...seen].sort((x, y) => x - y)).toEqual(files.map((_file, index) => index));
  });

  it('runs in this thread without a worker module', async () => {
    expect(await runFixturesParallel(files, { cwd: dir, workers: 4, launcher: null })).toEqual(inProcess);
  });

  it('rejects when a worker fails, and stops the others', async () => {
    await expect(
      runFixturesParallel(['a.json', 'b.json'], { cwd: dir, workers: 2, launcher: { script: "throw new Error('boom');" } }),
    ).rejects.toThrow('boom');
    // A job that throws on an item is a failure too, not a lost result.
    const failingJob = {
      script:
        "require('node:worker_threads').parentPort.on('message', (m) => { if (m.indices.includes(1)) throw new Error('item 1 broke'); require('node:worker_threads').parentPort.postMessage({ type: 'results', indices: m.indices, results: m.items }); });",
    };
    await expect(runFixturesParallel(['a.json', 'b.json', 'c.json'], { cwd: dir, workers: 2, launcher: failingJob })).rejects.toThrow(
      'item 1 broke',
    );
  });
});

describe('gen-corpus', () => {
  it('gives the same bytes for the same seed, and other bytes for another seed', () => {
    const first = generateCorpus(40, 7);
    expect(generateCorpus(40, 7)).toEqual(first);
    expect(generateCorpus(40, 8)).not.toEqual(first);
    // Spec k does not depend on how many are generated.
    expect(generateCorpus(10, 7)).toEqual(first.slice(0, 10));
  });

  it('mixes valid and invalid specs, JSON and YAML', () => {
    const compiler = createCompiler();
    const corpus = generateCorpus(300, 11);
    const results = corpus.map((spec) => ({ spec, result: compiler.compile(Buffer.from(spec.text, 'utf8'), { path: spec.name }) }));
    const valid = results.filter(({ spec }) => spec.name.includes('-valid.'));
    // Specs named valid pass with no diagnostic at all; every other one fails.
    for (const { spec, result } of valid)
      expect({ name: spec.name, exitCode: result.exitCode, diagnostics: result.diagnostics }).toEqual({
        name: spec.name,
        exitCode: 0,
        diagnostics: [],
      });
    for (const { spec, result } of results)
      if (!spec.name.includes('-valid.'))
        expect({ name: spec.name, passed: result.exitCode === 0 }).toEqual({ name: spec.name, passed: false });
    expect(valid.length / corpus.length).toBeGreaterThan(0.7);
    expect(valid.length / corpus.length).toBeLessThan(0.9);
    expect(new Set(results.map(({ result }) => result.exitCode))).toEqual(new Set([0, 1, 3, 4]));
    const yaml = corpus.filter((spec) => spec.format === 'yaml').length;
    expect(yaml).toBeGreaterThan(30);
    expect(yaml).toBeLessThan(150);
  });

  it('scales a spec that passes the gate', () => {
    const compiler = createCompiler();
    for (const dives of [1, 9, 10, 11, 1_000]) {
      const text = generateScaledSpec(dives);
      const result = compiler.compile(text, { path: 'scaled.json' });
      expect({ dives, exitCode: result.exitCode, diagnostics: result.diagnostics }).toEqual({ dives, exitCode: 0, diagnostics: [] });
      expect((JSON.parse(text) as { deepDives: unknown[] }).deepDives).toHaveLength(dives);
    }
  });
});

describe('compile --workers', () => {
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    // Enough files for every worker to get several batches (48 files and 2 workers: batches of 3),
    // valid and invalid specs, JSON and YAML.
    await writeCorpus(48, 11, join(dir, 'specs'));
  }, 60_000);

  // The baseline runs from source with one worker; the runs with workers run the built bundle, both in this process.
  const run = (args: string[]) => runBuiltInProcess(['specs', ...args], { cwd: dir });
  const runOne = (args: string[]) => runInProcess(['specs', ...args], { cwd: dir });
  const written = (folder: string) =>
    Object.fromEntries(readdirSync(join(dir, folder)).map((name) => [name, readFileSync(join(dir, folder, name), 'utf8')]));

  it.each(['json', 'markdown'])(
    'writes the same %s reports, envelope and standard error with 1 and 2 workers, and by default',
    async (format) => {
      const one = await runOne(['--output-dir', `one-${format}`, '--format', format, '--workers', '1', '--json']);
      const two = await run(['--output-dir', `two-${format}`, '--format', format, '--workers', '2', '--json']);
      const byDefault = await run(['--output-dir', `default-${format}`, '--format', format]);
      expect(one.status).toBeGreaterThan(0);
      expect(two.status).toBe(one.status);
      expect(two.stderr).toBe(one.stderr);
      expect(two.stdout.replaceAll(`two-${format}`, `one-${format}`)).toBe(one.stdout);
      expect(byDefault.status).toBe(one.status);
      const reports = written(`one-${format}`);
      expect(Object.keys(reports).length).toBeGreaterThan(30);
      expect(written(`two-${format}`)).toEqual(reports);
      expect(written(`default-${format}`)).toEqual(reports);
    },
    120_000,
  );

  it.each(['text', 'sarif', 'github'])(
    'prints the same %s output with 1 and 2 workers',
    async (format) => {
      const one = await runOne(['--format', format, '--workers', '1']);
      const two = await run(['--format', format, '--workers', '2']);
      expect(one.stdout.length).toBeGreaterThan(1000);
      expect(two).toEqual(one);
    },
    60_000,
  );
});

describe('--workers auto', () => {
  it('keeps this thread on two cores below the measured crossover, and on more cores below 200 items', () => {
    expect(MIN_ITEMS_ON_TWO_CORES).toBe(3_000);
    expect(autoWorkers(100_000, 1)).toBe(1);
    expect(autoWorkers(MIN_ITEMS_ON_TWO_CORES - 1, 2)).toBe(1);
    expect(autoWorkers(MIN_ITEMS_ON_TWO_CORES, 2)).toBe(2);
    expect(autoWorkers(MIN_ITEMS_FOR_WORKERS - 1, 8)).toBe(1);
    expect(autoWorkers(MIN_ITEMS_FOR_WORKERS, 8)).toBe(8);
  });

  it('is what test runs without --workers; a number is taken as asked, cut to the CPUs with a warning', () => {
    const warnings: string[] = [];
    expect(chooseWorkers('auto', 2_000, warnings, 2)).toBe(1);
    expect(chooseWorkers('auto', 10_000, warnings, 2)).toBe(2);
    expect(chooseWorkers('auto', 500, warnings, 16)).toBe(16);
    expect(chooseWorkers(2, 2_000, warnings, 2)).toBe(2);
    expect(warnings).toEqual([]);
    expect(chooseWorkers(5, 2_000, warnings, 2)).toBe(2);
    expect(warnings).toEqual(['--workers 5 is more than the 2 available CPUs; using 2']);
  });

  it('is accepted by test and compile on the command line, and a word that is neither a number nor auto is a usage error', async () => {
    const dir = tempDir();
    const spec = generateScaledSpec(3);
    const { exitCode } = createCompiler().compile(spec);
    writeFileSync(join(dir, 'a.json'), spec);
    writeFileSync(join(dir, 'a.expect.json'), JSON.stringify({ exitCode }));
    const compiled = await runInProcess(['a.json', '--workers', 'auto', '--format', 'text'], { cwd: dir });
    expect(compiled.status, compiled.stderr).toBe(exitCode);
    const tested = await runInProcess(['test', '.', '--workers', 'auto', '--json'], { cwd: dir });
    expect(tested.status, tested.stderr).toBe(0);
    expect(JSON.parse(tested.stdout).warnings).toEqual([]);
    const refused = await runInProcess(['test', '.', '--workers', 'many'], { cwd: dir });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--workers takes a positive whole number of worker threads or auto, not "many"');
  });
});

describe('the writer thread of --output-dir', () => {
  it('writes the same reports and envelope as this thread does', async () => {
    const dir = tempDir();
    // Enough files for the built CLI to write through its writer thread; this process, run from
    // source, has no bundle to start one with, so it writes them itself.
    await writeCorpus(WRITER_THREAD_FROM + 8, 12, join(dir, 'specs'));
    const here = await runInProcess(['specs', '--output-dir', 'here', '--json'], { cwd: dir });
    const thread = runCli(['specs', '--output-dir', 'thread', '--json'], { cwd: dir });
    const written = (folder: string) =>
      Object.fromEntries(readdirSync(join(dir, folder)).map((name) => [name, readFileSync(join(dir, folder, name), 'utf8')]));
    // The thread is chosen by the reports the run may write: one per file that can be read.
    expect(JSON.parse(here.stdout).data.files.length).toBeGreaterThanOrEqual(WRITER_THREAD_FROM);
    const reports = written('here');
    expect(Object.keys(reports).length).toBeGreaterThan(WRITER_THREAD_FROM / 2);
    expect(written('thread')).toEqual(reports);
    expect(thread.status).toBe(here.status);
    expect(thread.stderr).toBe(here.stderr);
    expect(thread.stdout.replaceAll('thread/', 'here/')).toBe(here.stdout);
  }, 120_000);
});

describe('streamToWorker', () => {
  // A worker of the pool's protocol that doubles numbers, fails on "fail" and exits on "exit".
  const doubler = {
    script: `const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ indices, items }) => {
  if (items.includes('fail')) parentPort.postMessage({ type: 'error', message: 'asked to fail' });
  else if (items.includes('exit')) process.exit(7);
  else parentPort.postMessage({ type: 'results', indices, results: items.map((item) => item * 2) });
});`,
  };

  it('returns each result at the index it was pushed with, a hole where nothing was pushed', async () => {
    const stream = await streamToWorker<unknown, number>(doubler, 'write', null);
    for (const index of [3, 0, 1]) stream.push(index, index + 10);
    const results = await stream.finish();
    expect(results).toEqual([20, 22, undefined, 26]);
    expect(2 in results).toBe(false);
  });

  it('finishes at once with nothing pushed', async () => {
    const stream = await streamToWorker<unknown, number>(doubler, 'write', null);
    expect(await stream.finish()).toEqual([]);
  });

  it('does not keep the process alive until finish waits for it: a run that fails before then still ends', () => {
    const stream = pathToFileURL(join(projectRoot, 'src/workers/stream.ts')).href;
    const script = `const { streamToWorker } = await import(${JSON.stringify(stream)});
const idle = { script: "require('node:worker_threads').parentPort.on('message', () => {}); setInterval(() => {}, 1000);" };
const opened = await streamToWorker(idle, 'write', null);
opened.push(0, 1);
process.exitCode = 9;`;
    // The guard is far above the second or two it takes; a worker that held the process would hit it.
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: projectRoot,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(child.signal).toBeNull();
    expect(child.status).toBe(9);
  }, 150_000);

  it("rejects with the worker's error, and when the worker stops before answering", async () => {
    const failing = await streamToWorker<unknown, number>(doubler, 'write', null);
    failing.push(0, 1);
    failing.push(1, 'fail');
    await expect(failing.finish()).rejects.toThrow('asked to fail');
    const exiting = await streamToWorker<unknown, number>(doubler, 'write', null);
    exiting.push(0, 'exit');
    await expect(exiting.finish()).rejects.toThrow('exit code 7');
  });
});
