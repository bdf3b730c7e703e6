/** The identifier a katas report carries in its `schema` field. */
export const KATAS_REPORT_SCHEMA = 'jm-labs.katas-adaptive-investigation.report.v1';
/** What a katas report carries in its `skill` field. */
export const KATAS_SKILL = 'katas-adaptive-investigation';

/**
 * The fixed values the katas rules judge by. They are the katas format's own, the same under both
 * presets; what differs is how values are read (`python`).
 */
export interface KatasPolicy {
  /** What `schema` must say. */
  schemaId: string;
  /** What `skill` must say. */
  skill: string;
  /** The provenance tags every `evidence_tag` comes from. */
  evidenceTags: readonly string[];
  /** The cheap mapping tools; the mapping uses every one of them. */
  mappingTools: readonly string[];
  /** What `prioritized_plan[].source` must say: the plan comes from the topology. */
  planSource: string;
  budgetStatuses: readonly string[];
  /** The budget status of an investigation that ran out of budget with questions still open. */
  exhaustedStatus: string;
  /** The budget status of an investigation that finished. */
  completeStatus: string;
  validationStatuses: readonly string[];
  /** The validation status that stops the report (the gate's `katas-validation-not-blocked`). */
  blockingValidationStatus: string;
  /** The checks `validation.checks` must include. */
  requiredChecks: readonly string[];
  /** The sections `scratchpad.sections` must include. */
  scratchpadSections: readonly string[];
  /** Entries of `risks.forbidden_patterns` that fail the report. */
  forbiddenPatterns: readonly string[];
  /**
   * Read values as the katas validator (Python) does, and check their shapes in the rules: under
   * `reference`, where the JSON Schema does not run. Booleans count as integers (true is 1), blank
   * means Python's white space only, and an id slug may end in one line feed. Otherwise (`gate`)
   * the JSON Schema owns shapes and types, and blank means "no visible character".
   */
  python: boolean;
}

const FORMAT_VALUES: Omit<KatasPolicy, 'python'> = {
  schemaId: KATAS_REPORT_SCHEMA,
  skill: KATAS_SKILL,
  evidenceTags: ['[CÓDIGO]', '[CODIGO]', '[CONFIG]', '[DOC]', '[INFERENCIA]', '[SUPUESTO]'],
  mappingTools: ['Glob', 'Grep'],
  planSource: 'topology',
  budgetStatuses: ['complete', 'exhausted_with_pending'],
  exhaustedStatus: 'exhausted_with_pending',
  completeStatus: 'complete',
  validationStatuses: ['pass', 'warn', 'block'],
  blockingValidationStatus: 'block',
  requiredChecks: [
    'assets',
    'deterministic_scripts',
    'quality_criteria',
    'exploration_budget',
    'cheap_mapping_before_deep_dive',
    'selective_deep_dive',
    'replan_gate',
    'evidence_required',
    'scratchpad_persistence',
  ],
  scratchpadSections: ['topology', 'plan', 'findings', 'budget', 'risks'],
  forbiddenPatterns: ['read_all_files', 'unbounded_exploration'],
};

export function katasPolicy(preset: 'gate' | 'reference'): KatasPolicy {
  return { ...FORMAT_VALUES, python: preset === 'reference' };
}
