// Bundles the library (ESM) and the command line (CommonJS bundles with V8 code caches, see
// bin/load-bundle.cjs) with esbuild, with the JSON Schema validators precompiled by ajv's
// standalone code generator, and bundles the library's type declarations into one file (skipped
// with --no-types). --no-minify keeps the command line's bundles readable, for CPU profiles whose
// frames name the sources' functions (`node --cpu-prof bin/compile-investigation.cjs ...`).
// Beside the bundles: THIRD-PARTY-NOTICES, the licences of every package they hold (from esbuild's
// metafiles, see scripts/third-party-notices.mjs), and metafile.json, which the package leaves out.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, relative as relativePath, resolve as resolvePath } from 'node:path';
import { fileURLToPath } from 'node:url';
import dtsBundleGenerator from 'dts-bundle-generator';
import { build } from 'esbuild';
import { thirdPartyNotices } from './third-party-notices.mjs';

const { generateDtsBundle } = dtsBundleGenerator;
const root = fileURLToPath(new URL('..', import.meta.url));
// Built beside dist/ and swapped in at the end, so that a concurrent run never sees half a build.
const staging = `dist.staging-${process.pid}`;

/**
 * Replaces src/schema/validators.ts, which compiles schemas at run time, with precompiled code: the
 * tool's own schemas and every dialect's `documentSchema`, as the registry lists them.
 */
const precompiledValidators = {
  name: 'precompiled-validators',
  setup(context) {
    context.onLoad({ filter: /[\\/]src[\\/]schema[\\/]validators\.ts$/ }, async () => {
      const { createAjv, schemaIds, capErrors, documentSchemas } = await loadValidatorsModule();
      const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
      const dialectSchemas = documentSchemas();
      const ajv = createAjv({ code: { source: true, esm: true, optimize: true } }, dialectSchemas);
      // A dialect's validator is exported as document0, document1, ... and found by its schema's $id.
      const documentIds = Object.fromEntries(dialectSchemas.map((schema, index) => [`document${index}`, schema.$id]));
      // Standalone code is ajv's raw output, before code.process: cap its errors here too.
      const code = capErrors(standaloneCode(ajv, { ...schemaIds, ...documentIds }));
      const contents = [
        code,
        "export { default as investigationSchema } from '../../assets/investigation.schema.json';",
        "export { default as policySchema } from '../../assets/policy.schema.json';",
        "export { default as briefArtifactSchema } from '../../assets/brief-artifact.schema.json';",
        `const compiled = { ${Object.keys(schemaIds).join(', ')} };`,
        'export function validator(name) { return compiled[name]; }',
        `const documents = new Map([${Object.entries(documentIds)
          .map(([name, id]) => `[${JSON.stringify(id)}, ${name}]`)
          .join(', ')}]);`,
        'export function documentValidator(schema) { return documents.get(schema.$id); }',
      ].join('\n');
      return { contents, loader: 'js', resolveDir: fileURLToPath(new URL('../src/schema/', import.meta.url)) };
    });
  },
};

/**
 * The validators module itself, with the registry's list of the dialects' schemas, bundled on its
 * own so that Node can run its TypeScript.
 */
async function loadValidatorsModule() {
  const result = await build({
    absWorkingDir: root,
    stdin: {
      contents: "export * from './src/schema/validators.ts';\nexport { documentSchemas } from './src/dialects/index.ts';",
      resolveDir: root,
      loader: 'ts',
    },
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

const common = {
  absWorkingDir: root,
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'bundle',
  mainFields: ['module', 'main'],
  // The notices the bundled packages owe are their licence files, in THIRD-PARTY-NOTICES. A legal
  // comment (`/*!`, `@license`) is kept out of the bundles, whose start-up it would not serve, but
  // not dropped: it is written beside them and folded into the notices.
  legalComments: 'external',
  metafile: true,
  logLevel: 'warning',
};
/** The metafiles of every bundle the package ships, for its notices. */
const metafiles = [];

// The library, for `import ... from 'compile-investigation'`: one ESM file.
const library = await build({
  ...common,
  entryPoints: { index: 'src/index.ts' },
  outdir: staging,
  format: 'esm',
  plugins: [precompiledValidators],
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
metafiles.push(library.metafile);

/**
 * The command line, as CommonJS bundles that bin/load-bundle.cjs loads with V8's code cache: the
 * core (cli), the worker threads of batch runs (`test`, many files at once), and the parts only
 * some runs need, loaded when first imported: the Markdown serializer (the dialects, which draw a
 * report's tree, are in the core already), the HTML report and the comparison's HTML page (with
 * the hast serializer; each dialect's sections of the report are parts of their own, found below),
 * the statistics, the MCP server (with the protocol's SDK), the language server and the agents'
 * hook. In the core, an import of a part's entry becomes `require('./<part>.cjs')`.
 */
const PARTS = {
  markdown: 'src/render/markdown/index.ts',
  html: 'src/render/html/index.ts',
  'compare-html': 'src/compare/render-html.ts',
  stats: 'src/stats/index.ts',
  mcp: 'src/mcp/server.ts',
  lsp: 'src/lsp/server.ts',
  // The agents' hook, run straight by the launcher: a tool call's decision loads this part alone;
  // a stop, a YAML configuration or a changed YAML spec, the engine's part too.
  hook: 'src/hook/main.ts',
  'hook-engine': 'src/hook/engine-part.ts',
};
const partEntries = new Map(Object.entries(PARTS).map(([name, entry]) => [fileURLToPath(new URL(`../${entry}`, import.meta.url)), name]));

/**
 * The parts each dialect brings: a module of a dialect's folder that the dialect imports
 * dynamically (its HTML page's sections, `htmlSections`), which it keeps out of the core that holds
 * it. Each is a part of its own, `<folder>-<file>` (src/dialects/katas/html-sections.ts is
 * katas-html-sections), found where the dialect imports it as the core is bundled, so that no list
 * here names a dialect.
 */
const dialectParts = new Map();
const DIALECT_FOLDER = /[\\/]src[\\/]dialects[\\/]([a-z][a-z0-9-]*)[\\/]/;
/** Set once the core is bundled: a dialect's part first found after it would be built too late. */
let coreBuilt = false;

/** The part of a dynamic import of `resolved` from `importer`, when it is a dialect's import of a module of its own folder. */
function dialectPart(importer, resolved) {
  const folder = DIALECT_FOLDER.exec(importer)?.[1];
  if (folder === undefined || DIALECT_FOLDER.exec(resolved)?.[1] !== folder) return undefined;
  const known = dialectParts.get(resolved);
  if (known !== undefined) return known;
  const shown = relativePath(root, resolved);
  if (coreBuilt)
    throw new Error(`${relativePath(root, importer)} imports ${shown} dynamically, and the core does not: its part is found too late`);
  const name = `${folder}-${basename(resolved, '.ts')}`;
  if (!/^[a-z][a-z0-9-]*$/.test(name) || name in PARTS || [...dialectParts.values()].includes(name))
    throw new Error(`${shown} cannot be the bundle part ${name}: rename it`);
  dialectParts.set(resolved, name);
  return name;
}

function partsAsRequires(self) {
  return {
    name: 'parts-as-requires',
    setup(context) {
      context.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind !== 'dynamic-import' && args.kind !== 'import-statement') return undefined;
        const resolved = resolvePath(args.resolveDir, args.path.replace(/\.js$/, '.ts'));
        const part = partEntries.get(resolved) ?? (args.kind === 'dynamic-import' ? dialectPart(args.importer, resolved) : undefined);
        return part === undefined || part === self ? undefined : { path: `./${part}.cjs`, external: true };
      });
    },
  };
}

/**
 * commander loads node:child_process when it is first required, for stand-alone executable
 * subcommands, which this command line does not have; Node then compiles child_process, net and
 * dgram on every run. Its `spawn` is kept, loaded on first call.
 */
const lazyChildProcess = {
  name: 'lazy-child-process',
  setup(context) {
    context.onResolve({ filter: /^node:child_process$/ }, (args) =>
      /[\\/]node_modules[\\/]commander[\\/]/.test(args.importer)
        ? { path: 'lazy-child-process', namespace: 'lazy-child-process' }
        : undefined,
    );
    context.onLoad({ filter: /.*/, namespace: 'lazy-child-process' }, () => ({
      contents: "module.exports = { spawn: (...args) => require('node:child_process').spawn(...args) };",
      loader: 'js',
    }));
  },
};

const minify = !process.argv.includes('--no-minify');
const cjs = {
  ...common,
  minify,
  outdir: staging,
  format: 'cjs',
  outExtension: { '.js': '.cjs' },
  // The bundles are CommonJS; import.meta.url is this file's URL, as in the sources.
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
};
const core = await build({
  ...cjs,
  entryPoints: { cli: 'src/cli/main.ts', worker: 'src/engine/worker/thread.ts', writer: 'src/engine/worker/writer.ts' },
  plugins: [precompiledValidators, lazyChildProcess, partsAsRequires(undefined)],
});
metafiles.push(core.metafile);
coreBuilt = true;
// The dialects' parts in the order of their names, whatever order the bundler met them in.
const found = [...dialectParts].map(([entry, name]) => [name, relativePath(root, entry)]).sort(([a], [b]) => (a < b ? -1 : 1));
const parts = { ...PARTS, ...Object.fromEntries(found) };
for (const [name, entry] of Object.entries(parts)) {
  const part = await build({
    ...cjs,
    entryPoints: { [name]: entry },
    plugins: [precompiledValidators, lazyChildProcess, partsAsRequires(name)],
  });
  metafiles.push(part.metafile);
}

// In a CommonJS bundle an import() of what was left out of it (a part, a Node module) stays an
// import(), which a script run by node:vm cannot do: it becomes a require() in a promise. Then a
// build id at the end of each bundle: a code cache is used only with the bundle it was made for.
for (const name of ['cli', 'worker', 'writer', ...Object.keys(parts)]) {
  const file = `${staging}/${name}.cjs`;
  const source = readFileSync(file, 'utf8').replace(
    /\bimport\(("(?:\.\/[a-z][a-z0-9-]*\.cjs|node:[a-z_/]+)")\)/g,
    'Promise.resolve().then(() => require($1))',
  );
  if (/\bimport\("/.test(source)) throw new Error(`${name}.cjs keeps an import() the loader cannot serve`);
  // The loader reads bundles as Latin-1, which is cheaper than UTF-8 and the same for ASCII (esbuild's default charset).
  // Unminified, the bundles keep some libraries' comments, whose other characters are harmless.
  if (minify && /[^\x00-\x7f]/.test(source)) throw new Error(`${name}.cjs is not ASCII`);
  writeFileSync(file, `${source}\n// build-id ${createHash('sha1').update(source).digest('hex')}\n`);
}

// The legal comments esbuild wrote beside the bundles go into the notices, which a package with
// no licence file makes fail here, rather than ship without its notice.
const legalComments = metafiles
  .flatMap((metafile) => Object.keys(metafile.outputs))
  .filter((output) => output.endsWith('.LEGAL.txt'))
  .map((output) => {
    const text = readFileSync(resolvePath(root, output), 'utf8');
    rmSync(resolvePath(root, output));
    return { bundle: output.slice(staging.length + 1, -'.LEGAL.txt'.length), text };
  });
writeFileSync(`${staging}/THIRD-PARTY-NOTICES`, thirdPartyNotices(root, metafiles, legalComments));
writeFileSync(`${staging}/metafile.json`, `${JSON.stringify(mergedMetafile(metafiles))}\n`);

/** The bundles' metafiles as one, their outputs named by where they end up (dist/), for test/package.test.ts. */
function mergedMetafile(parts) {
  const inputs = Object.assign({}, ...parts.map((metafile) => metafile.inputs));
  const outputs = Object.fromEntries(
    parts
      .flatMap((metafile) => Object.entries(metafile.outputs))
      .map(([path, output]) => [`dist/${path.slice(staging.length + 1)}`, output]),
  );
  return { inputs, outputs };
}

if (!process.argv.includes('--no-types')) {
  // One declaration file holding only what the library exports and the types those reach, so that
  // a consumer's tsc finds every type in the package: a declaration per source file would import
  // the bundled libraries' types (mdast, ajv) and JSON files that the package does not hold.
  const [declarations] = generateDtsBundle([{ filePath: 'src/index.ts', output: { noBanner: true } }], {
    preferredConfigPath: fileURLToPath(new URL('../tsconfig.json', import.meta.url)),
  });
  if (/^import /m.test(declarations)) throw new Error('the library declarations import a module the package does not hold');
  writeFileSync(`${staging}/index.d.ts`, declarations);
}

rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
renameSync(new URL(`../${staging}`, import.meta.url), new URL('../dist', import.meta.url));

// Code caches, made in dist/ itself, since V8 keeps the file name a cache was made with: a child
// process runs the bundles on a few specs (scripts/write-code-caches.cjs), then writes a cache of
// every function compiled by then. A run that cannot use one (another Node version) still works.
execFileSync(process.execPath, [fileURLToPath(new URL('./write-code-caches.cjs', import.meta.url)), resolvePath(root, 'dist')], {
  cwd: root,
  stdio: 'inherit',
});
