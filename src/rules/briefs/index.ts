import type { Rule } from '../rule.js';
import { briefCausal } from './brief-causal.js';
import { briefHistory } from './brief-history.js';
import { briefIds } from './brief-ids.js';
import { briefLimits } from './brief-limits.js';

/**
 * The rules of the optional working briefs, in catalog order. The artifact checker
 * (src/briefs/artifacts.ts) applies the same checks to brief files and adds `brief-chain`
 * (./brief-chain.ts) for the chain of files (names, sequences, parents, hashes, forks), which
 * judges files, not a spec, and so is not in this list.
 */
export const briefRules: readonly Rule[] = [briefLimits, briefIds, briefHistory, briefCausal];
