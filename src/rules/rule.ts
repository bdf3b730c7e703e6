import type { ValueFix } from '../diagnostics/diagnostic.js';
import type { Policy } from '../policy/types.js';
import type { Investigation } from '../spec/types.js';
import type { CriterionId } from './criteria.js';
import type { SpecView } from './spec-view.js';

/** An example document for `explain`: the dialect's base document with one change. */
export interface RuleExample<Example = ExampleSpec> {
  /** What the example shows, in a sentence. */
  title: string;
  apply(spec: Example): void;
  /**
   * For a rule that checks a spec against the agent's trace: the trace the example is compiled
   * with, as JSONL hook payloads, made from the base document before `apply` changes it.
   */
  trace?(base: Example): string;
}

/** The base spec as examples edit it: typed fields, plus room to remove or mistype them. */
export type ExampleSpec = Investigation & Record<string, unknown>;

export interface RuleMeta<Example = ExampleSpec> {
  /** Stable id: never renamed once released. */
  id: string;
  criterion: CriterionId;
  /** One line: what the rule checks. */
  description: string;
  /** Why the method asks for it, and how to fix a failure. */
  rationale: string;
  /** One document this rule rejects and one that passes the whole gate; the tests check both. */
  examples: { failing: RuleExample<Example>; passing: RuleExample<Example> };
  /**
   * Set on the rules that list the JSON Schema's findings: "structural" problems or "unknown" keys.
   * When the schema stopped describing structural problems, only these rules run.
   */
  schemaFindings?: 'structural' | 'unknown';
  /**
   * Set on the rules the others rely on to read the document at all (its structure, its goal and
   * budget): a spec they reject cannot be judged, so no configuration may set them below the
   * preset's setting (raising one is allowed), and no baseline accepts their problems, for the
   * reason given here (a baseline that names the rule is told it).
   */
  foundation?: { neverAccepted: string };
  /**
   * Set on a rule whose finding in a draft (`--stage draft`) is a step not yet written rather than
   * a mistake: there it reports at most a warning, whatever its setting (off stays off).
   */
  draftCeiling?: 'warning';
  /**
   * Set on a rule that checks the spec against the agent's own trace (`--trace`): without a trace
   * it finds nothing, and its examples name the trace they are compiled with.
   */
  evidence?: 'trace';
  /**
   * The fixes its problems carry (`Diagnostic.fix`). `spelling`: the suggestion of a value outside
   * a list, safe when only its spelling differs from the value written, else unsafe. `safe` or
   * `unsafe`: fixes the rule passes to `report` itself, all of that safety (a count recomputed is
   * safe; the value a trace shows in place of another is not). Without it a problem has no fix,
   * and a suggestion is only offered.
   */
  fixes?: 'spelling' | 'safe' | 'unsafe';
}

/**
 * A check of files rather than of a spec (the chain of brief artifacts): listed and explained
 * beside the rules, run only by its own command, always as an error.
 */
export interface ArtifactCheckMeta {
  /** Stable id: never renamed once released. */
  id: string;
  criterion: CriterionId;
  /** One line: what the check verifies. */
  description: string;
  /** Why the method asks for it. */
  rationale: string;
  /** How to fix a failure. */
  fix: string;
  /** The command that runs it. */
  command: string;
}

/** A value that is not one of a list's values: the runner adds the list and the closest value to the diagnostic. */
export interface OutsideList {
  value: string;
  allowed: readonly string[];
}

export interface RuleContext<View = SpecView, RulePolicy = Policy> {
  readonly view: View;
  readonly policy: RulePolicy;
  /**
   * Records a problem at a JSON Pointer; the message says what is wrong and how to fix it. A message
   * that costs work to write is passed as a function, called only for the problems that are listed.
   * A value outside a list is passed as `outside`: the diagnostic then carries `expected` and
   * `suggestion`, and its message ends with the "did you mean" of that suggestion.
   */
  report(path: string, message: string | (() => string), outside?: OutsideList, fix?: ValueFix): void;
}

/** What the catalog, the documentation and SARIF read of a rule of any dialect: its metadata. */
export interface CatalogRule {
  meta: RuleMeta<never>;
}

/** A rule of a dialect: the spec's by default; the katas report's judges another view by another policy. */
export interface Rule<View = SpecView, RulePolicy = Policy, Example = ExampleSpec> {
  meta: RuleMeta<Example>;
  check(context: RuleContext<View, RulePolicy>): void;
}
