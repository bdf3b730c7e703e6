'use strict';
// Writes the code caches of the command line's bundles (scripts/build.mjs runs this in a child
// process): loads them through the launcher's loader, runs what most runs are, in process, with
// output thrown away, then saves for each bundle a cache of every function compiled so far.
//
// The warm-up is one JSON spec to a JSON and a Markdown report and one YAML spec, no more: V8 reads
// the whole cache at every start, and a cache of every function the fixtures ever reach (750 KB)
// cost a one-file run more in reading than it saved in compiling (about 10 ms of 120 on 2 cores).
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { loadBundle, loadedBundles } = require('../bin/load-bundle.cjs');

const dist = process.argv[2];
const root = join(__dirname, '..');
const SPECS = ['fixtures/valid/contracts-termination-notice.json', 'fixtures/valid/cli-config-precedence.yaml'];

async function warmUp() {
  const { run } = loadBundle(dist, 'cli');
  const sink = { write: () => true };
  const io = { cwd: root, env: { NO_COLOR: '1' }, stderr: sink, stdoutIsTTY: false };
  for (const spec of SPECS) await run([spec, '--format', 'json'], io);
  await run([SPECS[0], '--format', 'markdown'], io);

  // The worker threads' bundle, in this thread: its jobs on the same specs.
  const { jobs } = loadBundle(dist, 'worker');
  const runFixture = await jobs.fixture({ cwd: root, update: 'none', configuration: {} });
  const compile = await jobs.compile({
    compilerOptions: [{ preset: 'gate' }],
    flags: { maxBytes: 16 * 1024 * 1024, failOn: 'error', quiet: false },
    render: 'json',
    keep: { report: false, source: false },
  });
  for (const spec of SPECS) {
    runFixture(spec);
    compile({ open: join(root, spec), shown: spec, reportPath: spec, judge: 0 });
  }
  // The writer thread's bundle: loaded, its job set up; it writes nothing here.
  await loadBundle(dist, 'writer').jobs.write({ inside: { reals: [], shown: 'nothing' } });

  // The agents' hook: a read and a listing classified, with no spec named, so that nothing is written.
  const { answerStream } = loadBundle(dist, 'hook');
  const { Readable } = require('node:stream');
  for (const [tool, input] of [
    ['Read', { file_path: 'README.md' }],
    ['Bash', { command: 'ls src | head' }],
  ]) {
    const payload = { hook_event_name: 'PreToolUse', session_id: 'warm-up', cwd: root, tool_name: tool, tool_input: input };
    await answerStream(Readable.from([JSON.stringify(payload)]), {}, {});
  }
}

warmUp().then(() => {
  for (const bundle of loadedBundles()) writeFileSync(`${bundle.file}.cache`, bundle.cache());
});
