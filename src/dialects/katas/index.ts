// The katas "adaptive investigation report v1": a second input dialect, judged by its own rules
// over its own view and policy, with the rule machinery of src/rules; its report, Markdown and
// flowchart are here too, and `katasDialect` is what the registry lists.
export { baseKatasReport, type KatasExample } from './base-report.js';
export { katasRules } from './catalog.js';
export { katasCompiler } from './compile.js';
export { findKatasCriticalGaps, type KatasCriticalGap, katasCriticalInput } from './critical.js';
export { katasDialect } from './dialect.js';
export { findFloatLiterals } from './float-literals.js';
export { judgeKatas, type KatasJudgement, type KatasJudgeOptions } from './judge.js';
export { KATAS_REPORT_SCHEMA, type KatasPolicy, katasPolicy } from './policy.js';
export type { BudgetDimension, KatasReport, KatasSummary } from './report.js';
export type { KatasRule } from './rules/support/read.js';
export { type Holder, KatasView, type Located } from './view.js';
