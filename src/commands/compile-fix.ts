// `compile --fix`, `--fix-unsafe` and `--fix-dry-run`: before the run judges them, each input's
// fixable problems are fixed (src/fix/) and the file rewritten atomically, only when the fixed
// text still parses and has fewer problems, the file's mode lets its user write it, and it still
// holds what was read; the dry run prints the changes as a unified diff and writes nothing. The
// run then reports what remains.
import { createTwoFilesPatch } from 'diff';
import { pathText } from '../common/raw-path.js';
import { usageError } from '../engine/contract.js';
import type { Judged } from '../engine/judges.js';
import { replaceOutputFile } from '../engine/write-output-file.js';
import { type AppliedFix, type FixLevel, fixSpec } from '../fix/fix-spec.js';
import { escapeFor } from '../render/untrusted/index.js';
import { compileOptionsOf, type JudgedFile, sourceOf } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';

/** Which fixes a run writes, and whether it writes them or shows them. */
export interface FixFlags {
  fix?: FixLevel;
  fixDryRun?: boolean;
}

/** The fixes written (or, in a dry run, that would be) in one file. */
export interface FixedFile {
  path: string;
  fixes: AppliedFix[];
}

/** What fixing came to: the files and their fixes, and for a dry run the unified diff of every change. */
export interface FixRun {
  fixed: FixedFile[];
  /** The unified diff as data (the envelope's `diff`): names and lines as they are. */
  diff: string;
  /** The same diff to print (shownDiff). */
  shown: string;
}

/** Refuses what cannot be fixed in place: standard input, unless the run only shows the changes. */
export function checkFixInputs(flags: FixFlags, inputs: readonly InputFile[]): void {
  if (flags.fix === undefined || flags.fixDryRun === true) return;
  if (inputs.some((input) => input.open === '-'))
    throw usageError(
      'CONFLICTING_ARGUMENTS',
      '--fix rewrites files, and standard input is none; use --fix-dry-run to see the changes as a diff',
    );
}

/**
 * Fixes every input as its judge, baseline and trace would judge it. A file that cannot be read
 * or decoded is left to the run, which reports it as it would without fixing.
 */
export function fixInputs(
  flags: Required<Pick<FixFlags, 'fix'>> & FixFlags & { maxBytes: number; stage?: 'final' | 'draft' },
  inputs: readonly JudgedFile[],
  judged: Judged,
): FixRun {
  const run: FixRun = { fixed: [], diff: '', shown: '' };
  inputs.forEach((input, index) => {
    const read = sourceOf(input, flags.maxBytes);
    if (!read.ok || typeof read.source !== 'string') return;
    const compiler = judged.compilers[judged.files[index]?.judge ?? 0];
    if (compiler === undefined) return;
    const outcome = fixSpec(compiler, read.source, compileOptionsOf(compiler, input, flags), flags.fix);
    if (outcome.applied.length === 0) return;
    run.fixed.push({ path: input.reportPath, fixes: outcome.applied });
    if (flags.fixDryRun === true) {
      run.diff += createTwoFilesPatch(input.reportPath, input.reportPath, read.source, outcome.text, '', '');
      run.shown += shownDiff(input.reportPath, read.source, outcome.text);
    } else {
      // A file found in a folder is rewritten only inside that folder, as a report of --output-dir is;
      // and only while it holds what was read (the text decoded from it, which UTF-8 gives back whole).
      const shown = `--fix ${input.shown}`;
      const error = replaceOutputFile(pathText(input.open), outcome.text, Buffer.from(read.source, 'utf8'), shown, input.inside);
      if (error !== null) throw usageError('OUTPUT_NOT_WRITABLE', error.message);
    }
  });
  return run;
}

/**
 * The change as a unified diff for a terminal or a CI log: the file's name and each line of the
 * diff through the terminal row of the one rule for untrusted text, as every other text output. A
 * name with a line break stays on its line, a line of the spec cannot start a workflow command
 * (after the diff's leading space) nor move the cursor; tabs and carriage returns show as "␉" and
 * "␍" too. It is a change to read, not a patch to apply.
 */
function shownDiff(name: string, before: string, after: string): string {
  const shown = escapeFor.terminal(name);
  const patch = createTwoFilesPatch(shown, shown, before, after, '', '');
  return patch
    .split('\n')
    .map((line) => escapeFor.terminal(line))
    .join('\n');
}

/** One line for standard error: how many problems were fixed, in how many files. */
export function fixedLine(run: FixRun, dry: boolean): string {
  const problems = run.fixed.reduce((sum, file) => sum + file.fixes.length, 0);
  const unsafe = run.fixed.reduce((sum, file) => sum + file.fixes.filter((fix) => fix.safety === 'unsafe').length, 0);
  const files = run.fixed.length === 1 ? '1 file' : `${run.fixed.length} files`;
  const what = problems === 1 ? '1 problem' : `${problems} problems`;
  return `${dry ? 'would fix' : 'fixed'} ${what} in ${files}${unsafe > 0 ? ` (${unsafe} unsafe)` : ''}`;
}
