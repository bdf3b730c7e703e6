import type { Compiler } from '../../compile.js';
import { catalogRules } from '../../dialects/index.js';
import { formatListing, reportRenderer } from '../../render/formatters.js';
import { escapeFor } from '../../render/untrusted/index.js';
import type { FileOutcome } from '../../report/outcome.js';
import { toolInfo, toolInfoWith } from '../../tool.js';
import type { Format } from './compile.js';
import type { Io } from './result.js';

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
}

/** compile's standard output or --output: the report of one file (json, markdown) or the listing of all (text, sarif, github). */
export async function renderOutput(files: FileOutcome[], format: Format, compilers: Compiler[], options: RenderOptions): Promise<string> {
  if (format === 'json' || format === 'markdown') {
    const report = files[0]?.report;
    return report ? (await reportRenderer(format))(report) : '';
  }
  // SARIF lists each rule once, with the first configuration's setting.
  const notes: string[] = [];
  const listing = await formatListing(format, files, {
    color: options.color,
    showSuppressed: options.showSuppressed === true,
    tool: toolInfoWith(options.docs),
    rules: catalogRules(),
    settings: (compilers[0] as Compiler).settings,
    run: { exitCode: options.exitCode, ...(options.category === undefined ? {} : { category: options.category }) },
    notes,
    failingUnused: options.failingUnused,
  });
  for (const note of notes) options.io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(note)}\n`);
  return listing;
}

/** Colour is for a person at a terminal, and never against NO_COLOR (https://no-color.org). */
export function colorAllowed(env: Io['env']): boolean {
  const noColor = env['NO_COLOR'];
  return noColor === undefined || noColor === '';
}
