import type { PhrasingContent, RootContent } from 'mdast';
import type { TraceSummary, UnrecordedRead } from '../report/trace-summary.js';
import { TRACE_FORMAT_NAMES, traceAgentOf } from '../trace/counts.js';
import { bulletList, code, codeList, heading, text } from './mdast-builders.js';

/**
 * The report's "Checked against the trace" section: which trace (its SHA-256), what it held, and
 * which of its reads the record has. The trace rules' findings are among the diagnostics.
 */
export function traceSection(trace: TraceSummary): RootContent[] {
  const tools = Object.entries(trace.byTool).map(([tool, count]) => `${tool} ${count}`);
  const { reads } = trace;
  const more = reads.unmatchedCount - reads.unmatched.length;
  const items: PhrasingContent[][] = [
    [text('Trace: '), code(trace.path), text(` (${TRACE_FORMAT_NAMES[trace.format]}, ${trace.lines} lines)`)],
    [text('SHA-256: '), code(trace.sha256)],
    ...(trace.versions.length === 0 ? [] : [[text(`${traceAgentOf(trace.format) ?? 'Agent'} versions: `), ...codeList(trace.versions)]]),
    [text('Nodes under: '), trace.root === null ? text('no root (the trace names no working folder)') : code(trace.root)],
    [
      text(
        `Calls: ${trace.calls}${tools.length === 0 ? '' : ` (${tools.join(', ')})`}, ${trace.failedCalls} failed, ${trace.sidechainCalls} by subagents`,
      ),
    ],
    [
      text(
        trace.tokens === null
          ? 'Tokens: none in the trace, so a budget in tokens could not be checked against it'
          : `Tokens: ${trace.tokens.input} input, ${trace.tokens.output} output`,
      ),
    ],
    [text(`Reads: ${reads.total} successful, ${reads.matched} of them with a deep dive of their own`)],
    reads.unmatchedCount === 0
      ? [text('Reads the record leaves out: none')]
      : [text('Reads the record leaves out: '), ...unrecordedList(reads.unmatched), text(more > 0 ? ` and ${more} more` : '')],
    ...(trace.skippedLines === 0 ? [] : [[text(`Lines of the trace not read: ${trace.skippedLines}`)]]),
    ...(trace.timesWithoutZone === undefined ? [] : [[text(`Calls whose time names no zone, read as UTC: ${trace.timesWithoutZone}`)]]),
  ];
  return [heading(2, text('Checked against the trace')), bulletList(items)];
}

/** Each read left out: its node, its line of the trace, and whether a subagent made it. */
function unrecordedList(reads: readonly UnrecordedRead[]): PhrasingContent[] {
  return reads.flatMap((read, index) => [
    ...(index === 0 ? [] : [text(', ')]),
    code(read.node),
    text(` (line ${read.line}${read.subagent === true ? ', by a subagent' : ''})`),
  ]);
}
