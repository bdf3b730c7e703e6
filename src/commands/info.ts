import { stringify as toYaml } from 'yaml';
import envelopeSchema from '../../assets/envelope.schema.json' with { type: 'json' };
import {
  type ArtifactCheckEntry,
  artifactCheckCatalog,
  artifactCheckEntry,
  artifactChecks,
  type CatalogRule,
  dialectRuleCatalogs,
  exampleEvidence,
  fixesText,
  policySchema,
  type RuleExample,
  ruleCatalogText,
  ruleEntry,
} from '../catalog.js';
import { definedFields } from '../common/defined-fields.js';
import { exitCodeMeanings } from '../common/exit-codes.js';
import { jsonText } from '../common/json-text.js';
import { didYouMean } from '../common/suggest.js';
import { createCompiler } from '../compile.js';
import { describePointer } from '../diagnostics/pointer.js';
import { dialects } from '../dialects/index.js';
import { CONTRACT_VERSION, errorCodes, usageError } from '../engine/contract.js';
import type { CommandResult } from '../engine/result.js';
import type { PresetName } from '../policy/presets.js';

function success(data: Record<string, unknown>, stdout: string): CommandResult {
  return { exitCode: 0, data, warnings: [], error: null, stdout };
}

/**
 * The whole machine contract, so that an agent needs no other documentation. With a preset, the
 * input schema of each dialect lists that preset's allowed values, and standard output holds the
 * first dialect's (the investigation spec's) alone, for an editor to complete values from.
 */
export function schemaCommand(presetName?: PresetName): CommandResult {
  const inputSchemas = dialects.map((dialect) => [dialect.catalog.schemaKey, dialect.inputSchema(presetName)] as const);
  const data = {
    contractVersion: CONTRACT_VERSION,
    ...definedFields({ preset: presetName }),
    envelopeSchema,
    exitCodes: exitCodeMeanings,
    errorCodes,
    ...dialectRuleCatalogs(),
    artifactChecks: artifactCheckCatalog(),
    ...Object.fromEntries(inputSchemas),
    policySchema,
  };
  return success(data, jsonText(presetName === undefined ? data : inputSchemas[0]?.[1]));
}

export function rulesCommand(): CommandResult {
  return success({ ...dialectRuleCatalogs(), artifactChecks: artifactCheckCatalog() }, `${ruleCatalogText()}\n`);
}

/** Every rule `explain` knows, with the base document its examples edit: a document of the rule's dialect. */
const EXPLAINED: ReadonlyArray<{ rule: CatalogRule; base: () => Record<string, unknown> }> = dialects.flatMap((dialect) =>
  dialect.rules.map((rule) => ({ rule, base: () => dialect.example() })),
);

export function explainCommand(ruleId: string): CommandResult {
  const explained = EXPLAINED.find((candidate) => candidate.rule.meta.id === ruleId);
  const check = artifactChecks.find((candidate) => candidate.id === ruleId);
  if (check) {
    const entry = artifactCheckEntry(check);
    return success({ rule: entry }, artifactCheckText(entry));
  }
  if (!explained) {
    throw usageError(
      'UNKNOWN_RULE',
      `unknown rule ${JSON.stringify(ruleId)}.${didYouMean(ruleId, [
        ...EXPLAINED.map((candidate) => candidate.rule.meta.id),
        ...artifactChecks.map((candidate) => candidate.id),
      ])} \`compile-investigation rules\` lists them`,
    );
  }
  const { rule, base } = explained;
  const failing = runExample(rule.meta.examples.failing, base);
  const passing = runExample(rule.meta.examples.passing, base);
  const entry = ruleEntry(rule);
  return success({ rule: entry, examples: { failing, passing } }, explanationText(rule, entry.severity, failing, passing));
}

interface ExampleRun {
  title: string;
  /** The example document: a spec, or a katas report. */
  spec: Record<string, unknown>;
  /** The agent's trace it is checked against (JSONL hook payloads), for the rules that check one. */
  trace?: string;
  diagnostics: ReturnType<ReturnType<typeof createCompiler>['compile']>['diagnostics'];
}

function runExample(example: RuleExample<never>, base: () => Record<string, unknown>): ExampleRun {
  const spec = base();
  example.apply(spec as never);
  // A rule that checks against the agent's trace is shown with the trace its example names.
  const trace = example.trace?.(base() as never);
  const options = trace === undefined ? {} : { trace: exampleEvidence(trace) };
  return {
    title: example.title,
    spec,
    ...(trace === undefined ? {} : { trace }),
    diagnostics: createCompiler().compile(spec, options).diagnostics,
  };
}

function artifactCheckText(entry: ArtifactCheckEntry): string {
  return [
    `${entry.id}  (${entry.criterion}; always an error, in the ${entry.command} command)`,
    '',
    entry.description,
    '',
    entry.rationale,
    '',
    `Fix: ${entry.fix}`,
    '',
    `It judges files, not a spec: run \`compile-investigation ${entry.command} DIR\` on a folder of them.`,
    '',
  ].join('\n');
}

function explanationText(rule: CatalogRule, severity: Record<string, string>, failing: ExampleRun, passing: ExampleRun): string {
  const settings = Object.entries(severity)
    .map(([preset, setting]) => `${preset}: ${setting}`)
    .join(', ');
  const indent = (text: string) =>
    text
      .trimEnd()
      .split('\n')
      .map((line) => `    ${line}`)
      .join('\n');
  const diagnostics = failing.diagnostics
    .map((d) => `    ${d.severity} ${d.ruleId} ${d.message} (at ${describePointer(d.path)})`)
    .join('\n');
  return [
    `${rule.meta.id}  (${ruleEntry(rule).criterion}; ${settings})`,
    '',
    rule.meta.description,
    '',
    rule.meta.rationale,
    '',
    ...(rule.meta.fixes === undefined ? [] : [`Fixes: ${fixesText[rule.meta.fixes]} (compile --fix writes the safe ones).`, '']),
    `Failing example: ${failing.title}`,
    indent(toYaml(failing.spec)),
    ...(failing.trace === undefined
      ? []
      : ['  checked against the trace (PostToolUse hook payloads, nodes under /repo):', indent(failing.trace)]),
    '  gives:',
    diagnostics,
    '',
    `Passing example: ${passing.title}`,
    indent(toYaml(passing.spec)),
    ...(passing.trace === undefined ? [] : ['  checked against the trace:', indent(passing.trace)]),
    '  gives no diagnostic.',
    '',
  ].join('\n');
}
