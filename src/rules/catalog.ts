import { antiPatterns } from './anti-patterns.js';
import { briefChain } from './briefs/brief-chain.js';
import { briefRules } from './briefs/index.js';
import { budgetAccounting } from './budget-accounting.js';
import { budgetLimit } from './budget-limit.js';
import { coverageDeclared } from './coverage-declared.js';
import { criticalInput } from './critical-input.js';
import { discoveryRules } from './discovery/index.js';
import { diveGrounded } from './dive-grounded.js';
import { diveOrder } from './dive-order.js';
import { diveSelective } from './dive-selective.js';
import { findingProvenance } from './finding-provenance.js';
import { hypothesesGrounded } from './hypotheses-grounded.js';
import { hypothesesRanked } from './hypotheses-ranked.js';
import { hypothesisStatus } from './hypothesis-status.js';
import { mapCheap } from './map-cheap.js';
import { replanEvidence } from './replan-evidence.js';
import { replanTyped } from './replan-typed.js';
import type { ArtifactCheckMeta, Rule } from './rule.js';
import { schema } from './schema.js';
import { statusDrift } from './status-drift.js';
import { stopReason } from './stop-reason.js';
import { traceRules } from './trace/index.js';
import { unknownField } from './unknown-field.js';

/** Every rule, in the order the catalog documents them. critical-input always runs first. */
export const rules: readonly Rule[] = [
  criticalInput,
  schema,
  budgetLimit,
  budgetAccounting,
  mapCheap,
  hypothesesRanked,
  hypothesesGrounded,
  diveSelective,
  diveGrounded,
  diveOrder,
  hypothesisStatus,
  statusDrift,
  replanTyped,
  replanEvidence,
  stopReason,
  coverageDeclared,
  findingProvenance,
  ...discoveryRules,
  ...briefRules,
  ...traceRules,
  antiPatterns,
  unknownField,
];

/** Checks of files rather than specs, documented after the rules; each runs in its own command. */
export const artifactChecks: readonly ArtifactCheckMeta[] = [briefChain];
