import type { Root } from 'mdast';
import type { Diagnostic, RuleSetting } from '../diagnostics/diagnostic.js';
import type { Locator } from '../load/text-position.js';
import type { PresetName } from '../policy/presets.js';
import type { Policy } from '../policy/types.js';
import type { Section } from '../render/html/page.js';
import type { BoundedFlowchart } from '../render/mermaid/flowchart.js';
import type { CompileError } from '../report/compile-error.js';
import type { DialectId, InputDigest, InputFormat, Report, Verdict } from '../report/types.js';
import type { ArtifactCheckMeta, CatalogRule } from '../rules/rule.js';
import type { Baseline } from '../rules/run.js';
import type { Stage } from '../schema/issues.js';
import type { DocumentSchema } from '../schema/validators.js';
import type { TraceEvidence } from '../trace/evidence.js';

/** What a compiler resolves once from its options, and every dialect judges by. */
export interface DialectSetup {
  preset: PresetName;
  /** The preset's policy with the overrides laid over it: the spec's rules read it. */
  policy: Policy;
  /** The setting of every rule of every dialect. */
  settings: Readonly<Record<string, RuleSetting>>;
  tool: { name: string; version: string };
}

/** A document read as an object, with what its compile needs besides. */
export interface DialectInput {
  data: Record<string, unknown>;
  input: { path: string | null; format: InputFormat; sha256: string };
  /** Every file the verdict depends on, the spec's own first (the report's `inputs`). */
  inputs: InputDigest[];
  locate?: Locator;
  /** The decoded text, when the input was text or bytes. */
  source?: string;
  stage: Stage;
  baseline?: Baseline;
  /** The agent's own trace, for the rules that check the spec against what it did. */
  trace?: TraceEvidence;
}

/** What a dialect's compile of one document comes to: a report, or a stop for critical input. */
export type DialectCompiled =
  | {
      exitCode: 0 | 1;
      /** pass or fail; draft-ok for a sound draft. */
      verdict: Verdict;
      diagnostics: Diagnostic[];
      report: Report;
      error: null;
      /** Problems found by each rule that found any, listed or not, suppressed or not: what a baseline would count. */
      ruleTotals: Record<string, number>;
    }
  | { exitCode: 4; verdict: 'fail'; diagnostics: Diagnostic[]; report: null; error: CompileError };

/** The module of a dialect's own sections of the HTML page (`htmlSections`). */
export interface HtmlSections<R extends Report = Report> {
  /** The sections its report's page adds to those every page has, between the problems and the source. */
  sections(report: R): Section[];
}

/** Where a dialect's rules are listed: `rules`, `schema` and the README's generated sections. */
export interface DialectCatalog {
  /** The key of its rules in the JSON of `rules` and `schema`. */
  key: string;
  /** The line over its rules in the text of `rules`. */
  heading: string;
  /** The README's generated section of its rules. */
  section: string;
  /** The key of its JSON Schema in the JSON of `schema`. */
  schemaKey: string;
  /** Checks of the files around its documents, listed in its section of the README. */
  artifactChecks?: readonly ArtifactCheckMeta[];
}

/**
 * A kind of document as the library shows it (`dialects` of its API): what it reads, its rules and
 * its catalog. How it judges and renders stays inside, so that its types need none of the bundled
 * libraries' (mdast, ajv).
 */
export interface DialectDescription {
  readonly id: DialectId;
  /**
   * The text of `schema` that names the dialect, or null for the dialect of documents that give no
   * text there. A `schema` that names no dialect is an input error that lists the known ones.
   */
  readonly schema: string | null;
  /** How messages name one of its documents: "a katas report". */
  readonly documentName: string;
  /**
   * How the lists of what the tool reads name its documents: one ("spec", "katas report", after
   * "a") and several ("spec files", "katas reports").
   */
  readonly shortName: { readonly singular: string; readonly plural: string };
  /** Its rules, in the order the catalog documents them. */
  readonly rules: readonly CatalogRule[];
  /**
   * The rule that stops a document that lacks what is never guessed (exit code 4, no report). It
   * runs before the others; a dialect whose catalog lists it gives it here too.
   */
  readonly criticalInput: CatalogRule;
  readonly catalog: DialectCatalog;
  /**
   * Its rules' setting in each built-in preset, which `npm run docs` writes into assets/presets/
   * after the spec's (scripts/presets.mjs); absent for the spec, whose settings are written there by hand.
   */
  readonly presetRules?: Readonly<Record<PresetName, Readonly<Record<string, RuleSetting>>>>;
  /** The JSON Schema of its documents (for a spec, with a preset's allowed values when one is named). */
  inputSchema(preset?: PresetName): unknown;
  /** A sound document that passes both presets; `explain` applies a rule's examples to a fresh copy. */
  example(): Record<string, unknown>;
  /**
   * Why `next`, which advises on a draft, does not take its documents ("a finished document: …");
   * absent when it does.
   */
  readonly notADraft?: string;
}

/**
 * A kind of document the gate judges: how it is recognised, judged, reported and documented. Each
 * dialect lives in a folder of its own under src/dialects/ and is listed once in the registry
 * (src/dialects/index.ts); everything else reaches it through the registry.
 */
export interface Dialect<R extends Report = Report> extends DialectDescription {
  /**
   * The JSON Schema its compile validates documents against (`validateAgainst`), when it is its own:
   * the build precompiles a validator for each dialect's. The spec's are the tool's own.
   */
  readonly documentSchema?: DocumentSchema;
  /** Its compile, prepared once per compiler. */
  compiler(setup: DialectSetup): (document: DialectInput) => DialectCompiled;
  /** Whether a report is one of this dialect's. */
  owns(report: Report): report is R;
  /** Its report as Markdown, as an mdast tree. */
  markdownTree(report: R): Root;
  /** Its document as the Mermaid flowchart of the report's "Flow" section, within the limits. */
  flowchart(data: Record<string, unknown>): BoundedFlowchart;
  /**
   * Its HTML page's own sections: a dynamic import of a module of its folder (`html-sections.ts`),
   * which draws with the builders the HTML part exports (src/render/html/index.ts). The command
   * line's build makes each module a dialect imports this way a bundle part of its own, loaded with
   * the first HTML page, so that the core, which holds the dialects, holds no HTML builder. Absent:
   * its pages have only the sections every report has.
   */
  htmlSections?(): Promise<HtmlSections<R>>;
}
