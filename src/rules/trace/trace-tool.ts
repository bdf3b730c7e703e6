import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import { recordedToolOf, toolNamesOf, tracePlace } from '../../trace/evidence.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { recordMatching } from './support.js';

export const traceTool: Rule = {
  meta: {
    id: 'trace-tool',
    criterion: 'trace',
    evidence: 'trace',
    // The tool the trace shows, whatever its spelling: another value, so the fix is never safe.
    fixes: 'unsafe',
    description:
      "A deep dive's tool names the tool the agent's trace used for that read: Read (or the agent's own name for it, such as Gemini's read_file), or the shell program (sed, cat, head, tail, nl).",
    rationale:
      'The tool says how much of the node was read and at what cost: a sed of 80 lines is not a Read of the file. Name the tool the trace shows.',
    examples: {
      failing: {
        title: 'The first deep dive says sed where the trace shows a Read.',
        apply: (spec) => {
          (spec.deepDives[0] as { tool: string }).tool = 'sed';
        },
        trace: (base) => baseTrace(base),
      },
      passing: { title: 'Every deep dive names the tool of its read.', apply: () => {}, trace: (base) => baseTrace(base) },
    },
  },
  check({ view, report }) {
    const matching = recordMatching(view);
    const evidence = view.trace;
    if (matching === undefined || evidence === undefined) return;
    const tools = new Map(view.items('deepDives', ['tool']).map((item) => [item.index, item.value.tool]));
    for (const { index, read } of matching.dives) {
      const dive = matching.items[index] as (typeof matching.items)[number];
      const tool = tools.get(dive.index);
      if (read === undefined || tool === undefined || tool === read.program || toolNamesOf(read).includes(tool)) continue;
      const used = recordedToolOf(read);
      report(
        childPointer(dive.path, 'tool'),
        `the trace read ${show(dive.value.node)} with ${show(used)} (${tracePlace(evidence, read)}), not ${show(tool)}; name the tool it used.`,
        { value: tool, allowed: [used] },
        { replacement: used, safety: 'unsafe' },
      );
    }
  },
};
