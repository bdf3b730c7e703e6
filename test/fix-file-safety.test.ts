/**
 * `--fix` and the file it rewrites: a fix is offered only where it is written as meant (never
 * through a YAML anchor or alias, a block scalar or a tag), so that the count of fixable problems
 * is what --fix writes; a read-only spec is refused as a write would be, for root too; a spec saved
 * by another program while --fix ran is left as it was saved. The save is made between the fixing
 * and the rewrite by a mock of fixSpec, not by timing.
 */
import { chmodSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { replaceFileSafely, WriteRefusedError } from '../src/common/write-file.js';
import { createCompiler } from '../src/compile.js';
import { editValues } from '../src/fix/edit-value.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { posix } from './support/platform.js';
import { useTempDirs } from './support/temp.js';

/** What the mocked fixSpec does once it has fixed a text, before the command rewrites the file. */
const hooks = vi.hoisted(() => ({ afterFix: undefined as (() => void) | undefined }));

vi.mock('../src/fix/fix-spec.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../src/fix/fix-spec.js')>();
  return {
    ...real,
    fixSpec: (...args: Parameters<typeof real.fixSpec>) => {
      const outcome = real.fixSpec(...args);
      hooks.afterFix?.();
      return outcome;
    },
  };
});

afterEach(() => {
  hooks.afterFix = undefined;
});

const tempDir = useTempDirs('fix-safety');
const root = new URL('..', import.meta.url).pathname;

/** The passing YAML spec of the fixtures, with `edit` made to its text. */
function specYaml(edit: (text: string) => string): string {
  return edit(readFileSync(join(root, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8'));
}

/** The first Glob misspelt, anchored, and the second tool an alias of it. */
const ANCHORED = (text: string) => text.replace('tool: Glob', 'tool: &t glob').replace('tool: ls\n', 'tool: *t\n');

function fixesOf(text: string): Record<string, unknown> {
  const result = createCompiler().compile(text, { path: 'spec.yaml' });
  return Object.fromEntries(result.diagnostics.map((diagnostic) => [`${diagnostic.ruleId} ${diagnostic.path}`, diagnostic.fix]));
}

describe('a fix is offered only where it is written as meant', () => {
  it.each([
    ['an anchored value (its alias would change too)', 'a: &x grep\nb: *x\n', '/a'],
    ['an alias (its anchor is another value)', 'a: &x grep\nb: *x\n', '/b'],
    ['a value inside an anchored mapping', 'a: &m {tool: grep}\nb: *m\n', '/a/tool'],
    ['a value reached through an aliased mapping', 'a: &m {tool: grep}\nb: *m\n', '/b/tool'],
    ['a literal block scalar', 'a: |\n  grep\n', '/a'],
    ['a folded block scalar', 'a: >-\n  grep\n', '/a'],
    ['a value with an explicit tag', 'a: !!str grep\n', '/a'],
  ])('YAML: %s is not edited', (_, text, path) => {
    expect(editValues(text, 'yaml', [{ path, replacement: 'Grep' }])).toBe(text);
  });

  it('the same values written plainly, quoted or in flow are edited', () => {
    expect(
      editValues(
        'a: grep\nb: "grep"\nc: {tool: grep}\n',
        'yaml',
        ['/a', '/b', '/c/tool'].map((path) => ({ path, replacement: 'Grep' })),
      ),
    ).toBe('a: Grep\nb: "Grep"\nc: {tool: Grep}\n');
  });

  it('the compiler carries no fix where --fix would not write one, and keeps the others', () => {
    expect(fixesOf(specYaml(ANCHORED))).toMatchObject({
      'map-cheap /surfaceMap/0/tool': undefined,
      'map-cheap /surfaceMap/1/tool': undefined,
    });
    expect(fixesOf(specYaml((text) => text.replace('tool: Glob', 'tool: glob')))).toMatchObject({
      'map-cheap /surfaceMap/0/tool': { replacement: 'Glob', safety: 'safe' },
    });
    const block = fixesOf(specYaml((text) => text.replace('    effect: confirms', '    effect: >-\n      confrims')));
    expect(Object.keys(block)).toContain('dive-selective /deepDives/0/effect');
    expect(block['dive-selective /deepDives/0/effect']).toBeUndefined();
  });

  it.each([
    ['an anchored value and its alias', ANCHORED, 0],
    [
      'a value given by an alias',
      (text: string) => `x-anchors:\n  e: &e confrims\n${text.replace('    effect: confirms', '    effect: *e')}`,
      0,
    ],
    ['a block scalar', (text: string) => text.replace('    effect: confirms', '    effect: |-\n      confrims'), 0],
    [
      'a block scalar beside a plain misspelling',
      (text: string) => text.replace('    effect: confirms', '    effect: >-\n      confrims').replace('tool: Glob', 'tool: glob'),
      1,
    ],
  ])('%s: "N fixable with --fix" is what --fix writes, and nothing is promised after it', async (_, edit, fixable) => {
    const dir = tempDir();
    const before = specYaml(edit);
    writeFileSync(join(dir, 'spec.yaml'), before);
    const listed = await runInProcess(['spec.yaml', '--format', 'text'], { cwd: dir });
    expect(listed.stdout.includes('fixable with --fix'), listed.stdout).toBe(fixable > 0);
    if (fixable > 0) expect(listed.stdout).toContain(`${fixable} fixable with --fix`);
    const fixed = await runInProcess(['spec.yaml', '--fix', '--format', 'text'], { cwd: dir });
    if (fixable > 0) expect(fixed.stderr).toContain(`fixed ${fixable} problem in 1 file`);
    else expect(fixed.stderr).not.toContain('fixed');
    expect(fixed.stdout).not.toContain('fixable with --fix');
    const after = readFileSync(join(dir, 'spec.yaml'), 'utf8');
    if (fixable === 0) expect(after).toBe(before);
    else expect(after).toBe(before.replace('tool: glob', 'tool: Glob'));
  });
});

describe.skipIf(!posix)('the file --fix rewrites', () => {
  const broken = () => specYaml((text) => text.replace('tool: Glob', 'tool: glob'));

  it('a read-only spec is refused as a write would be, for root too: exit 2, the file, its mode and its folder as they were', async () => {
    const dir = tempDir();
    const spec = join(dir, 'spec.yaml');
    writeFileSync(spec, broken());
    chmodSync(spec, 0o444);
    const run = await runInProcess(['spec.yaml', '--fix', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(envelopeOf(run.stdout).error).toMatchObject({
      code: 'USAGE_ERROR',
      subcode: 'OUTPUT_NOT_WRITABLE',
      message: '--fix spec.yaml is read-only (mode 0444); left as it is: make it writable (chmod u+w) first',
    });
    expect(readFileSync(spec, 'utf8')).toBe(broken());
    expect(statSync(spec).mode & 0o7777).toBe(0o444);
    expect(readdirSync(dir)).toEqual(['spec.yaml']);
  });

  it('a writable spec is rewritten with its mode kept', async () => {
    const dir = tempDir();
    const spec = join(dir, 'spec.yaml');
    writeFileSync(spec, broken());
    chmodSync(spec, 0o640);
    const run = await runInProcess(['spec.yaml', '--fix'], { cwd: dir });
    expect(run.stderr).toContain('fixed 1 problem in 1 file');
    expect(readFileSync(spec, 'utf8')).toContain('tool: Glob');
    expect(statSync(spec).mode & 0o7777).toBe(0o640);
  });

  it('a spec saved by another program while --fix ran is left as saved: exit 2, says so, no temporary', async () => {
    const dir = tempDir();
    const spec = join(dir, 'spec.yaml');
    writeFileSync(spec, broken());
    const saved = `${broken()}# saved in the editor meanwhile\n`;
    hooks.afterFix = () => writeFileSync(spec, saved);
    const run = await runInProcess(['spec.yaml', '--fix', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(envelopeOf(run.stdout).error).toMatchObject({
      subcode: 'OUTPUT_NOT_WRITABLE',
      message: '--fix spec.yaml changed since it was read (saved by another program meanwhile?); left as it is: run again',
    });
    expect(readFileSync(spec, 'utf8')).toBe(saved);
    expect(readdirSync(dir)).toEqual(['spec.yaml']);
  });

  it('a save of the same bytes, or none, lets the fix through', async () => {
    const dir = tempDir();
    const spec = join(dir, 'spec.yaml');
    writeFileSync(spec, broken());
    hooks.afterFix = () => writeFileSync(spec, broken());
    const run = await runInProcess(['spec.yaml', '--fix'], { cwd: dir });
    expect(run.stderr).toContain('fixed 1 problem in 1 file');
    expect(readFileSync(spec, 'utf8')).toContain('tool: Glob');
  });
});

describe.skipIf(!posix)('replaceFileSafely', () => {
  it('refuses a file that no longer holds what was read: shorter, longer, same size, gone', () => {
    const dir = tempDir();
    const path = join(dir, 'f.txt');
    const read = Buffer.from('abc\n');
    for (const now of ['ab\n', 'abcd\n', 'abd\n']) {
      writeFileSync(path, now);
      expect(() => replaceFileSafely(path, 'new\n', read)).toThrow(WriteRefusedError);
      expect(readFileSync(path, 'utf8')).toBe(now);
    }
    expect(() => replaceFileSafely(join(dir, 'gone.txt'), 'new\n', read)).toThrow(WriteRefusedError);
    expect(readdirSync(dir)).toEqual(['f.txt']);
    writeFileSync(path, read);
    replaceFileSafely(path, 'new\n', read);
    expect(readFileSync(path, 'utf8')).toBe('new\n');
  });

  it('reads the mode bits of the class the process falls in: owner (and root), group, others', () => {
    const dir = tempDir();
    const path = join(dir, 'f.txt');
    const read = Buffer.from('x');
    const { uid, gid } = (writeFileSync(path, read), statSync(path));
    const as = (processUid: number, groups: number[], mode: number): boolean => {
      writeFileSync(path, read);
      chmodSync(path, mode);
      const spies = [
        vi.spyOn(process, 'getuid').mockReturnValue(processUid),
        vi.spyOn(process, 'getgid').mockReturnValue(groups[0] ?? 99_999),
        vi.spyOn(process, 'getgroups').mockReturnValue(groups),
      ];
      try {
        replaceFileSafely(path, 'y', read);
        return true;
      } catch (error) {
        if (!(error instanceof WriteRefusedError)) throw error;
        return false;
      } finally {
        for (const spy of spies) spy.mockRestore();
      }
    };
    const other = uid + 1;
    expect([as(uid, [], 0o644), as(uid, [], 0o464), as(0, [], 0o444), as(0, [], 0o644)]).toEqual([true, false, false, true]);
    expect([as(other, [gid], 0o464), as(other, [gid], 0o644), as(other, [gid + 1], 0o646), as(other, [gid + 1], 0o664)]).toEqual([
      true,
      false,
      true,
      false,
    ]);
  });
});
