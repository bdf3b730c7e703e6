export { budgetUseChart, stopReasonPie } from './charts.js';
export { BUDGET_BUCKETS, collectStats } from './collect.js';
export { renderStatsJson, renderStatsMarkdown, statsMarkdownTree } from './render.js';
export type { BudgetBucket, DiscoveryStats, Distribution, RatioSummary, ReasonCount, RuleCount, Stats } from './types.js';
