import { dirname } from 'node:path';
import { globMatcher } from '../../common/glob-pattern.js';
import { show } from '../../common/text.js';
import { pointer } from '../../diagnostics/pointer.js';
import { asSpecNode, mapCallSeen, type TraceEvidence, tracePlace } from '../../trace/evidence.js';
import { readsOf } from '../../trace/match.js';
import { relativeToRoot } from '../../trace/paths.js';
import type { TraceCall } from '../../trace/types.js';
import { baseTrace } from '../examples/base-trace.js';
import type { Rule } from '../rule.js';
import { recordMatching } from './support.js';

/** The folder beside a spec whose files are its working briefs: written by the method itself. */
const BRIEFS_FOLDER = 'briefs';

export const traceNoWrites: Rule = {
  meta: {
    id: 'trace-no-writes',
    criterion: 'trace',
    evidence: 'trace',
    description:
      "Within the investigation's window the agent's trace shows no successful write into the tree it investigates: no Edit, Write, MultiEdit, NotebookEdit or apply_patch, no shell write (> or >> into a file, tee, sed -i, mv, rm, cp, touch, git commit/checkout/reset/stash).",
    rationale:
      "An investigation discovers and reports; it never changes the domain it investigates (the method's anti-scope). A file changed while it is being read makes the reads that follow, and the findings, about a tree nobody else will see. The window is the spec's x-trace since/until/turn when it gives one, else from the trace's first map call to the read its last deep dive stands for. Writes to the spec itself, to the briefs folder beside it and to the paths a policy's traceWritable globs name (a persisted scratchpad, relative to the trace's root) are part of the method. Undo the change and run the investigation again, or list the path in traceWritable when writing it is part of the method.",
    examples: {
      failing: {
        title: 'The agent edits a file of the tree between its map calls and its reads.',
        apply: () => {},
        trace: (base) => baseTrace(base, { edits: 'billing/invoice.ts' }),
      },
      passing: {
        title: 'The agent maps and reads, and writes nothing.',
        apply: () => {},
        trace: (base) => baseTrace(base),
      },
    },
  },
  check({ view, policy, report }) {
    const evidence = view.trace;
    const root = evidence?.root;
    if (evidence === undefined || root === undefined) return;
    const allowed = allowedWrites(evidence, policy.traceWritable ?? []);
    for (const call of windowOf(evidence, recordMatching(view)?.dives.flatMap((dive) => dive.read ?? []) ?? [])) {
      if (call.status !== 'ok' || call.writes === undefined) continue;
      for (const path of call.writes) {
        if (!inside(root, path) || allowed(path)) continue;
        const tool = call.program === undefined ? call.tool : `${call.tool} (${call.program})`;
        report(
          pointer(),
          () =>
            `the agent wrote ${show(asSpecNode(evidence, path))} with ${tool} (${tracePlace(evidence, call)}), inside the investigation's window; an investigation never changes the tree it investigates: undo the change and investigate again, or list the path in the policy's traceWritable if writing it is part of the method.`,
        );
      }
    }
  },
};

/**
 * The calls of the investigation's window: every call of a trace narrowed to one (since, until,
 * turn), else from the first map call the agent saw to the latest read a deep dive stands for
 * (to the end when no dive has a read; from the start when no map call was made).
 */
function windowOf(evidence: TraceEvidence, divesRead: readonly TraceCall[]): readonly TraceCall[] {
  const { calls, narrowed } = evidence.trace;
  if (narrowed !== undefined) return calls;
  const start = Math.max(0, calls.findIndex(mapCallSeen));
  if (divesRead.length === 0) return calls.slice(start);
  // A chain's reads are each at the place of their call.
  const position = new Map(calls.flatMap((call, index) => readsOf(call).map((read) => [read, index] as const)));
  const end = Math.max(...divesRead.map((read) => position.get(read) ?? -1));
  return calls.slice(start, end + 1);
}

/** Whether `path` is the root or lies under it. */
function inside(root: string, path: string): boolean {
  return path === root || path.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** The writes the method allows: the spec, its briefs folder, and the policy's traceWritable globs (relative to the root). */
function allowedWrites(evidence: TraceEvidence, writable: readonly string[]): (path: string) => boolean {
  const spec = evidence.spec;
  const briefs = spec === undefined ? undefined : `${dirname(spec)}/${BRIEFS_FOLDER}`;
  const matchers = writable.flatMap((pattern) => globMatcher(pattern) ?? []);
  return (path) => {
    if (path === spec || (briefs !== undefined && inside(briefs, path))) return true;
    const relative = relativeToRoot(evidence.root, path);
    return matchers.some((matches) => matches(relative));
  };
}
