import type { Rule } from '../rule.js';
import { discoveryFocusPriority } from './discovery-focus-priority.js';
import { discoveryLimits } from './discovery-limits.js';
import { discoveryPhases } from './discovery-phases.js';
import { discoveryRefine } from './discovery-refine.js';
import { discoveryStop } from './discovery-stop.js';

/** The rules of the optional discovery block, in catalog order. */
export const discoveryRules: readonly Rule[] = [discoveryLimits, discoveryPhases, discoveryRefine, discoveryStop, discoveryFocusPriority];
