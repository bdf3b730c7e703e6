import { katasBudget } from './rules/budget.js';
import { katasBudgetStatus } from './rules/budget-status.js';
import { katasCheapMapping } from './rules/cheap-mapping.js';
import { katasEvidenceList } from './rules/evidence-list.js';
import { katasEvidenceTags } from './rules/evidence-tags.js';
import { katasFindingSourceMapped } from './rules/finding-source-mapped.js';
import { katasFindings } from './rules/findings.js';
import { katasFindingsWithinFiles } from './rules/findings-within-files.js';
import { katasHeader } from './rules/header.js';
import { katasMappingsWithinQueries } from './rules/mappings-within-queries.js';
import { katasPlan } from './rules/plan.js';
import { katasReplanPerInvalidation } from './rules/replan-per-invalidation.js';
import { katasReplanPermutation } from './rules/replan-permutation.js';
import { katasReplans } from './rules/replans.js';
import { katasRisks } from './rules/risks.js';
import { katasSchema } from './rules/schema.js';
import { katasScratchpad } from './rules/scratchpad.js';
import type { KatasRule } from './rules/support/read.js';
import { katasUnknownField } from './rules/unknown-field.js';
import { katasValidation } from './rules/validation.js';
import { katasValidationNotBlocked } from './rules/validation-not-blocked.js';

/**
 * Every katas rule, in the order the catalog documents them: the structure, then the report's
 * parts in the order the format lists them, each part's reference rule before the gate's stricter ones.
 */
export const katasRules: readonly KatasRule[] = [
  katasSchema,
  katasHeader,
  katasBudget,
  katasBudgetStatus,
  katasFindingsWithinFiles,
  katasMappingsWithinQueries,
  katasCheapMapping,
  katasPlan,
  katasFindings,
  katasFindingSourceMapped,
  katasReplans,
  katasReplanPerInvalidation,
  katasReplanPermutation,
  katasScratchpad,
  katasEvidenceTags,
  katasEvidenceList,
  katasValidation,
  katasValidationNotBlocked,
  katasRisks,
  katasUnknownField,
];
