import type { Rule } from '../rule.js';

/** The rules of the optional working briefs, in catalog order. */
export const briefRules: readonly Rule[] = [];
