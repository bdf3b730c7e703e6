import { exitCodes } from '../../common/exit-codes.js';
import { jsonText } from '../../common/json-text.js';
import { plural } from '../../common/text.js';
import { type CompareDocument, compareSides, formatCompareText } from '../../compare/index.js';
import { escapeFor } from '../../render/untrusted/index.js';
import { toolInfo } from '../../tool.js';
import { readSides } from './compare-inputs.js';
import { type CompilerFlags, runConfiguration } from './judges.js';
import type { CommandResult, Io } from './result.js';
import { deliver } from './shared.js';

export type CompareFormat = 'text' | 'markdown' | 'json';

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
 * --fail-on-regression a file that got worse fails the run (GATE_FAILED, REGRESSION).
 */
export async function compareCommand(options: CompareOptions, io: Io): Promise<CommandResult> {
  const configuration = runConfiguration({ ...options, failOn: 'error', quiet: false }, io);
  const sides = await readSides({ base: options.base, head: options.head }, configuration, io.cwd, options.output);
  for (const warning of sides.warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const document = compareSides({ base: options.base, head: options.head }, sides.base, sides.head);
  const rendered = await render(document, options.format);
  const data: Record<string, unknown> = { ...document };
  const stdout = deliver(rendered, options, data, io.cwd, options.format === 'json');
  const { worse, files } = document.summary;
  const failed = options.failOnRegression && worse > 0;
  return {
    exitCode: failed ? exitCodes.gateFailed : exitCodes.passed,
    data,
    warnings: sides.warnings,
    error: failed
      ? { code: 'GATE_FAILED', subcode: 'REGRESSION', message: `${worse} of ${plural(files, 'file')} got worse from BASE to HEAD` }
      : null,
    stdout,
  };
}

async function render(document: CompareDocument, format: CompareFormat): Promise<string> {
  if (format === 'json') return jsonText(document);
  if (format === 'text') return formatCompareText(document);
  // The Markdown renderer pulls in remark, so it is loaded only when asked for.
  return (await import('../../compare/markdown.js')).renderCompareMarkdown(document);
}
