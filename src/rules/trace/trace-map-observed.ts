import { show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import { tracePathOf, tracePlace } from '../../trace/evidence.js';
import type { TraceCall } from '../../trace/types.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { mapCallsOf } from './map-calls.js';

export const traceMapObserved: Rule = {
  meta: {
    id: 'trace-map-observed',
    criterion: 'trace',
    evidence: 'trace',
    description:
      "Every surface map entry matches a successful cheap call of the same tool in the agent's trace, and its candidate nodes are among what that call returned.",
    rationale:
      "The map says which names the cheap calls surfaced, and the hypotheses are built on it. An entry no call made, or a candidate no call returned, is a map written after the fact. Glob, Grep and LS match by their query, under the agent's own name for the tool or the one the presets list (Gemini's glob or Glob, list_directory or LS); a shell program (find, ls, rg, grep, tree, fd) by its command line, or by the pattern among its words.",
    examples: {
      failing: {
        title: 'A Glob entry with a pattern the trace never ran.',
        apply: (spec) => {
          (spec.surfaceMap[1] as { query: string }).query = 'billing/**/*.test.ts';
        },
        trace: (base) => baseTrace(base),
      },
      passing: {
        title: 'Every entry matches a call of the trace, with what it returned.',
        apply: () => {},
        trace: (base) => baseTrace(base),
      },
    },
  },
  check({ view, report }) {
    const evidence = view.trace;
    if (evidence === undefined) return;
    for (const { value, path } of view.items('surfaceMap', ['tool', 'query', 'candidateNodes'])) {
      const { calls, surfaced } = mapCallsOf(evidence, value);
      if (calls.length === 0) {
        report(
          childPointer(path, 'query'),
          `the trace has no successful ${show(value.tool)} call with the query ${show(value.query)}; record the map calls the agent made, with their query as it ran.`,
        );
        continue;
      }
      value.candidateNodes.forEach((node, index) => {
        const absolute = tracePathOf(evidence, node);
        if (absolute !== undefined && surfaced.has(absolute)) return;
        report(
          childPointer(childPointer(path, 'candidateNodes'), index),
          `candidate node ${show(node)} is not among what the matching call returned (${tracePlace(evidence, calls[0] as TraceCall)}); list only the names the call surfaced.`,
        );
      });
    }
  },
};
