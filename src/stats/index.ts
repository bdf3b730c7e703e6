export { budgetUseChart, passRateChart, stopReasonPie, type TaskBar, taskBars, X_AXIS_CHARACTERS } from './charts.js';
export { BUDGET_BUCKETS, collectStats } from './collect.js';
export { countKinds, type KindCount, kindLabel, type StatsKind } from './kinds.js';
export { DEFAULT_K, MAX_K_VALUES, passAtK, passHatK } from './pass-at-k.js';
export { renderStatsJson, renderStatsMarkdown, type StatsNotes, statsMarkdownTree } from './render.js';
export { renderStatsHtml } from './render-html.js';
export { collectTasks, taskKey } from './tasks.js';
export type {
  BudgetBucket,
  DiscoveryStats,
  Distribution,
  KValue,
  RatioSummary,
  ReasonCount,
  RuleCount,
  Stats,
  TaskStats,
} from './types.js';
