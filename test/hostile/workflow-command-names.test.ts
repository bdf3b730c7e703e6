/**
 * File names that start GitHub workflow commands (`::add-mask::tok.json`, `::stop-commands::x.json`,
 * `::error::spoof.json`) or hold the legacy form (`##[add-mask]…`): the runner reads a line whose
 * start, after white space, is "::", and "##[" anywhere in a line. No line the tool prints may
 * start with one from a name, nor hold one; the name stays readable, its ":" or "[" shown as a
 * code point.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runInProcess } from '../support/in-process.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';
import { outputProblems } from '../support/untrusted-output.js';

const tempDir = useTempDirs('command-names');

const NAMES = ['::add-mask::tok', '::stop-commands::x', '::error::spoof', ' ::warning::indented', 'legacy ##[add-mask]secret'];

/** A folder holding a spec of each name, each with a warning (an unknown key), so that every format lists it. */
function folderOfNames(): string {
  const dir = tempDir();
  for (const name of NAMES) writeJson(dir, `${name}.json`, { ...validSpec(), owner: 'x' });
  return dir;
}

describe('file names that start workflow commands', () => {
  it('compile --format text shows each name with its ":" or "[" as a code point, at the start of its block', async () => {
    const dir = folderOfNames();
    const { stdout, stderr } = await runInProcess(['.', '--format', 'text'], { cwd: dir });
    expect(outputProblems(stdout, 'lines')).toEqual([]);
    expect(outputProblems(stderr, 'lines')).toEqual([]);
    const names = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('  ') && !line.startsWith('✖'));
    expect(names).toEqual([
      ' ⟨U+003A⟩:warning::indented.json',
      '⟨U+003A⟩:add-mask::tok.json',
      '⟨U+003A⟩:error::spoof.json',
      '⟨U+003A⟩:stop-commands::x.json',
      'legacy ##⟨U+005B⟩add-mask]secret.json',
    ]);
  });

  it('compile --format markdown: the PATH:LINE:COL lines on standard error start with the name shown the same way', async () => {
    const dir = folderOfNames();
    for (const name of NAMES) {
      const { stdout, stderr } = await runInProcess([`${name}.json`], { cwd: dir });
      expect(outputProblems(stdout, 'markdown')).toEqual([]);
      expect(outputProblems(stderr, 'lines')).toEqual([]);
      expect(stderr).toMatch(/^( ?⟨U\+003A⟩:|legacy ##⟨U\+005B⟩)[^\n]*\.json:\d+:\d+: warning unknown-field /);
    }
  });

  it('briefs --format text shows an artifact named by a workflow command the same way', async () => {
    const dir = tempDir();
    for (const name of NAMES) writeFileSync(join(dir, `${name}-0001.json`), '{}');
    const { stdout, stderr } = await runInProcess(['briefs', '.', '--format', 'text'], { cwd: dir });
    expect(outputProblems(stdout, 'lines')).toEqual([]);
    expect(outputProblems(stderr, 'lines')).toEqual([]);
    expect(stdout).toContain('\n⟨U+003A⟩:add-mask::tok-0001.json\n');
    expect(stdout.startsWith(' ⟨U+003A⟩:warning::indented-0001.json\n')).toBe(true);
  });

  it('every other format and command keeps them inert too', async () => {
    const dir = folderOfNames();
    for (const args of [
      ['.', '--format', 'github'],
      ['.', '--format', 'sarif'],
      ['.', '--format', 'text', '--json'],
      ['stats', '.'],
      ['test', '.'],
    ]) {
      const { stdout, stderr } = await runInProcess(args, { cwd: dir });
      const kind = args.includes('github')
        ? 'workflow-commands'
        : args.includes('sarif')
          ? 'sarif'
          : args.includes('--json')
            ? 'json'
            : args[0] === 'stats'
              ? 'markdown'
              : 'lines';
      expect(outputProblems(stdout, kind), args.join(' ')).toEqual([]);
      expect(outputProblems(stderr, 'lines'), args.join(' ')).toEqual([]);
    }
  });
});
