/**
 * The command line's bundle parts (scripts/build.mjs), from the build's metafile and from what a
 * run loads: the core, which holds the dialects, holds none of the HTML page's builders, and a run
 * without a page loads none of them; each dialect's HTML sections (`htmlSections`) are a part of
 * their own, found from the dialect's import, that draws with the HTML part rather than carry a copy.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';

interface Output {
  bytes: number;
  entryPoint?: string;
  inputs: Record<string, unknown>;
  imports: Array<{ path: string; kind: string; external?: boolean }>;
}

const { outputs } = JSON.parse(readFileSync(join(projectRoot, 'dist', 'metafile.json'), 'utf8')) as { outputs: Record<string, Output> };

/** The HTML page's builders: hast's packages and the modules of src/render/html/. */
const HTML_BUILDER = /(^|\/)node_modules\/(hastscript|hast-util-[a-z-]+|property-information)\/|^src\/render\/html\//;

/** A dialect's HTML sections, wherever they are bundled. */
const DIALECT_SECTIONS = /^src\/dialects\/[a-z0-9-]+\/html-sections\.ts$/;

function inputsOf(bundle: string): string[] {
  const output = outputs[`dist/${bundle}`];
  if (output === undefined) throw new Error(`the build wrote no dist/${bundle}`);
  return Object.keys(output.inputs);
}

/** What a run of the command line prints, and the bundles of dist/ it loads through the launcher's loader, in a process of its own. */
function runLoading(args: string[]): { stdout: string; loaded: string[] } {
  const script = `
    const { basename, join } = require('node:path');
    const { loadBundle, loadedBundles } = require(join(process.cwd(), 'bin', 'load-bundle.cjs'));
    const io = { cwd: process.cwd(), env: { NO_COLOR: '1' }, stderr: { write: () => true }, stdoutIsTTY: false };
    loadBundle(join(process.cwd(), 'dist'), 'cli').run(${JSON.stringify(args)}, io).then(({ exitCode, stdout }) =>
      console.log(JSON.stringify({ exitCode, stdout, loaded: loadedBundles().map((bundle) => basename(bundle.file)) })));`;
  const result = spawnSync(process.execPath, ['-e', script], { cwd: projectRoot, encoding: 'utf8', timeout: 120_000 });
  expect(result.stderr).toBe('');
  const { exitCode, stdout, loaded } = JSON.parse(result.stdout) as { exitCode: number; stdout: string; loaded: string[] };
  expect(exitCode).toBe(0);
  return { stdout, loaded: loaded.sort() };
}

describe("the core and the HTML page's parts", () => {
  const dialectParts = Object.entries(outputs).filter(([, output]) => DIALECT_SECTIONS.test(output.entryPoint ?? ''));

  it('the core bundles (the command line, its worker and writer threads) hold no HTML builder and no dialect sections', () => {
    for (const bundle of ['cli.cjs', 'worker.cjs', 'writer.cjs']) {
      expect(inputsOf(bundle).filter((input) => HTML_BUILDER.test(input) || DIALECT_SECTIONS.test(input))).toEqual([]);
    }
    // The HTML part holds them: the test above would pass of a build that left them out altogether.
    expect(inputsOf('html.cjs').filter((input) => /node_modules\/hastscript\//.test(input)).length).toBeGreaterThan(0);
    expect(inputsOf('html.cjs').filter((input) => DIALECT_SECTIONS.test(input))).toEqual([]);
  });

  it("each dialect's HTML sections are a part of their own, named after its folder, loaded from the core when asked", () => {
    expect(dialectParts.map(([output, { entryPoint }]) => [output, entryPoint]).sort()).toEqual([
      ['dist/katas-html-sections.cjs', 'src/dialects/katas/html-sections.ts'],
      ['dist/spec-html-sections.cjs', 'src/dialects/spec/html-sections.ts'],
    ]);
    const loads = outputs['dist/cli.cjs']?.imports.filter((load) => load.external === true && /-html-sections\.cjs$/.test(load.path));
    expect(loads?.map((load) => [load.path, load.kind]).sort()).toEqual([
      ['./katas-html-sections.cjs', 'dynamic-import'],
      ['./spec-html-sections.cjs', 'dynamic-import'],
    ]);
  });

  it("a dialect's part draws with the HTML part it requires, and holds no copy of a builder or of hast", () => {
    for (const [output] of dialectParts) {
      const bundle = output.slice('dist/'.length);
      expect(inputsOf(bundle).filter((input) => HTML_BUILDER.test(input))).toEqual([]);
      expect(outputs[output]?.imports.filter((load) => load.external === true && load.path.startsWith('./'))).toEqual([
        { path: './html.cjs', kind: 'require-call', external: true },
      ]);
    }
  });

  it("a JSON or Markdown report of a YAML spec loads no HTML part; an HTML page loads the HTML part and every dialect's sections", () => {
    const spec = 'fixtures/valid/cli-config-precedence.yaml';
    for (const format of ['json', 'markdown']) {
      const { stdout, loaded } = runLoading([spec, '--format', format]);
      expect(stdout).toContain('Explain why');
      expect(loaded).toContain('cli.cjs');
      expect(loaded.filter((bundle) => /html/.test(bundle))).toEqual([]);
    }
    const parts = ['html.cjs', 'katas-html-sections.cjs', 'spec-html-sections.cjs'];
    const katas = runLoading(['fixtures/katas/valid/mobile-checkout-flag.json', '--format', 'html']);
    expect(katas.loaded).toEqual(expect.arrayContaining(parts));
    // The katas report's own sections, from its part, and the spec's, from its own.
    expect(katas.stdout).toContain('<section id="topology"');
    const page = runLoading([spec, '--format', 'html']);
    expect(page.loaded).toEqual(expect.arrayContaining(parts));
    expect(page.stdout).toContain('<section id="hypotheses"');
  });
});
