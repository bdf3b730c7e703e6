import { build } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
const root = fileURLToPath(new URL('..', import.meta.url));
const precompiledValidators = {
  name: 'precompiled-validators',
  setup(context) {
    context.onLoad({ filter: /[\\/]src[\\/]schema[\\/]validators\.ts$/ }, async () => {
      const result = await build({ absWorkingDir: root, entryPoints: ['src/schema/validators.ts'], bundle: true, write: false, format: 'esm', platform: 'node', packages: 'external', logLevel: 'warning' });
      const cache = new URL('../node_modules/.cache/compile-investigation/', import.meta.url);
      mkdirSync(cache, { recursive: true });
      const file = new URL(`validators-${process.pid}.mjs`, cache);
      writeFileSync(file, result.outputFiles[0].text);
      const { createAjv, schemaIds, capErrors } = await import(file.href);
      rmSync(file, { force: true });
      const { default: standaloneCode } = await import('ajv/dist/standalone/index.js');
      const ajv = createAjv({ code: { source: true, esm: true, optimize: true } });
      const code = capErrors(standaloneCode(ajv, schemaIds));
      const contents = [code, "export { default as investigationSchema } from '../../assets/investigation.schema.json';", "export { default as policySchema } from '../../assets/policy.schema.json';", 'const compiled = { investigation, policy };', 'export function validator(name) { return compiled[name]; }'].join('\n');
      return { contents, loader: 'js', resolveDir: fileURLToPath(new URL('../src/schema/', import.meta.url)) };
    });
  },
};
await build({
  absWorkingDir: root,
  entryPoints: { cli: '/tmp/cjsexp/entry.ts' },
  outdir: '/tmp/cjsexp/out', bundle: true, format: 'cjs', platform: 'node', target: 'node20',
  legalComments: 'none', logLevel: 'error', mainFields: ['module', 'main'], plugins: [precompiledValidators],
  define: { 'import.meta.url': '__importMetaUrl' }, banner: { js: "const __importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  minify: process.argv.includes('--minify'),
});
