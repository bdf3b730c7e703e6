'use strict';
// Writes the code caches of the command line's bundles (scripts/build.mjs runs this in a child
// process): loads them through the launcher's loader, runs what most runs are, in process, with
// output thrown away, then saves for each bundle a cache of every function compiled so far.
const { mkdtempSync, readdirSync, rmSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { loadBundle, loadedBundles } = require('../bin/load-bundle.cjs');

const dist = process.argv[2];
const root = join(__dirname, '..');
const fixtures = join(root, 'fixtures');

async function warmUp() {
  const { run } = loadBundle(dist, 'cli');
  const sink = { write: () => true };
  const io = { cwd: root, env: { NO_COLOR: '1' }, stderr: sink, stdoutIsTTY: false };
  const valid = readdirSync(join(fixtures, 'valid')).filter((name) => /\.(json|ya?ml)$/.test(name) && !/\.(expect|report)\./.test(name));
  const out = mkdtempSync(join(tmpdir(), 'compile-investigation-cache-'));
  try {
    for (const name of valid) {
      const path = join('fixtures', 'valid', name);
      await run([path, '--format', 'json'], io);
      await run([path, '--format', 'markdown'], io);
    }
    await run(['fixtures/invalid', '--format', 'text'], io);
    await run(['fixtures/valid', '--output-dir', out, '--format', 'json'], io);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
  // The worker threads' bundle, in this thread: its jobs on the same fixtures.
  const { jobs } = loadBundle(dist, 'worker');
  const runFixture = await jobs.fixture({ cwd: root, update: 'none' });
  const compile = await jobs.compile({ compilerOptions: { preset: 'gate' }, flags: { maxBytes: 16 * 1024 * 1024, failOn: 'error', quiet: false }, render: 'json', keep: { report: false, source: false } });
  for (const name of valid) {
    const path = join('fixtures', 'valid', name);
    runFixture(path);
    compile({ open: join(root, path), shown: path, reportPath: path });
  }
}

warmUp().then(() => {
  for (const bundle of loadedBundles()) writeFileSync(`${bundle.file}.cache`, bundle.cache());
});
