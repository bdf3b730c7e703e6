// The katas "adaptive investigation report v1": a second input dialect, judged by its own rules
// over its own view and policy, with the rule machinery of src/rules.
export { baseKatasReport, type KatasExample } from './base-report.js';
export { katasRules } from './catalog.js';
export { compileKatas, type KatasCompiled } from './compile-katas.js';
export { findKatasCriticalGaps, type KatasCriticalGap } from './critical.js';
export { documentDialect, KNOWN_DOCUMENT_SCHEMAS, unknownSchemaProblem } from './dialect.js';
export { findFloatLiterals } from './float-literals.js';
export { judgeKatas, type KatasJudgement, type KatasJudgeOptions } from './judge.js';
export { KATAS_REPORT_SCHEMA, type KatasPolicy, katasPolicy } from './policy.js';
export type { KatasRule } from './rules/support/read.js';
export { type Holder, KatasView, type Located } from './view.js';
