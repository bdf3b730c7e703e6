// What the agent's own trace held, beside the record it was checked against (`--trace`): which
// file, its calls by tool, the calls that failed or ran in a subagent, and which of its successful
// reads the record names. The timeline rings the record's entries the trace does not bear out and
// draws the reads the record left out; this section says it all in text.
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { plural } from '../../common/text.js';
import type { Report } from '../../report/types.js';
import type { Section } from './page.js';
import { facts } from './shared-sections.js';
import { dataTable } from './table.js';
import { say } from './text.js';
import { pathCode } from './wrap.js';

export function traceSection(report: Report): Section[] {
  const { trace } = report;
  if (trace === undefined) return [];
  const tools = Object.entries(trace.byTool).sort(([a, x], [b, y]) => y - x || (a < b ? -1 : a > b ? 1 : 0));
  const more = trace.reads.unmatchedCount - trace.reads.unmatched.length;
  const content: ElementContent[] = [
    facts([
      ['File', say(trace.path)],
      ['Format', say(trace.format)],
      ...(trace.versions.length === 0 ? [] : ([['Agent versions', trace.versions.map(say).join(', ')]] as Array<[string, string]>)),
      ['Nodes under', trace.root === null ? 'no root given' : say(trace.root)],
      ['Lines', `${trace.lines}${trace.skippedLines === 0 ? '' : `, ${trace.skippedLines} not read`}`],
      ['Calls', `${trace.calls}: ${trace.failedCalls} failed, ${trace.sidechainCalls} in subagents`],
      ...(trace.timesWithoutZone === undefined
        ? []
        : ([['Times', `${plural(trace.timesWithoutZone, 'call')} with no zone, read as UTC`]] as Array<[string, string]>)),
    ]),
    h('h3', 'Calls by tool'),
    ...dataTable(
      ['Tool', 'Calls'],
      tools.map(([tool, calls]) => [say(tool), String(calls)]),
      'No calls.',
    ),
    h('h3', 'Reads'),
    h(
      'p',
      `${trace.reads.matched} of the trace's ${plural(trace.reads.total, 'successful read')} ${trace.reads.matched === 1 ? 'has a deep dive' : 'have a deep dive each'} in the record, one dive a read.`,
    ),
    ...(trace.tokens === null ? [h('p', 'The trace holds no token counts: a budget in tokens could not be checked against it.')] : []),
    ...(trace.reads.unmatched.length === 0
      ? []
      : [
          h('p', 'Read in the trace, with no deep dive in the record:'),
          h(
            'ul',
            trace.reads.unmatched.map((read) =>
              h('li', [pathCode(read.node), ` (trace line ${read.line}${read.subagent === true ? ', read by a subagent' : ''})`]),
            ),
          ),
          ...(more > 0 ? [h('p', `And ${plural(more, 'more read')}.`)] : []),
        ]),
  ];
  return [{ id: 'trace', title: 'Trace', content }];
}
