import { definedFields } from '../common/defined-fields.js';
import { pathText } from '../common/raw-path.js';
import type { Compiler } from '../compile.js';
import { deliver } from '../engine/deliver.js';
import { expandInputs } from '../engine/inputs.js';
import { type CompilerFlags, configEcho, type Judged, judgeInputs, runConfiguration, walkOptions } from '../engine/judges.js';
import type { CommandResult, Io } from '../engine/result.js';
import { unappliedBaselines, unappliedBaselineWarning } from '../engine/unapplied-baselines.js';
import { escapeFor } from '../render/untrusted/index.js';
import { compileFile } from '../run/compile-file.js';
import { toolInfo } from '../tool.js';

export interface StatsOptions extends CompilerFlags {
  inputs: string[];
  format: 'markdown' | 'json' | 'html';
  /** The k values of pass@k and pass^k (--k); the stats' DEFAULT_K without it. */
  k?: number[];
  output?: string;
  json: boolean;
}

/**
 * Compiles every spec and aggregates the corpus: verdicts, stop reasons, budget use, replans,
 * rule failures, discovery figures and runs of the same task. The specs' verdicts do not fail the command: it reports.
 * The files the walk leaves out (briefs, the tool's own outputs) are counted by kind, never judged.
 * No baseline is applied: one that compile would find is named in a warning, the envelope and the Markdown.
 */
export async function statsCommand(options: StatsOptions, io: Io): Promise<CommandResult> {
  const configuration = runConfiguration(options, io);
  const { files: inputs, warnings: inputWarnings, leftOut } = await expandInputs(options.inputs, io.cwd, walkOptions(configuration, io));
  const judged = judgeInputs(configuration, inputs);
  const baselines = unappliedBaselines(
    inputs.flatMap((input) => (input.open === '-' ? [] : [pathText(input.open)])),
    io.cwd,
    io.roots,
  );
  const warnings = [...judged.warnings, ...inputWarnings, ...baselines.map((baseline) => unappliedBaselineWarning('stats', baseline))];
  for (const warning of warnings) io.stderr.write(`${toolInfo.name}: warning: ${escapeFor.terminal(warning)}\n`);
  const files = inputs.map((input, index) => {
    const { judge } = judged.files[index] as Judged['files'][number];
    return compileFile(judged.compilers[judge] as Compiler, { ...input, dependencies: judged.dependencies[judge] ?? [] }, options, false);
  });
  // The Markdown renderer pulls in remark, so the whole module is loaded only when asked for.
  const { collectStats, renderStatsHtml, renderStatsJson, renderStatsMarkdown } = await import('../stats/index.js');
  const stats = collectStats(files, { leftOut, ...definedFields({ k: options.k }) });
  const rendered =
    options.format === 'json'
      ? renderStatsJson(stats)
      : options.format === 'html'
        ? renderStatsHtml(stats, files, leftOut)
        : renderStatsMarkdown(stats, { unappliedBaselines: baselines });
  const data: Record<string, unknown> = {
    config: configEcho((judged.files[0] as Judged['files'][number]).config),
    stats,
    ...(baselines.length === 0 ? {} : { baselines: { applied: false, found: baselines } }),
    ...(leftOut.length === 0 ? {} : { leftOut }),
  };
  const stdout = deliver(rendered, options, data, io.cwd, options.format === 'json');
  return { exitCode: 0, data, warnings, error: null, stdout };
}
