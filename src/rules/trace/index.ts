import type { Rule } from '../rule.js';
import { traceBudget } from './trace-budget.js';
import { traceDiveObserved } from './trace-dive-observed.js';
import { traceMapObserved } from './trace-map-observed.js';
import { traceNoWrites } from './trace-no-writes.js';
import { traceOrder } from './trace-order.js';
import { traceTool } from './trace-tool.js';

/** The rules that check a spec against the agent's own trace (`--trace`), in catalog order. */
export const traceRules: readonly Rule[] = [traceDiveObserved, traceMapObserved, traceOrder, traceBudget, traceTool, traceNoWrites];
