import { exitCodes } from '../common/exit-codes.js';
import { jsonText } from '../common/json-text.js';
import { plural } from '../common/text.js';
import { type CompareDocument, compareSides, formatCompareText } from '../compare/index.js';
import { deliver } from '../engine/deliver.js';
import { type CompilerFlags, runConfiguration } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { unappliedBaselines, unappliedBaselineWarning } from '../engine/unapplied-baselines.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';
import { readSides } from './compare-inputs.js';

export type CompareFormat = 'text' | 'markdown' | 'json' | 'html';

export interface CompareOptions extends Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'maxBytes' | 'ignore'> {
  base: string;
  head: string;
  format: CompareFormat;
  output?: string;
  failOnRegression: boolean;
  json: boolean;
}

/**
 * Two folders of specs or JSON reports compared file by file: verdict changes, new and fixed
 * problems by rule, and the figures that moved. It reports, whatever the verdicts; with
 * --fail-on-regression a file that got worse fails the run (GATE_FAILED, REGRESSION). No baseline
 * is applied to the specs: one that compile would find is named in a warning, the envelope and the
 * text and Markdown outputs.
 */
export async function compareCommand(options: CompareOptions, io: Io): Promise<CommandResult> {
  const configuration = runConfiguration({ ...options, failOn: 'error', quiet: false }, io);
  const sides = await readSides({ base: options.base, head: options.head }, configuration, io, options.output);
  const baselines = unappliedBaselines(sides.specs, io.cwd, io.roots);
  const warnings = [...sides.warnings, ...baselines.map((baseline) => unappliedBaselineWarning('compare', baseline))];
  for (const warning of warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const document = compareSides({ base: options.base, head: options.head }, sides.base, sides.head);
  const rendered = await render(document, options.format, baselines);
  const data: Record<string, unknown> = {
    ...document,
    ...(baselines.length === 0 ? {} : { baselines: { applied: false, found: baselines } }),
  };
  const stdout = deliver(rendered, options, data, io.cwd, options.format === 'json');
  const { worse, files } = document.summary;
  const failed = options.failOnRegression && worse > 0;
  return {
    exitCode: failed ? exitCodes.gateFailed : exitCodes.passed,
    data,
    warnings,
    error: failed
      ? { code: 'GATE_FAILED', subcode: 'REGRESSION', message: `${worse} of ${plural(files, 'file')} got worse from BASE to HEAD` }
      : null,
    stdout,
  };
}

async function render(document: CompareDocument, format: CompareFormat, unappliedBaselines: string[]): Promise<string> {
  if (format === 'json') return jsonText(document);
  if (format === 'text') return formatCompareText(document, { unappliedBaselines });
  // The Markdown and HTML renderers pull in remark and hast, so each is loaded only when asked for.
  if (format === 'html') return (await import('../compare/render-html.js')).renderCompareHtml(document, { unappliedBaselines });
  return (await import('../compare/markdown.js')).renderCompareMarkdown(document, { unappliedBaselines });
}
