// Which successful map calls of the trace a surface map entry records, looked up in an index made
// once per trace: a spec of thousands of entries against a trace of thousands of calls costs
// their sum, not their product.
import type { SurfaceMapEntry } from '../../spec/types.js';
import { mapCallSeen, type TraceEvidence, toolNamesOf } from '../../trace/evidence.js';
import { firstCommandWords } from '../../trace/shell-words.js';
import type { TraceCall } from '../../trace/types.js';

/** The calls an entry records, in the trace's order, and every path they surfaced (those the reader kept). */
export interface MapMatch {
  calls: readonly TraceCall[];
  surfaced: ReadonlySet<string>;
}

interface MapCallIndex {
  /** Glob, Grep, LS: by tool and pattern. */
  byPattern: Map<string, TraceCall[]>;
  /** Shell programs: by program and command line, and by program and each word of the first command. */
  byLine: Map<string, TraceCall[]>;
  byWord: Map<string, TraceCall[]>;
  /** Where each call is in the trace, to put the calls of an entry back in the trace's order. */
  position: Map<TraceCall, number>;
  /** What each (tool, query) came to: entries that repeat one share it. */
  matches: Map<string, MapMatch>;
}

/** By the trace's evidence: the rules of one compile share the index, and it goes with the evidence. */
const indexes = new WeakMap<TraceEvidence, MapCallIndex>();

/**
 * The successful map calls a surface map entry records: Glob and Grep by their pattern (and their
 * tool by the agent's name or the classifier's: Gemini's glob or Glob); a shell
 * program (find, ls, rg, …) by its command line, or by the pattern among its words (an entry
 * `rg` / `round|toFixed` records `rg -l 'round|toFixed'`).
 */
export function mapCallsOf(evidence: TraceEvidence, entry: Pick<SurfaceMapEntry, 'tool' | 'query'>): MapMatch {
  const index = indexOf(evidence);
  const key = keyOf(entry.tool, entry.query.trim());
  let match = index.matches.get(key);
  if (match === undefined) {
    const found = new Set([...(index.byPattern.get(key) ?? []), ...(index.byLine.get(key) ?? []), ...(index.byWord.get(key) ?? [])]);
    const calls = [...found].sort((a, b) => (index.position.get(a) as number) - (index.position.get(b) as number));
    match = { calls, surfaced: new Set(calls.flatMap((call) => call.surfaced ?? [])) };
    index.matches.set(key, match);
  }
  return match;
}

function indexOf(evidence: TraceEvidence): MapCallIndex {
  let index = indexes.get(evidence);
  if (index !== undefined) return index;
  index = { byPattern: new Map(), byLine: new Map(), byWord: new Map(), position: new Map(), matches: new Map() };
  evidence.trace.calls.forEach((call, position) => {
    if (!mapCallSeen(call) || call.query === undefined) return;
    const at = index as MapCallIndex;
    at.position.set(call, position);
    const query = call.query.trim();
    if (call.program === undefined) {
      for (const tool of toolNamesOf(call)) add(at.byPattern, keyOf(tool, query), call);
      return;
    }
    add(at.byLine, keyOf(call.program, query), call);
    for (const word of new Set(firstCommandWords(call.query))) add(at.byWord, keyOf(call.program, word), call);
  });
  indexes.set(evidence, index);
  return index;
}

function keyOf(tool: string, query: string): string {
  return `${tool}\u0000${query}`;
}

function add(map: Map<string, TraceCall[]>, key: string, call: TraceCall): void {
  const calls = map.get(key);
  if (calls === undefined) map.set(key, [call]);
  else calls.push(call);
}
