import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { type FolderBound, folderBound } from '../common/folder-bound.js';
import { projectTree } from '../common/project-tree.js';
import { pathText, type RawPath } from '../common/raw-path.js';
import { statOrNull } from '../common/stat-or-null.js';
import { plural } from '../common/text.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { isJudgedKind, judgedShortNames, wordList } from '../dialects/kinds.js';
import { type Discovery, findFixtures, isSpecFileName, isSpecOrReportFileName, type SkippedLink } from '../regression/discover.js';
import { kindOfFile } from '../run/file-kind.js';
import { DEFAULT_MAX_BYTES, type InputFile } from '../run/input-file.js';
import { type LeftOutFile, leftOutNotes, namedUnknownWarning, notASpecMessage } from '../run/left-out.js';
import { usageError } from './contract.js';
import { expandGlob } from './glob.js';
import { GLOB_CHARACTERS } from './glob-syntax.js';
import type { IgnoreCheck } from './ignores.js';
import { type StreamFile, streamFileNote } from './stream-files.js';

export interface ExpandedInputs {
  /** In code-unit order of reportPath, standard input first, whatever the order of the arguments. */
  files: InputFile[];
  /** More than one file may come out: several arguments, a folder or a glob. */
  several: boolean;
  /** Links not followed, one sentence each, for standard error and the envelope. */
  warnings: string[];
  /** Files named on the command line that --force-exclude left out; `files` is empty only when this is not 0. */
  forceExcluded: number;
  /** Files found in folders and globs that are no document the gate judges (brief artifacts, the tool's outputs, …), in the order of `files`. */
  leftOut: LeftOutFile[];
}

export interface ExpandOptions {
  /** Folders yield JSON reports too (compare). */
  withReports?: boolean;
  /** What folder walks and globs leave out (and, with `forceExclude`, files named too). */
  ignore?: IgnoreCheck;
  /** --force-exclude: a file named on the command line that `ignore` matches is left out, with a note, rather than judged. */
  forceExclude?: boolean;
  /** The process's standard streams redirected to files (Io.streamFiles): never taken for specs, found or named. */
  streams?: readonly StreamFile[];
  /** Told at once (before any usage error) of each file left out that is no fault: one sentence, for standard error only. */
  note?: (message: string) => void;
  /** How much of a file is read to tell what it is (--max-bytes); DEFAULT_MAX_BYTES without it. */
  maxBytes?: number;
  /** The folder a file named must lie in to be read at all (an MCP server's roots): outside it, nothing is read to tell its kind. */
  namedInside?: FolderBound;
}

/**
 * Arguments to files: "-" is standard input, a file is itself (even if missing: that becomes its
 * own NOT_FOUND; a link is followed, since the user named it), a folder is searched for specs, and
 * a quoted glob is expanded here, the same way on every shell. A folder that cannot be listed
 * becomes its own UNREADABLE entry; links out of a folder or glob are skipped with a warning
 * (findFixtures, expandGlob), and a file found is read only if what is opened still lies inside
 * its folder (`inside`), which a link swapped in after the listing does not. The list is sorted
 * once, after de-duplication, so that every format lists the files in the same order whatever the
 * order of the arguments. With
 * `options.withReports`, folders yield JSON reports (`*.report.json`) too, as `compare` reads them;
 * sidecars, Markdown reports and configuration files are skipped either way. Each file a folder or
 * glob yields is then taken for what it is (kindOfFile, by its own keys): a spec or a katas report
 * is judged, as is a file that cannot be read as an object (its judge says why); a brief artifact,
 * a brief request, one of the tool's own outputs (with `withReports`, a JSON report or a file of no kind is kept) or a
 * file of no kind the tool reads is left out, listed in `leftOut` and noted once a folder and kind.
 * A file named on the command line is judged as asked, except a brief or one of the tool's own
 * outputs, which is its own input error (NOT_A_SPEC), and a file of no kind is judged with a
 * warning (namedAs). A file that is this
 * run's own redirected standard output or error (`options.streams`) is left out with a note,
 * found or named: the shell created it before the run, and it holds this run's output, not a spec.
 * With `options.forceExclude`, a named file that `options.ignore` matches is left out with a note;
 * when that leaves nothing, the list is empty (the caller says so), not a NO_INPUT error. Each file
 * carries the project's tree of `cwd`, where its own x-trace may lie.
 */
export async function expandInputs(args: readonly string[], cwd: string, options: ExpandOptions = {}): Promise<ExpandedInputs> {
  const files: InputFile[] = [];
  const seen = new Set<string>();
  const warnings: string[] = [];
  let several = args.length > 1;
  let ignored = 0;
  let forceExcluded = 0;
  let streamed = 0;
  // One of this run's redirected streams: noted and left out.
  const isStream = (file: InputFile): boolean => {
    const note = streamFileNote(file.open, file.shown, options.streams);
    if (note === null) return false;
    streamed += 1;
    options.note?.(note);
    return true;
  };
  let tree: FolderBound | undefined;
  const add = (file: InputFile): void => {
    const key = Buffer.from(file.open).toString('latin1');
    if (seen.has(key)) return;
    seen.add(key);
    // Where the spec's own x-trace may lie: the same project for every file of the run.
    files.push(file.open === '-' ? file : { ...file, tree: (tree ??= projectTree(cwd)) });
  };
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // By the file's bytes, as `seen`: a file left out by one walk and named, or found again, is listed once, and judged when named.
  const leftOut = new Map<string, LeftOutFile>();
  // A file found in a folder or by a glob: left out when a pattern ignores it or it is no document the gate judges.
  const addWalked = (file: InputFile): void => {
    if (options.ignore?.(pathText(file.open)) != null) {
      ignored += 1;
      return;
    }
    if (isStream(file) || seen.has(Buffer.from(file.open).toString('latin1'))) return;
    const kind = kindOfFile(file.open, { maxBytes, shown: file.shown, ...(file.inside ? { inside: file.inside } : {}) });
    // compare reads reports: a report, or a file of no kind (one from an older or broken run), is read as one and refused if it is not.
    const asReport = options.withReports === true && (kind === 'json-report' || kind === 'unknown');
    if (kind === null || isJudgedKind(kind) || asReport) add(file);
    else leftOut.set(Buffer.from(file.open).toString('latin1'), { path: file.reportPath, kind });
  };
  const skip = (links: readonly SkippedLink[]): void => {
    for (const link of links) warnings.push(skippedLinkWarning(link, cwd));
  };
  // What the walk of a folder, or of a glob's folder, found: its files, its unreadable folders, its links out.
  const addFound = (found: Discovery, folder: string): void => {
    const inside = folderBound(folder, displayPath(folder, cwd) || '.');
    for (const file of found.files) addWalked({ ...walked(file.path, file.text, cwd), inside });
    for (const unreadable of found.unreadable) {
      const entry = walked(unreadable.path, unreadable.text, cwd);
      add({
        ...entry,
        problem: {
          subcode: 'UNREADABLE',
          message: `the folder ${JSON.stringify(entry.shown)} cannot be read (${unreadable.code}); the specs in it were not compiled`,
        },
      });
    }
    skip(found.skippedLinks);
  };
  for (const arg of args) {
    if (arg === '-') {
      add({ open: '-', shown: '<stdin>', reportPath: '<stdin>' });
      continue;
    }
    const path = resolve(cwd, arg);
    const stats = statOrNull(path);
    const accept = options.withReports === true ? isSpecOrReportFileName : isSpecFileName;
    if (stats?.isDirectory()) {
      several = true;
      addFound(findFixtures([path], undefined, accept), path);
    } else if (!stats && GLOB_CHARACTERS.test(arg)) {
      several = true;
      const matched = expandGlob(arg, cwd, accept);
      const skipped = matched.skippedLinks.length;
      if (matched.files.length === 0 && matched.unreadable.length === 0) {
        skip(matched.skippedLinks);
        throw usageError(
          'NO_INPUT',
          `no spec file matches ${arg}${skipped > 0 ? ` (${skipped} symbolic link${skipped === 1 ? '' : 's'} out of its folder not followed)` : ''}`,
        );
      }
      addFound(matched, matched.folder);
    } else {
      // Named on the command line: judged even when a pattern ignores it, with a warning (as ESLint
      // warns), unless --force-exclude (as ruff's) leaves it out.
      const named: InputFile = { open: path, shown: arg, reportPath: displayPath(path, cwd) };
      if (isStream(named)) continue;
      const by = options.ignore?.(path);
      if (by != null && options.forceExclude === true) {
        forceExcluded += 1;
        options.note?.(`left out ${JSON.stringify(arg)}: it is ignored by ${by}, and --force-exclude applies ignores to files named too`);
        continue;
      }
      if (by != null) warnings.push(`${JSON.stringify(arg)} is ignored by ${by}, but it was named on the command line; judged anyway`);
      add(namedAs(named, { maxBytes, ...definedFields({ inside: options.namedInside }) }, warnings));
    }
  }
  for (const key of seen) leftOut.delete(key);
  const others = [...leftOut.values()].sort(byPath);
  for (const note of leftOutNotes(others)) options.note?.(note);
  if (files.length === 0 && forceExcluded === 0) {
    const why = [
      ...(ignored > 0 ? [`${plural(ignored, 'file')} ignored by --ignore or a configuration's ignores`] : []),
      ...(streamed > 0 ? [`${plural(streamed, 'file')} left out as this run's own standard output or error`] : []),
      ...(others.length > 0
        ? [`${plural(others.length, 'file')} left out as no ${wordList(judgedShortNames(), 'or')} (see the notes)`]
        : []),
    ];
    throw usageError('NO_INPUT', `no spec file found in the given folders${why.length > 0 ? ` (${why.join('; ')})` : ''}`);
  }
  return { files: files.sort(byReportPath), several, warnings, forceExcluded, leftOut: others };
}

/**
 * A file named on the command line, as it is judged: a brief or one of the tool's own outputs
 * becomes its own input error (NOT_A_SPEC), saying what it is and what reads it, rather than a
 * spec that lost its goal; a file of no kind the tool reads is judged as a spec, with a warning.
 */
function namedAs(file: InputFile, bounds: { maxBytes: number; inside?: FolderBound }, warnings: string[]): InputFile {
  const kind = kindOfFile(file.open, { ...bounds, shown: file.shown });
  if (kind === null || isJudgedKind(kind)) return file;
  if (kind !== 'unknown') return { ...file, problem: { subcode: 'NOT_A_SPEC', message: notASpecMessage(kind, file.shown) } };
  warnings.push(namedUnknownWarning(file.shown));
  return file;
}

function byPath(a: LeftOutFile, b: LeftOutFile): number {
  return compareStrings(a.path, b.path);
}

/** A file or folder found by expanding an argument: shown as recorded, relative to the working directory. */
function walked(open: RawPath, text: string, cwd: string): InputFile {
  const shown = displayPath(text, cwd) || '.';
  return { open, shown, reportPath: shown };
}

/** Standard input first, then code-unit order; two names shown alike (invalid UTF-8) by their bytes. */
function byReportPath(a: InputFile, b: InputFile): number {
  if ((a.open === '-') !== (b.open === '-')) return a.open === '-' ? -1 : 1;
  return (
    compareStrings(a.reportPath, b.reportPath) ||
    compareStrings(Buffer.from(a.open).toString('latin1'), Buffer.from(b.open).toString('latin1'))
  );
}

/** The warning for a link not followed, with both paths relative to the working directory and quoted (names may hold anything). */
export function skippedLinkWarning(link: SkippedLink, cwd: string): string {
  const shown = JSON.stringify(displayPath(link.text, cwd));
  const root = JSON.stringify(displayPath(link.root, cwd) || '.');
  return `${shown} is a symbolic link out of ${root}; not followed (a link out of a folder or glob is compiled only when named on the command line)`;
}
