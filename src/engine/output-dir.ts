import { mkdirSync, readdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { type FolderBound, folderBound } from '../common/folder-bound.js';
import { fileIdentity } from '../common/real-path.js';
import { targetKind, writesInside } from '../common/write-file.js';
import { fixtureStem } from '../regression/paths.js';
import type { ReportFormat } from '../render/formatters.js';
import { escapeFor } from '../render/untrusted/index.js';
import type { InputFile } from '../run/input-file.js';
import { toolInfo } from '../tool.js';
import { type EnvelopeError, usageError } from './contract.js';
import type { Io } from './result.js';

/** The name each report format's file ends with. */
const REPORT_EXTENSIONS: Record<ReportFormat, string> = { json: '.report.json', markdown: '.report.md', html: '.report.html' };

/** What became of one file's report under --output-dir: written to `file`, or not, with the reason. */
export interface ReportFate {
  file: string;
  error?: EnvelopeError;
}

/** Where each input's report goes under --output-dir, every target checked before any is written. */
export interface ReportPlan {
  /** By input index: the target as given (relative to the working directory), undefined for an input that cannot have a report. */
  targets: Array<string | undefined>;
  /** The working directory the targets are relative to. */
  cwd: string;
  /** The output folder: every write must land inside it. */
  inside: FolderBound;
}

/** One report to write: the writer thread's item. */
export interface ReportWrite {
  /** The absolute path. */
  path: string;
  content: string;
  /** How messages name it: the target with forward slashes. */
  shown: string;
}

/**
 * Creates the output folder and checks every target before anything is compiled, so that a run
 * refused here has written nothing: two inputs may not claim one name, none may be written over an
 * input, none may be a symbolic link out of the folder (the user named the folder, not each report
 * in it), and none may be anything but a regular file (or a link to one), or nothing yet. A
 * target is `<output-dir>/<stem>.report.md` (or `.report.json`) for every input that can have a
 * report, whether or not it will: names are checked, not contents, so the verdict does not depend
 * on which specs fail to load. The folder is listed once: a name not in it is nothing yet, which
 * needs no look of its own (the writer looks again when it writes), so a fresh folder costs no
 * call per report.
 */
export function planReports(inputs: readonly InputFile[], outputDir: string, format: ReportFormat, cwd: string): ReportPlan {
  try {
    mkdirSync(resolve(cwd, outputDir), { recursive: true });
  } catch (error) {
    throw usageError(
      'OUTPUT_NOT_WRITABLE',
      `--output-dir ${outputDir} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`,
    );
  }
  const inside = folderBound(resolve(cwd, outputDir), outputDir);
  const extension = REPORT_EXTENSIONS[format];
  const targets = inputs.map((input) =>
    input.problem === undefined
      ? join(outputDir, `${basename(fixtureStem(input.open === '-' ? 'stdin' : input.shown))}${extension}`)
      : undefined,
  );
  // By folded name: two names one file on a disk that ignores case or Unicode normalization.
  const claimed = new Map<string, { shown: string; target: string }>();
  const present = namesIn(resolve(cwd, outputDir));
  let inputsByIdentity: Map<string, InputFile> | undefined;
  const inputAt = (absolute: string): InputFile | undefined => {
    inputsByIdentity ??= new Map(inputs.filter((input) => input.open !== '-').map((input) => [fileIdentity(input.open), input]));
    return inputsByIdentity.get(fileIdentity(absolute));
  };
  const named = new Map(inputs.flatMap((input) => (typeof input.open === 'string' ? [[input.open, input] as const] : [])));
  targets.forEach((target, index) => {
    if (target === undefined) return;
    const shown = inputs[index]?.shown;
    const key = foldName(target);
    const other = claimed.get(key);
    if (other !== undefined)
      throw usageError(
        'CONFLICTING_ARGUMENTS',
        other.target === target
          ? `${other.shown} and ${shown} would both write ${target}; compile them into different --output-dir folders`
          : `${other.shown} and ${shown} would write ${other.target} and ${target}, one file on a disk that ignores case or Unicode normalization (macOS, Windows); compile them into different --output-dir folders`,
      );
    claimed.set(key, { shown: shown ?? '', target });
    const absolute = resolve(cwd, target);
    const exists = present === null || present.has(foldName(basename(absolute)));
    // Another input may be named like a report ("a.json" and "a.report.json"): never write over it.
    // Where nothing is there, only an input named by that very path (a missing one) can be it.
    const input = exists ? inputAt(absolute) : named.get(absolute);
    if (input)
      throw usageError(
        'OUTPUT_IS_INPUT',
        `the report of ${shown} would be written to ${target}, which is the input ${input.shown}; refusing to overwrite it`,
      );
    if (!exists) return;
    if (!writesInside(absolute, inside))
      throw usageError(
        'OUTPUT_NOT_WRITABLE',
        `the report of ${shown} would be written to ${target}, which is a symbolic link out of ${outputDir}; remove it or choose another --output-dir (nothing was written)`,
      );
    const kind = targetKind(absolute);
    if (kind !== 'missing' && kind !== 'file') {
      throw usageError(
        'OUTPUT_NOT_WRITABLE',
        `the report of ${shown} would be written to ${target}, which is a ${kind}; remove it or choose another --output-dir (nothing was written)`,
      );
    }
  });
  return { targets, cwd, inside };
}

/** The names in `folder`, folded, or null when it cannot be listed (every target is then looked at). */
function namesIn(folder: string): Set<string> | null {
  try {
    return new Set(readdirSync(folder).map(foldName));
  } catch {
    return null;
  }
}

/**
 * A name as the most forgiving file system matches it: APFS and HFS+ (macOS) ignore Unicode
 * normalization and, by default, case; NTFS (Windows) ignores case. Two names with one key may be
 * one file there. The key is the name in NFC (the Kelvin sign is "K" then), case folded by a round
 * trip through upper case, so that characters whose lower case alone would differ meet ("ß" and
 * "SS" both "ss", "ſ" and "s"), and normalized again since folding may leave a mark apart. It can
 * only join more names than a real disk does, never fewer: refusing two names that would not have
 * collided costs a second --output-dir; writing both over one file loses a report.
 */
function foldName(name: string): string {
  return name.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
}

/** The item that writes the `index`-th input's report, or null when that input has no target. */
export function reportWrite(plan: ReportPlan, index: number, content: string): ReportWrite | null {
  const target = plan.targets[index];
  if (target === undefined) return null;
  return { path: resolve(plan.cwd, target), content, shown: target.split('\\').join('/') };
}

/** The run's error when some reports could not be written, each also said on standard error; null when all were. */
export function reportsNotWritten(fates: ReadonlyArray<ReportFate | undefined>, io: Io): EnvelopeError | null {
  const failed = fates.filter((fate): fate is ReportFate & { error: EnvelopeError } => fate?.error !== undefined);
  const [first] = failed;
  if (first === undefined) return null;
  for (const fate of failed) io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(fate.error.message)}\n`);
  const attempted = fates.filter((fate) => fate !== undefined).length;
  return {
    code: 'USAGE_ERROR',
    subcode: 'OUTPUT_NOT_WRITABLE',
    message: `${failed.length} of ${attempted} reports could not be written, first ${first.error.message}`,
  };
}
