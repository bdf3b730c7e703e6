// Bundles the CLI, the library and the test command's worker thread with esbuild (one file
// each, plus a lazily loaded Markdown chunk), with the JSON Schema validators precompiled by
// ajv's standalone code generator, and emits the library's type declarations with tsc (skipped
// with --no-types).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
// Built beside dist/ and swapped in at the end, so that a concurrent run never sees half a build.
const staging = `dist.staging-${process.pid}`;

/** Replaces src/schema/validators.ts, which compiles schemas at run time, with precompiled code. */
const precompiledValidators = {
  name: 'precompiled-validators',
  setup(context) {
    context.onLoad({ filter: /[\\/]src[\\/]schema[\\/]validators\.ts$/ }, async () => {
      const { createAjv, schemaIds, capErrors } = await loadValidatorsModule();
      const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
      const ajv = createAjv({ code: { source: true, esm: true, optimize: true } });
      // Standalone code is ajv's raw output, before code.process: cap its errors here too.
      const code = capErrors(standaloneCode(ajv, schemaIds));
      const contents = [
        code,
        "export { default as investigationSchema } from '../../assets/investigation.schema.json';",
        "export { default as policySchema } from '../../assets/policy.schema.json';",
        `const compiled = { investigation, policy };`,
        'export function validator(name) { return compiled[name]; }',
      ].join('\n');
      return { contents, loader: 'js', resolveDir: fileURLToPath(new URL('../src/schema/', import.meta.url)) };
    });
  },
};

/** The validators module itself, bundled on its own so that Node can run its TypeScript. */
async function loadValidatorsModule() {
  const result = await build({
    absWorkingDir: root,
    entryPoints: ['src/schema/validators.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    logLevel: 'warning',
  });
  // Written beside node_modules so that its bare imports (ajv) resolve.
  const cache = new URL('../node_modules/.cache/compile-investigation/', import.meta.url);
  mkdirSync(cache, { recursive: true });
  const file = new URL(`validators-${process.pid}.mjs`, cache);
  writeFileSync(file, result.outputFiles[0].text);
  try {
    return await import(file.href);
  } finally {
    rmSync(file, { force: true });
  }
}

await build({
  absWorkingDir: root,
  // test-worker: the worker thread entry of `compile-investigation test --workers n`.
  entryPoints: { cli: 'src/cli/main.ts', index: 'src/index.ts', 'test-worker': 'src/regression/worker.ts' },
  outdir: staging,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  mainFields: ['module', 'main'],
  chunkNames: 'chunks/[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [precompiledValidators],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

if (!process.argv.includes('--no-types')) {
  execFileSync(process.execPath, [fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url)), '-p', 'tsconfig.build.json', '--outDir', `${staging}/types`], {
    cwd: root,
    stdio: 'inherit',
  });
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
renameSync(new URL(`../${staging}`, import.meta.url), new URL('../dist', import.meta.url));
