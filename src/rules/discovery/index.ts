import type { Rule } from '../rule.js';

/** The rules of the optional discovery block, in catalog order. */
export const discoveryRules: readonly Rule[] = [];
