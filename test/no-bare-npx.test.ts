/**
 * No page and no shipped text tells anyone to run `npx` on this package without `--no-install`.
 * The name is not published: such a command fails outside a project that installed it, and were
 * the name ever published, npx would download and run that package without asking whenever its
 * standard input is not a terminal (an editor, an MCP client). See docs/editors.md#setting-it-up.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';

const PACKAGE = 'compile-investigation';
/** The options that keep npx from installing anything (`--no` is npm's own spelling of `--no-install`). */
const NO_INSTALL = new Set(['--no-install', '--no']);

/**
 * Each npx call in a text that would fetch the package: `npx` followed, across quotes, commas and
 * brackets (a JSON or Lua argument list) and any options, by the package's name, with no option
 * that forbids installing. Returns the lines that hold one.
 */
function npxCallsThatInstall(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\bnpx\b/g)) {
    const after = text.slice(match.index + 3, match.index + 200);
    const words = [...after.matchAll(/[\w.@/-]+/g)].map((word) => word[0]).filter((word) => word !== 'args');
    const options = words.slice(
      0,
      Math.max(
        0,
        words.findIndex((word) => !word.startsWith('-')),
      ),
    );
    const program = words[options.length];
    if ((program === PACKAGE || program?.startsWith(`${PACKAGE}@`)) && !options.some((option) => NO_INSTALL.has(option))) {
      const start = text.lastIndexOf('\n', match.index) + 1;
      const end = text.indexOf('\n', match.index);
      found.push(text.slice(start, end === -1 ? undefined : end));
    }
  }
  return found;
}

/** Texts a reader or the package's user sees: the pages, and what the package ships (package.json's `files`). */
function shippedTexts(): string[] {
  const { files } = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { files: string[] };
  const walk = (path: string): string[] => {
    if (!statSync(path, { throwIfNoEntry: false })) return [];
    if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => walk(join(path, name)));
    return /\.(md|json|ya?ml|[cm]?js|ts|lua|toml|txt|html)$/.test(path) ? [path] : [];
  };
  return ['README.md', 'ARCHITECTURE.md', 'src', ...files].flatMap((entry) => walk(join(projectRoot, entry)));
}

describe('npx never installs this package', () => {
  it('finds the calls that would install, in every form the pages use', () => {
    expect(npxCallsThatInstall(`npx ${PACKAGE} inv.json`)).toEqual([`npx ${PACKAGE} inv.json`]);
    expect(npxCallsThatInstall(`npx -y ${PACKAGE}@latest lsp`)).toHaveLength(1);
    expect(npxCallsThatInstall(`"command": "npx",\n"args": ["${PACKAGE}", "mcp"]`)).toEqual(['"command": "npx",']);
    expect(npxCallsThatInstall(`cmd = { 'npx', '${PACKAGE}', 'lsp', '--stdio' },`)).toHaveLength(1);
    expect(npxCallsThatInstall(`command = "npx"\nargs = ["${PACKAGE}", "lsp", "--stdio"]`)).toHaveLength(1);
    expect(npxCallsThatInstall(`npx --no-install ${PACKAGE} inv.json`)).toEqual([]);
    expect(npxCallsThatInstall(`"args": ["--no-install", "${PACKAGE}", "mcp"]`)).toEqual([]);
    expect(npxCallsThatInstall(`npx --no ${PACKAGE}`)).toEqual([]);
    expect(npxCallsThatInstall('npx tsx scripts/bench.ts')).toEqual([]);
  });

  it('no page and no shipped text has one', () => {
    const texts = shippedTexts();
    expect(texts.map((path) => relative(projectRoot, path))).toContain('docs/editors.md');
    const offenders = texts.flatMap((path) =>
      npxCallsThatInstall(readFileSync(path, 'utf8')).map((line) => `${relative(projectRoot, path)}: ${line}`),
    );
    expect(offenders).toEqual([]);
  });
});
