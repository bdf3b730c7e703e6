export { CompareMismatchError, checkComparable, compareSides, regressionReasons } from './compare.js';
export { ruleChanges } from './problems.js';
export { CompareInputError, looksLikeReport, sideOfOutcome, sideOfReport } from './side.js';
export { formatCompareText } from './text.js';
export {
  COMPARE_VERSION,
  type CompareDocument,
  type CompareNotes,
  type CompareSummary,
  type Delta,
  type FileComparison,
  type ProblemEntry,
  type RegressionReason,
  type RuleChange,
  type SideFile,
  type SideProblem,
  type VerdictChange,
} from './types.js';
