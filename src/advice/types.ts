import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Verdict } from '../report/types.js';

/**
 * What the method lets an agent do next, or forbids, in one sentence, with the rule of the gate it
 * comes from: an agent that follows every piece of advice writes a spec that passes that rule.
 */
export interface Advice {
  /** A stable name of the step: map, rank, dive, replan, stop, new-hypotheses, cycle, finish, fix, ask, record. */
  action: AdviceAction;
  message: string;
  rule: string;
}

export type AdviceAction = 'map' | 'rank' | 'dive' | 'replan' | 'stop' | 'new-hypotheses' | 'cycle' | 'finish' | 'fix' | 'ask' | 'record';

/** Where the investigation stands, by the first step it still lacks. */
export type Phase = 'ask' | 'fix' | 'map' | 'rank' | 'dive' | 'stop' | 'stopped';

export interface NextHypothesis {
  id: string;
  claim: string;
  priority: number;
  cost: number;
  /** Its candidate nodes that the map surfaced and no deep dive has read yet, in its own order. */
  unreadNodes: string[];
}

export interface StopReasonVerdict {
  reason: string;
  /** Why it may not be recorded now; absent when it may. */
  why?: string;
  rule: string;
}

export interface DiscoveryAdvice {
  cycles: number;
  maxCycles: number;
  anotherCycleAllowed: boolean;
  /** The keyword set of every cycle so far, in cycle order: a new cycle must forage another one. */
  keywordsUsed: string[][];
}

/** The advice for one draft: derived from the spec and the policy alone, the same every time. */
export interface NextSteps {
  nextVersion: 1;
  verdict: Verdict | 'critical-input' | 'input-error';
  phase: Phase;
  budget: { total: number; used: number; left: number; unit: string } | null;
  nextHypothesis: NextHypothesis | null;
  replan: { allowed: boolean; hypothesisId?: string; afterDeepDive?: string; rule: string };
  stopReasons: StopReasonVerdict[];
  discovery?: DiscoveryAdvice;
  /**
   * With the agent's trace: its successful reads, how many have a deep dive of their own (one dive,
   * one read), and the others (the first ones): each read's node and line in the trace.
   */
  trace?: { reads: number; recorded: number; unrecorded: Array<{ node: string; line: number }>; unrecordedCount: number };
  allowed: Advice[];
  forbidden: Advice[];
  /** The problems of a draft that fails: to fix before anything else. */
  diagnostics: Diagnostic[];
}
