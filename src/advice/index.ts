export { adviseNext } from './next.js';
export { formatNextSteps } from './text.js';
export type { Advice, AdviceAction, DiscoveryAdvice, NextHypothesis, NextSteps, Phase, StopReasonVerdict } from './types.js';
