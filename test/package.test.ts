import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('package');
const SPEC = 'fixtures/valid/contracts-termination-notice.json';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/**
 * The package as `npm pack` makes it, unpacked in another folder: what a user who installs the
 * tarball runs. Its dependencies are the project's own (linked), since installing them would need
 * the registry; at run time the package's bundles need only ajv's runtime.
 */
describe('the packed package', () => {
  let packageDir: string;
  let files: string[];

  beforeAll(() => {
    const dir = tempDir();
    // --ignore-scripts: the suite has built dist/ already, and other tests are reading it.
    const [packed] = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: projectRoot, encoding: 'utf8' }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    files = packed!.files.map((file) => file.path);
    const unpacked = join(dir, 'installed');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(dir, packed!.filename), '-C', unpacked]);
    packageDir = join(unpacked, 'package');
    symlinkSync(join(projectRoot, 'node_modules'), join(packageDir, 'node_modules'), 'junction');
  }, 120_000);

  it('holds the launcher, the bundles and their code caches, and no sources or tests', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/compile-investigation.cjs',
        'bin/load-bundle.cjs',
        'dist/cli.cjs',
        'dist/cli.cjs.cache',
        'dist/markdown.cjs',
        'dist/index.js',
        'package.json',
      ]),
    );
    expect(files.filter((file) => /^(src|test|scripts)\//.test(file))).toEqual([]);
  });

  it.each(['json', 'markdown'])('compiles a spec to %s as the project does', (format) => {
    const expected = runCli([SPEC, '--format', format]);
    const installed = spawnSync(process.execPath, [join(packageDir, 'bin', 'compile-investigation.cjs'), SPEC, '--format', format], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(installed.stderr).toBe(expected.stderr);
    expect(installed.status).toBe(expected.status);
    expect(installed.stdout).toBe(expected.stdout);
  });

  it('serves the library to an ESM import, with the same report as the command line', async () => {
    const library = (await import(pathToFileURL(join(packageDir, 'dist', 'index.js')).href)) as typeof import('../src/index.js');
    const compiled = library.compileInvestigation(readFileSync(join(projectRoot, SPEC), 'utf8'), { format: 'json', path: SPEC });
    expect(compiled.output).toBe(runCli([SPEC, '--format', 'json']).stdout);
  });
});

/**
 * The tarball installed into another project by name, as a user would with `npm install
 * compile-investigation-0.1.0.tgz`. Offline: a lockfile made from the project's own (its runtime
 * entries, with their integrity) lets npm take every dependency from the local cache.
 */
describe('the tarball installed into another project', () => {
  let app: string;

  beforeAll(() => {
    const dir = tempDir();
    const [packed] = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: projectRoot, encoding: 'utf8' }),
    ) as Array<{ filename: string }>;
    app = join(dir, 'app');
    mkdirSync(app);
    const tarball = `file:../${packed!.filename}`;
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
    const projectLock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8'));
    const runtime = Object.entries(projectLock.packages as Record<string, { dev?: boolean }>).filter(
      ([path, entry]) => path !== '' && entry.dev !== true,
    );
    const root = { name: 'app', version: '1.0.0', type: 'module', dependencies: { [manifest.name]: tarball } };
    const lock = {
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': root,
        [`node_modules/${manifest.name}`]: {
          version: manifest.version,
          resolved: tarball,
          dependencies: manifest.dependencies,
          bin: manifest.bin,
        },
        ...Object.fromEntries(runtime),
      },
    };
    writeFileSync(join(app, 'package.json'), JSON.stringify(root));
    writeFileSync(join(app, 'package-lock.json'), JSON.stringify(lock));
    execFileSync(npm, ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app, stdio: 'ignore' });
  }, 180_000);

  it('runs the command from node_modules/.bin', () => {
    const installed = spawnSync(
      process.execPath,
      [join(app, 'node_modules', '.bin', 'compile-investigation'), join(projectRoot, SPEC), '--format', 'json'],
      {
        cwd: app,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(installed.status, installed.stderr).toBe(0);
    expect(JSON.parse(installed.stdout)).toMatchObject({ verdict: 'pass' });
  });

  it('is imported by its name from an ES module of that project', () => {
    const script = `import { compileInvestigation } from 'compile-investigation';
import { readFileSync } from 'node:fs';
const result = compileInvestigation(readFileSync(process.argv[2], 'utf8'), { format: 'json', path: ${JSON.stringify(SPEC)} });
process.stdout.write(result.output);`;
    writeFileSync(join(app, 'use.mjs'), script);
    const run = spawnSync(process.execPath, ['use.mjs', join(projectRoot, SPEC)], { cwd: app, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(runCli([SPEC, '--format', 'json']).stdout);
  });
});
