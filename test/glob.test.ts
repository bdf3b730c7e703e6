/**
 * The tool's one glob syntax (globMatcher) as the input expansion uses it: a glob lists what the
 * walk of its folder lists, narrowed by the pattern, and the walk enters no folder where no match
 * can lie.
 */
import { type Dirent, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as asYaml } from 'yaml';
import { globMatcher } from '../src/common/glob-pattern.js';
import { expandGlob } from '../src/engine/glob.js';
import { type DirectoryReader, findFixtures } from '../src/regression/discover.js';
import { runInProcess } from './support/in-process.js';
import { posix } from './support/platform.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('glob');

function tree(paths: readonly string[]): string {
  const root = tempDir();
  for (const path of paths) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), asYaml(validSpec()));
  }
  return root;
}

/** A directory reader that counts the folders it lists. */
function countingReader(): { reader: DirectoryReader; listed: string[] } {
  const listed: string[] = [];
  const reader: DirectoryReader = (folder) => {
    listed.push(String(folder));
    return readdirSync(folder, { withFileTypes: true, encoding: 'buffer' }) as Array<Dirent<Buffer>>;
  };
  return { reader, listed };
}

describe('mayContain: whether a folder can hold a match', () => {
  it('enters the folders a match may lie in, and no other', () => {
    const cases: Array<[string, string, boolean]> = [
      ['*.yaml', '', true],
      ['*.yaml', 'b', false],
      ['*/*.yaml', 'b', true],
      ['*/*.yaml', 'b/c', false],
      ['**/*.yaml', 'b/c/d', true],
      ['a/**/x.yaml', 'b', false],
      ['a/**/x.yaml', 'a/b/c', true],
      ['{a,b}/*.yaml', 'b', true],
      ['{a,b}/*.yaml', 'c', false],
      ['[ab]*/x.yaml', 'bc', true],
      ['[!ab]*/x.yaml', 'bc', false],
      ['a?/*.yaml', 'ab', true],
      ['a?/*.yaml', 'abc', false],
    ];
    for (const [pattern, folder, expected] of cases)
      expect(globMatcher(pattern)?.mayContain(folder), `${pattern} in ${folder}`).toBe(expected);
  });

  it('never says no of a folder that holds a match (fast-check)', () => {
    const segment = fc.constantFrom('a', 'b', 'ab', 'x.yaml', 'b.yaml');
    const patternSegment = fc.constantFrom('a', 'b', '*', '?', '**', '*.yaml', '{a,b}', '[ab]', 'a*', '[!a]*');
    fc.assert(
      fc.property(
        fc.array(patternSegment, { minLength: 1, maxLength: 5 }),
        fc.array(segment, { minLength: 1, maxLength: 6 }),
        (pattern, path) => {
          const matcher = globMatcher(pattern.join('/'));
          if (matcher === undefined || !matcher(path.join('/'))) return;
          for (let depth = 0; depth < path.length; depth++) expect(matcher.mayContain(path.slice(0, depth).join('/'))).toBe(true);
        },
      ),
      { numRuns: 2_000 },
    );
  });
});

describe('a glob is the walk of its folder, narrowed by the pattern', () => {
  const files = [
    'specs/a.yaml',
    'specs/b/c.yaml',
    'specs/b/deep/e.yaml',
    'specs/d.yml',
    'specs/.hidden/h.yaml',
    'specs/.dot.yaml',
    'specs/node_modules/n.yaml',
    'specs/x1.yaml',
    'specs/x2.yaml',
    'specs/x3.yaml',
    'other/z.yaml',
  ];

  it('lists what the folder walk lists that the rest of the pattern matches, for every pattern', () => {
    const root = tree(files);
    const walked = findFixtures([join(root, 'specs')]).files.map((file) => relative(join(root, 'specs'), file.text));
    for (const rest of ['*.yaml', '**/*.yaml', '**/*.{yaml,yml}', 'b/**', '*/*.yaml', 'x[12].yaml', 'x[!1].yaml', '?.y*ml', '**/deep/*']) {
      const matcher = globMatcher(rest);
      const expected = walked.filter((path) => matcher?.(path)).sort();
      const listed = expandGlob(`specs/${rest}`, root).files.map((file) => relative(join(root, 'specs'), file.text));
      expect(listed, rest).toEqual(expected);
    }
  });

  it('walks no hidden entry and no node_modules, as the folder walk does', () => {
    const root = tree(files);
    expect(expandGlob('specs/**/*.yaml', root).files.map((file) => relative(root, file.text))).toEqual([
      'specs/a.yaml',
      'specs/b/c.yaml',
      'specs/b/deep/e.yaml',
      'specs/x1.yaml',
      'specs/x2.yaml',
      'specs/x3.yaml',
    ]);
    // A hidden folder named in the glob's own folder is walked: the user named it.
    expect(expandGlob('specs/.hidden/*.yaml', root).files.map((file) => relative(root, file.text))).toEqual(['specs/.hidden/h.yaml']);
  });

  it('enters only the folders a match may lie in', () => {
    const root = tree([...files, ...Array.from({ length: 20 }, (_, index) => `specs/b/deep/f${index}/g.yaml`)]);
    const shallow = countingReader();
    expect(expandGlob('specs/*.yaml', root, undefined, shallow.reader).files).toHaveLength(4);
    expect(shallow.listed.map((folder) => relative(root, folder))).toEqual(['specs']);
    const deep = countingReader();
    expect(expandGlob('specs/b/*/*.yaml', root, undefined, deep.reader).files.map((file) => relative(root, file.text))).toEqual([
      'specs/b/deep/e.yaml',
    ]);
    expect(deep.listed.map((folder) => relative(root, folder))).toEqual(['specs/b', 'specs/b/deep']);
  });

  it('reports a folder it cannot list, as a folder argument does', async () => {
    const root = tree(files);
    const refusing: DirectoryReader = (folder) => {
      if (String(folder).endsWith(join('specs', 'b'))) throw Object.assign(new Error('denied'), { code: 'EACCES' });
      return readdirSync(folder, { withFileTypes: true, encoding: 'buffer' }) as Array<Dirent<Buffer>>;
    };
    const found = expandGlob('specs/**/*.yaml', root, undefined, refusing);
    expect(found.unreadable.map((folder) => [relative(root, folder.text), folder.code])).toEqual([['specs/b', 'EACCES']]);
    expect(found.files.map((file) => relative(root, file.text))).toEqual([
      'specs/a.yaml',
      'specs/x1.yaml',
      'specs/x2.yaml',
      'specs/x3.yaml',
    ]);
  });

  it('a glob whose folder does not exist matches nothing, and the command line says so', async () => {
    const root = tree(files);
    expect(expandGlob('missing/**/*.yaml', root).files).toEqual([]);
    const run = await runInProcess(['missing/**/*.yaml'], { cwd: root });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no spec file matches missing/**/*.yaml');
  });

  it.skipIf(!posix)('opens a matched file whose name is not UTF-8', async () => {
    const root = tree(['specs/a.yaml']);
    const name = Buffer.concat([Buffer.from(join(root, 'specs/')), Buffer.from([0x66, 0xff, 0x2e, 0x79, 0x61, 0x6d, 0x6c])]);
    writeFileSync(name, asYaml(validSpec()));
    const run = await runInProcess(['specs/*.yaml', '--json'], { cwd: root });
    expect(run.status, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).data.files.map((file: { path: string }) => file.path)).toEqual(['specs/a.yaml', 'specs/f\uFFFD.yaml']);
  });
});

describe.skipIf(!posix)('links out of the glob folder', () => {
  it('are reported where the pattern would have reached them, and only there', () => {
    const root = tree(['specs/a.yaml', 'outside/far.yaml', 'outside/secret.yaml']);
    symlinkSync(join(root, 'outside'), join(root, 'specs', 'elsewhere'));
    symlinkSync(join(root, 'outside', 'secret.yaml'), join(root, 'specs', 'secret.yaml'));
    const links = (pattern: string): string[] => expandGlob(pattern, root).skippedLinks.map((link) => relative(root, link.text));
    expect(links('specs/**/*.yaml')).toEqual(['specs/elsewhere', 'specs/secret.yaml']);
    expect(links('specs/*.yaml')).toEqual(['specs/secret.yaml']);
    expect(links('specs/a*.yaml')).toEqual([]);
    expect(links('specs/e*/*.yaml')).toEqual(['specs/elsewhere']);
  });
});
