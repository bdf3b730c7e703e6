import { KATAS_REPORT_SCHEMA, KATAS_SKILL, katasPolicy } from './policy.js';

/** A katas report as rule examples and tests edit it: plain JSON data. */
export type KatasExample = Record<string, unknown>;

const CANDIDATES = ['services/billing/export/retry.go', 'services/billing/export/batch_writer.go', 'services/billing/export/cursor.go'];
const [RETRY, WRITER, CURSOR] = CANDIDATES as [string, string, string];

/**
 * A sound katas report that passes both presets: the investigation of an invoice export that wrote
 * some invoices twice. Each call returns a fresh copy, for an example or a test to edit.
 */
export function baseKatasReport(): KatasExample {
  return {
    schema: KATAS_REPORT_SCHEMA,
    skill: KATAS_SKILL,
    objective: 'Find out why the nightly invoice export writes some invoices twice.',
    scope: 'services/billing/export',
    hypothesis: 'The retry wrapper around the batch writer re-sends batches that were already committed.',
    budget: {
      files: { limit: 12, used: 4 },
      queries: { limit: 8, used: 3 },
      minutes: { limit: 45, used: 20 },
      status: 'complete',
      pending_questions: [],
    },
    topology: {
      cheap_mapping: [
        { tool: 'Glob', pattern: 'services/billing/export/**/*.go', result_count: 17, evidence_tag: '[CODIGO]' },
        { tool: 'Grep', pattern: 'Retry|Backoff|WriteBatch', result_count: 9, evidence_tag: '[CODIGO]' },
        { tool: 'Grep', pattern: 'SaveCursor', result_count: 2, evidence_tag: '[CODIGO]' },
      ],
      candidates: [...CANDIDATES],
    },
    prioritized_plan: [
      { priority: 1, target: RETRY, rationale: 'The hypothesis names the retry wrapper.', source: 'topology' },
      { priority: 2, target: WRITER, rationale: 'WriteBatch is the only caller of the retry wrapper.', source: 'topology' },
      { priority: 3, target: CURSOR, rationale: 'The cursor decides where a resumed export starts.', source: 'topology' },
    ],
    findings: [
      {
        id: 'retry-resends-only-failures',
        target: RETRY,
        summary: 'The wrapper re-sends a batch only when its write returned an error, so it cannot repeat a committed batch.',
        source: RETRY,
        evidence_tag: '[CODIGO]',
        invalidates_hypothesis: true,
        deep_dive_after_mapping: true,
      },
      {
        id: 'cursor-saved-before-commit',
        target: CURSOR,
        summary: 'The cursor is saved before the batch commits, so a crash between the two replays the batch on restart.',
        source: `${CURSOR}:88`,
        evidence_tag: '[CODIGO]',
        invalidates_hypothesis: false,
        deep_dive_after_mapping: true,
      },
    ],
    replans: [
      {
        trigger_finding_id: 'retry-resends-only-failures',
        invalidated_hypothesis: 'The retry wrapper re-sends batches that were already committed.',
        new_plan_order: [CURSOR, WRITER, RETRY],
        evidence_tag: '[CODIGO]',
      },
    ],
    scratchpad: {
      persisted: true,
      source: 'notes/invoice-export-investigation.md',
      sections: ['topology', 'plan', 'findings', 'budget', 'risks', 'open-questions'],
    },
    evidence: [
      { claim: 'The retry wrapper re-sends only failed writes.', evidence_tag: '[CODIGO]', source: RETRY },
      { claim: 'Saving the cursor before the commit explains the repeated invoices.', evidence_tag: '[INFERENCIA]', source: 'findings[1]' },
    ],
    validation: {
      status: 'pass',
      offline: true,
      network_required: false,
      deterministic: true,
      uses_randomness: false,
      checks: [...katasPolicy('gate').requiredChecks],
    },
    risks: {
      remaining: ['The reordered cursor save was not tried against a real crash.'],
      forbidden_patterns: [],
    },
  };
}

/** The object at a path of an example report (keys and list indices), for an example to edit. */
export function objectAt(report: KatasExample, ...path: Array<string | number>): Record<string, unknown> {
  let current: unknown = report;
  for (const key of path) current = (current as Record<string | number, unknown>)[key];
  return current as Record<string, unknown>;
}

/** The list at a path of an example report. */
export function listAt(report: KatasExample, ...path: Array<string | number>): unknown[] {
  return objectAt(report, ...path) as unknown as unknown[];
}
