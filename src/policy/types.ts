import type { ShellProgram } from '../trace/shell-table.js';

/** How budget.used is checked for one unit: the number of deep dives, or the sum of their tokens. */
type Accounting = 'deepDives' | 'diveTokens';

export interface UnitPolicy {
  minTotal: number;
  maxTotal: number;
  accounting: Accounting;
}

/**
 * Every value a rule judges by. A preset is one of these plus a severity per rule;
 * `--policy FILE` overrides any part of it.
 */
export interface Policy {
  /** Allowed budget units, each with its range and accounting. */
  budget: Record<string, UnitPolicy>;
  cheapMapTools: string[];
  expensiveDiveTools: string[];
  hypothesisStatuses: string[];
  deepDiveEffects: string[];
  replanTriggers: string[];
  stopReasons: string[];
  provenanceTags: string[];
  blockedAntiPatterns: string[];
  /** Shell programs of an agent's trace laid over the built-in table (src/trace/shell-table.ts); null takes one out. */
  traceShellPrograms?: Record<string, ShellProgram | null>;
  /**
   * Paths of the investigated tree the agent may write within its window (trace-no-writes): globs
   * relative to the trace's root, such as a persisted scratchpad (`notes/**`).
   */
  traceWritable?: string[];
  minimums: {
    surfaceMapEntries: number;
    hypotheses: number;
    deepDives: number;
    risks: number;
    /** Lowest allowed priority and cost of a hypothesis; null accepts any integer. */
    priority: number | null;
    cost: number | null;
  };
  /** Parts of the method's gate that the reference script does not check. */
  strict: {
    /** stop-reason: the stop evidence must not be blank. */
    stopEvidence: boolean;
    /** stop-reason: goal_resolved needs a confirmed hypothesis. */
    resolvedNeedsConfirmed: boolean;
    /** stop-reason: every hypothesis invalidated with budget left needs one of these reasons. */
    allInvalidatedReasons: string[] | null;
    /** coverage-declared: a risk names every hypothesis left open or active. */
    openHypothesesInRisks: boolean;
    /**
     * Text is judged as it reads: blank means "no visible character" (not only whitespace), and
     * anti-pattern tokens are matched on text folded by `foldForMatching`.
     */
    visibleText: boolean;
  };
}
