import type { Policy } from '../policy/types.js';
import type { CriterionId } from './criteria.js';
import type { SpecView } from './spec-view.js';

export interface RuleMeta {
  /** Stable id: never renamed once released. */
  id: string;
  criterion: CriterionId;
  /** One line: what the rule checks. */
  description: string;
  /** Why the method asks for it, and how to fix a failure. */
  rationale: string;
}

export interface RuleContext {
  readonly view: SpecView;
  readonly policy: Policy;
  /** Records a problem at a JSON Pointer; the message says what is wrong and how to fix it. */
  report(path: string, message: string): void;
}

export interface Rule {
  meta: RuleMeta;
  check(context: RuleContext): void;
}
