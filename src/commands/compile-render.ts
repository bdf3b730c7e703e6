import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import type { OutputText } from '../common/output-text.js';
import { sameFile } from '../common/real-path.js';
import { targetKind } from '../common/write-file.js';
import type { Compiler } from '../compile.js';
import { catalogRules } from '../dialects/index.js';
import { usageError } from '../engine/contract.js';
import type { Io } from '../engine/result.js';
import { formatListing, type ListingFormat, type ReportFormat, reportFormats, reportOutputRenderer } from '../render/formatters.js';
import { escapeFor } from '../render/untrusted/index.js';
import type { FileOutcome } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';
import { toolInfo, toolInfoWith } from '../tool.js';

/** The options that say where compile's output goes. */
interface OutputFlags {
  output?: string;
  outputDir?: string;
}

/** What compile prints: a report format (one report a file) or a listing format (diagnostics of every file). */
export type Format = ReportFormat | ListingFormat;

/** The formats that print one report a file, rather than a listing of every file's diagnostics. */
export const REPORT_FORMATS: ReadonlySet<Format> = new Set(reportFormats);

/** Whether a format prints one report a file (REPORT_FORMATS). */
function isReportFormat(format: Format): format is ReportFormat {
  return REPORT_FORMATS.has(format);
}

/** How compile's output is rendered: colour, suppressed problems, the run's outcome, the SARIF category, where rule pages are. */
export interface RenderOptions {
  color: boolean;
  showSuppressed: boolean | undefined;
  exitCode: number;
  category: string | undefined;
  io: Io;
  /** The base URL of the rule pages (--rule-docs-base-url or ruleDocsBaseUrl); no links without it. */
  docs: string | undefined;
  /** Unused baseline entries that fail the run (--fail-on-unused-suppressions), for the listing to say why it failed. */
  failingUnused: number;
  /** The notes on the files the walk left out, which SARIF carries as notifications. */
  leftOut: readonly string[];
}

/** compile's standard output or --output: the report of one file (json, markdown) or the listing of all (text, sarif, github). */
export async function renderOutput(
  files: FileOutcome[],
  format: Format,
  compilers: Compiler[],
  options: RenderOptions,
): Promise<OutputText> {
  if (isReportFormat(format)) {
    const [file] = files;
    return file?.report ? (await reportOutputRenderer(format))(file.report, definedFields({ source: file.source })) : '';
  }
  // SARIF lists each rule once, with the first configuration's setting.
  const notes: string[] = [];
  const listing = await formatListing(format, files, {
    color: options.color,
    showSuppressed: options.showSuppressed === true,
    tool: toolInfoWith(options.docs),
    rules: catalogRules(),
    settings: (compilers[0] as Compiler).settings,
    run: { exitCode: options.exitCode, ...definedFields({ category: options.category }) },
    notes,
    failingUnused: options.failingUnused,
    leftOut: options.leftOut,
  });
  for (const note of notes) options.io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(note)}\n`);
  return listing;
}

/** Colour is for a person at a terminal, and never against NO_COLOR (https://no-color.org). */
export function colorAllowed(env: Io['env']): boolean {
  const noColor = env['NO_COLOR'];
  return noColor === undefined || noColor === '';
}

/** --output and --output-dir: refused when they conflict with each other, the format or the inputs, before any work is done. */
export function checkOutputs(options: OutputFlags, format: Format, several: boolean, inputs: InputFile[], cwd: string): void {
  if (options.output !== undefined && options.outputDir !== undefined) {
    throw usageError('CONFLICTING_ARGUMENTS', '--output and --output-dir cannot be used together');
  }
  if (options.outputDir !== undefined && !REPORT_FORMATS.has(format)) {
    throw usageError('CONFLICTING_ARGUMENTS', `--output-dir writes reports, so --format must be markdown, json or html, not ${format}`);
  }
  if (several && REPORT_FORMATS.has(format) && options.outputDir === undefined) {
    throw usageError(
      'CONFLICTING_ARGUMENTS',
      `several inputs give several ${format} reports: write them with --output-dir DIR, or choose --format text, sarif or github`,
    );
  }
  if (options.output !== undefined) {
    const output = resolve(cwd, options.output);
    for (const input of inputs) {
      if (input.open !== '-' && sameFile(output, input.open)) {
        throw usageError('OUTPUT_IS_INPUT', `--output ${options.output} is the input ${input.shown}; refusing to overwrite it`);
      }
    }
    // Found before any work is done; the writer checks again when it writes.
    const kind = targetKind(output);
    if (kind === 'directory') throw usageError('OUTPUT_NOT_WRITABLE', `--output ${options.output} is a directory; give the path of a file`);
  }
}
