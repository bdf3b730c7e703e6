export { BUDGET_BUCKETS, collectStats } from './collect.js';
export { budgetUseChart, stopReasonPie } from './charts.js';
export { renderStatsJson, renderStatsMarkdown, statsMarkdownTree } from './render.js';
export type { BudgetBucket, DiscoveryStats, Distribution, RatioSummary, ReasonCount, RuleCount, Stats } from './types.js';
