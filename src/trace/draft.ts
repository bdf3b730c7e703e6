// A spec drafted from an agent's trace: what the trace shows (the cheap calls, the reads in time
// order, what they spent) is written; what only the author knows (the hypotheses, each read's
// finding, effect and provenance) is left empty at its place, for the gate to ask for. Only paths,
// patterns, command lines, counts and ids are taken from the trace, never a result's content.
import { definedFields } from '../common/defined-fields.js';
import { asSpecNode, mapCallSeen, recordedToolOf, type TraceEvidence } from './evidence.js';
import { successfulReads } from './match.js';
import type { TraceCall } from './types.js';

export interface DraftOptions {
  /** The question the investigation answers; empty leaves it for the author ({VACIO_CRITICO} until then). */
  goal: string;
  /** The hard budget's total; 0 leaves it for the author. */
  budget: number;
  unit: 'reads' | 'tokens';
  /** How the spec names its trace (`x-trace`): the path from the spec's folder, and the window read. */
  link: { path: string; since?: string; until?: string; turn?: number };
}

/** The fields of a drafted deep dive the author fills in: the trace cannot say what a read found. */
export const AUTHOR_FIELDS = ['hypothesisId', 'finding', 'effect', 'provenance'] as const;

/** Where a drafted entry came from in the trace. */
export interface CallLink {
  id: string;
  line: number;
  timestamp?: string;
  sidechain?: true;
  partial?: true;
}

export interface DraftMapEntry {
  id: string;
  tool: string;
  query: string;
  candidateNodes: string[];
  evidence: string;
  'x-trace': CallLink;
}

export interface DraftDive {
  id: string;
  hypothesisId: '';
  node: string;
  tool: string;
  finding: '';
  effect: '';
  provenance: '';
  'x-trace': CallLink;
}

export interface DraftSpec {
  goal: string;
  budget: { total: number; used: number; unit: string };
  surfaceMap: DraftMapEntry[];
  hypotheses: [];
  deepDives: DraftDive[];
  replanLog: [];
  risks: [];
  'x-trace': { path: string; root?: string; since?: string; until?: string; turn?: number };
}

export interface Draft {
  spec: DraftSpec;
  /**
   * The successful cheap calls that surfaced no name (or whose output was not read as paths): left
   * out, since every map entry needs a candidate.
   */
  emptyMapCalls: CallLink[];
  /** Names the map calls surfaced past the reader's bounds: counted in each entry's evidence, not listed. */
  pathsLeftOut: number;
  /** Lines of the map calls' output not read as paths: never copied. */
  unreadLines: number;
}

/**
 * The draft of `evidence`: a map entry for each successful cheap call that has a query and
 * surfaced a name, a deep dive for each successful read, both in the trace's order, and
 * `budget.used` at what the trace spent (its reads, or its tokens, input and output, for a budget
 * in tokens).
 */
export function draftFromTrace(evidence: TraceEvidence, options: DraftOptions): Draft {
  const { calls, tokens } = evidence.trace;
  const cheap = calls.filter((call) => mapCallSeen(call) && call.query !== undefined);
  const surfacing = (call: TraceCall): boolean => (call.surfaced?.length ?? 0) > 0;
  const maps = cheap.filter(surfacing);
  const reads = successfulReads(evidence);
  const used = options.unit === 'tokens' ? (tokens === undefined ? 0 : tokens.input + tokens.output) : reads.length;
  const emptyMapCalls = cheap.filter((call) => !surfacing(call)).map(callLink);
  const { pathsKept } = evidence.trace;
  const unreadLines = cheap.reduce((sum, call) => sum + (call.unreadLines ?? 0), 0);
  return {
    spec: draftSpec(evidence, options, maps, reads, used),
    emptyMapCalls,
    pathsLeftOut: pathsKept.only === 'first' ? pathsKept.leftOut : 0,
    unreadLines,
  };
}

function draftSpec(evidence: TraceEvidence, options: DraftOptions, maps: TraceCall[], reads: TraceCall[], used: number): DraftSpec {
  return {
    goal: options.goal,
    budget: { total: options.budget, used, unit: options.unit },
    surfaceMap: maps.map((call, index) => mapEntry(evidence, call, index)),
    hypotheses: [],
    deepDives: reads.map((call, index) => ({
      id: `D${index + 1}`,
      hypothesisId: '',
      node: asSpecNode(evidence, call.target as string),
      tool: recordedToolOf(call),
      finding: '',
      effect: '',
      provenance: '',
      'x-trace': callLink(call),
    })),
    replanLog: [],
    risks: [],
    'x-trace': {
      path: options.link.path,
      ...definedFields({ root: evidence.root, since: options.link.since, until: options.link.until, turn: options.link.turn }),
    },
  };
}

function mapEntry(evidence: TraceEvidence, call: TraceCall, index: number): DraftMapEntry {
  const surfaced = call.surfaced as string[];
  const count = call.surfacedCount ?? surfaced.length;
  const names = count === 1 ? '1 name' : `${count.toLocaleString('en-US')} names`;
  const listed =
    surfaced.length >= count
      ? ''
      : surfaced.length === 1
        ? '; the first is listed'
        : `; the first ${surfaced.length.toLocaleString('en-US')} are listed`;
  const tool = recordedToolOf(call);
  return {
    id: `M${index + 1}`,
    tool,
    query: call.query as string,
    candidateNodes: surfaced.map((path) => asSpecNode(evidence, path)),
    // What the trace can vouch for: the call ran and what it returned, not why it mattered.
    evidence: `${tool} returned ${names}${listed}.`,
    'x-trace': callLink(call),
  };
}

function callLink(call: TraceCall): CallLink {
  return {
    id: call.id,
    line: call.line,
    ...definedFields({ timestamp: call.timestamp }),
    ...(call.sidechain ? { sidechain: true as const } : {}),
    ...(call.partial === true ? { partial: true as const } : {}),
  };
}
