import { definedFields } from '../common/defined-fields.js';
import { plural } from '../common/text.js';
import { countSeverities } from '../diagnostics/cap.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { type FileOutcome, hiddenWarningsNote, type Problem, problemsOf } from '../report/outcome.js';
import { SourceLines } from './code-frame.js';
import { type UnusedWords, unusedEntriesFailure } from './run-failure.js';
import { escapeFor } from './untrusted/index.js';

export interface TextOptions {
  color: boolean;
  /** List each problem a baseline accepts, with its code frame (--show-suppressed); else one line a file counts them. */
  showSuppressed?: boolean;
  /** Unused baseline entries that fail the run (--fail-on-unused-suppressions): the summary says so, whatever the files came to. */
  failingUnused?: number;
  /** What lists the problems counted in one line: --show-suppressed unless told (an MCP result lists them in its data). */
  listsSuppressed?: string;
  /** How the summary names what asked for that failure and what prunes: the command line's options unless told. */
  unusedWords?: UnusedWords;
  /** How the summary names what fixes the fixable problems: --fix and --fix-unsafe unless told. */
  fixWords?: { safe: string; unsafe: string };
}

/** Rules a file's line of suppressed problems names; the others are counted. */
const RULES_ON_SUPPRESSED_LINE = 3;

/**
 * A stylish, ESLint-like listing of the problems of every file, each under a one-line code frame,
 * and a closing summary. Only files with something to say are listed. Problems a baseline accepts
 * are counted in one line a file (a file with nothing else to say is that one line), so that a new
 * error is not buried under hundreds of accepted ones, unless `showSuppressed` lists them.
 */
export function formatText(files: FileOutcome[], options: TextOptions): string {
  const paint = painter(options.color);
  const blocks: Array<{ text: string; oneLine: boolean }> = [];
  let errors = 0;
  let warnings = 0;
  let suppressed = 0;
  let counted = 0;
  for (const file of files) {
    const problems = problemsOf(file);
    if (problems.length === 0) continue;
    const counts = countSeverities(problems);
    errors += counts.errors;
    warnings += counts.warnings;
    suppressed += counts.suppressed;
    const listed = options.showSuppressed === true ? problems : problems.filter((problem) => problem.suppressed === undefined);
    const accepted = problems.length - listed.length;
    counted += accepted;
    if (listed.length === 0) {
      blocks.push({ text: `${escapeFor.terminal(file.path)}: ${paint.dim(suppressedLine(problems))}`, oneLine: true });
      continue;
    }
    const block = formatFile(file, listed, paint);
    blocks.push({ text: accepted === 0 ? block : `${block}\n  ${paint.dim(`and ${suppressedLine(problems)}`)}`, oneLine: false });
  }
  const listing = blocks
    .map((block, index) => (index === 0 ? '' : block.oneLine && blocks[index - 1]?.oneLine ? '\n' : '\n\n') + block.text)
    .join('');
  const problems = errors + warnings;
  const hidden = hiddenWarningsNote(files);
  const accepted = suppressed === 0 ? '' : `${suppressed} suppressed by a baseline`;
  const howToList =
    counted === 0
      ? ''
      : `\n${paint.dim(`${plural(counted, 'suppressed problem')} counted, not listed: ${options.listsSuppressed ?? '--show-suppressed lists them'}`)}`;
  const unused = options.failingUnused ?? 0;
  if (problems === 0 && hidden === undefined) {
    // Drafts (--stage draft) are sound so far, not passed: the finished spec is still to be judged.
    const drafts = files.length > 0 && files.every((file) => file.verdict === 'draft-ok');
    const outcome = drafts ? `${nounFor(files.length, 'draft')} sound so far` : `${nounFor(files.length, 'file')} passed`;
    const counted = `${files.length} ${outcome}${accepted === '' ? '' : ` (${accepted})`}`;
    // The files passed, but the run fails: the last line must not say "passed" alone over exit code 1.
    const verdict =
      unused === 0
        ? `${paint.green('✔')} ${counted}`
        : paint.boldRed(`✖ ${counted}, but ${unusedEntriesFailure(unused, definedFields({ words: options.unusedWords }))}`);
    const passed = `${verdict}${howToList}\n`;
    return blocks.length === 0 ? passed : `${listing}\n\n${passed}`;
  }
  const summaries: string[] = [];
  if (problems > 0) {
    const counted = `${errors} ${nounFor(errors, 'error')}, ${warnings} ${nounFor(warnings, 'warning')}${accepted === '' ? '' : `; ${accepted}`}`;
    const summary = `✖ ${problems} ${nounFor(problems, 'problem')} (${counted})`;
    summaries.push(errors > 0 ? paint.boldRed(summary) : paint.boldYellow(summary));
  }
  if (hidden !== undefined) summaries.push(paint.boldYellow(`✖ ${hidden}`));
  if (unused > 0) summaries.push(paint.boldRed(`✖ ${unusedEntriesFailure(unused, definedFields({ words: options.unusedWords }))}`));
  const fixable = fixableLine(files, options.fixWords ?? { safe: '--fix', unsafe: '--fix-unsafe' });
  return `${listing === '' ? '' : `${listing}\n\n`}${summaries.join('\n')}${fixable === '' ? '' : `\n${paint.dim(fixable)}`}${howToList}\n`;
}

/** "2 fixable with --fix (1 more with --fix-unsafe)": the listed problems a fix would remove, or nothing. */
function fixableLine(files: readonly FileOutcome[], words: { safe: string; unsafe: string }): string {
  let safe = 0;
  let unsafe = 0;
  for (const file of files)
    for (const problem of problemsOf(file)) {
      if (problem.suppressed !== undefined || problem.fix === undefined) continue;
      if (problem.fix.safety === 'safe') safe++;
      else unsafe++;
    }
  if (safe === 0 && unsafe === 0) return '';
  if (safe === 0) return `${unsafe} fixable with ${words.unsafe}`;
  return `${safe} fixable with ${words.safe}${unsafe === 0 ? '' : ` (${unsafe} more with ${words.unsafe})`}`;
}

/** "2 suppressed by BASELINE (dive-selective 2)": a file's accepted problems, by rule, the first few rules named. */
function suppressedLine(problems: readonly Problem[]): string {
  const byRule = new Map<string, number>();
  let baseline = '';
  for (const problem of problems) {
    if (problem.suppressed === undefined) continue;
    baseline = problem.suppressed.baseline;
    byRule.set(problem.ruleId, (byRule.get(problem.ruleId) ?? 0) + 1);
  }
  const total = [...byRule.values()].reduce((sum, count) => sum + count, 0);
  const rules = [...byRule].sort(([a], [b]) => compareStrings(a, b));
  const named = rules.slice(0, RULES_ON_SUPPRESSED_LINE).map(([ruleId, count]) => `${escapeFor.terminal(ruleId)} ${count}`);
  const others = rules.length - named.length;
  const list = `${named.join(', ')}${others === 0 ? '' : `, ${plural(others, 'more rule')}`}`;
  return `${total} suppressed by ${escapeFor.terminal(baseline)} (${list})`;
}

function formatFile(file: FileOutcome, entries: Problem[], paint: Painter): string {
  const source = file.source === undefined ? undefined : new SourceLines(file.source);
  // Line numbers align right and columns left, so the colons line up as in ESLint's stylish.
  const lineWidth = Math.max(...entries.map((entry) => String(entry.line ?? 0).length));
  const columnWidth = Math.max(...entries.map((entry) => String(knownLine(entry) ? (entry.column ?? 0) : 0).length));
  const severityWidth = Math.max(...entries.map((entry) => weightLabel(entry).length));
  const lines = [escapeFor.terminal(file.path)];
  for (const entry of entries) {
    const line = knownLine(entry) ? entry.line : 0;
    const column = knownLine(entry) ? (entry.column ?? 0) : 0;
    const position = `${String(line).padStart(lineWidth)}:${String(column).padEnd(columnWidth)}`;
    const label = weightLabel(entry);
    const severity =
      (entry.suppressed === undefined ? paint[entry.severity](label) : paint.dim(label)) + ' '.repeat(severityWidth - label.length);
    lines.push(
      `  ${paint.dim(position)}  ${severity}  ${escapeFor.terminal(entry.message)}  ${paint.dim(escapeFor.terminal(entry.subcode ?? entry.ruleId))}`,
    );
    const frame = line > 0 ? source?.frame(line, column) : undefined;
    if (frame === undefined) continue;
    const indent = ' '.repeat(2 + position.length + 2);
    lines.push(`${indent}${frame.text}`);
    if (frame.caret !== undefined) lines.push(`${indent}${' '.repeat(frame.caret)}^`);
  }
  return lines.join('\n');
}

/** The severity, or "suppressed" for a problem a baseline accepts. */
function weightLabel(entry: Problem): string {
  return entry.suppressed === undefined ? entry.severity : 'suppressed';
}

function knownLine(entry: Problem): entry is Problem & { line: number } {
  return entry.line !== undefined && Number.isInteger(entry.line) && entry.line >= 1;
}

function nounFor(count: number, noun: string): string {
  return count === 1 ? noun : `${noun}s`;
}

type Painter = Record<'dim' | 'error' | 'warning' | 'boldRed' | 'boldYellow' | 'green', (text: string) => string>;

function painter(color: boolean): Painter {
  const style = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  const bold = (paint: (text: string) => string) => (text: string) => (color ? `\u001b[1m${paint(text)}\u001b[22m` : text);
  return {
    dim: style(2, 22),
    error: style(31, 39),
    warning: style(33, 39),
    boldRed: bold(style(31, 39)),
    boldYellow: bold(style(33, 39)),
    green: style(32, 39),
  };
}
