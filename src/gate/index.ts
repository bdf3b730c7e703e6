export { cappedAnnotations, DEFAULT_MAX_ANNOTATIONS } from './annotations.js';
export { jobSummary, MAX_FILE_ROWS, type SummaryContext } from './job-summary.js';
export { type FailingUnused, type GateResults, GateResultsError, mergeResults, type ResultDocument } from './results.js';
export { stepOutputs } from './step-outputs.js';
export { type GateTally, type GateTotals, gateTotals, tally } from './tally.js';
