/**
 * Property-based checks of the compiler, in process against src. test/properties.test.ts runs them
 * with a fixed seed and at most a few hundred runs; test/fuzz.test.ts (npm run fuzz) runs the same
 * properties for longer.
 */
import fc from 'fast-check';
import { stringify as toYaml } from 'yaml';
import { htmlRenderer } from '../../src/dialects/html.js';
import { builtInPreset, type CompileResult, createCompiler, renderJson, renderMarkdown } from '../../src/index.js';
import { inputErrorSubcodes } from '../../src/load/input-error.js';
import { criticalSubcodes } from '../../src/rules/critical-input.js';
import { excerpt, noteOverrun, overrunNoted } from './cost.js';
import { costRatio, cpuMilliseconds, fastest } from './scaling.js';
import { type Path, stringPaths } from './spec-paths.js';
import { validSpec } from './specs.js';

/** The page of `--format html`, with each dialect's own sections (loaded here, as a run loads them). */
const renderHtml = await htmlRenderer();

/** The seed every run uses unless told otherwise, so that a failure in CI reproduces anywhere. */
export const DEFAULT_SEED = 20_260_611;

/**
 * The most one input may cost to compile and render, in compilations and renderings of a small
 * valid spec measured at the same moment, both in CPU time (a bound in seconds breaks on a busy
 * machine, and so does a ratio of wall times).
 */
export const MAX_REFERENCE_COSTS = 200;

const gate = builtInPreset('gate').policy;
const compiler = createCompiler();
const secondCompiler = createCompiler();

// ---------------------------------------------------------------------------------------------
// JSON Pointer resolution, written here rather than imported so that the product does not check itself.

type Resolution = 'value' | 'missing-member' | 'unresolved';

function pointerTokens(path: string): string[] | undefined {
  if (path === '') return [];
  if (!path.startsWith('/')) return undefined;
  return path
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function child(container: unknown, token: string): { found: boolean; value?: unknown } {
  if (Array.isArray(container)) {
    if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= container.length) return { found: false };
    return { found: true, value: container[Number(token)] };
  }
  if (container !== null && typeof container === 'object' && Object.hasOwn(container, token)) {
    return { found: true, value: (container as Record<string, unknown>)[token] };
  }
  return { found: false };
}

/**
 * Whether a pointer names a value of the input ("value"), or a member missing from an object of
 * the input ("missing-member": how a missing required field is reported), or neither.
 */
export function resolvePointer(document: unknown, path: string): Resolution {
  const tokens = pointerTokens(path);
  if (tokens === undefined) return 'unresolved';
  let current = document;
  for (const [index, token] of tokens.entries()) {
    const next = child(current, token);
    if (!next.found) {
      const isLast = index === tokens.length - 1;
      return isLast && current !== null && typeof current === 'object' && !Array.isArray(current) ? 'missing-member' : 'unresolved';
    }
    current = next.value;
  }
  return 'value';
}

// ---------------------------------------------------------------------------------------------
// Outcomes

const INPUT_SUBCODES = new Set(Object.keys(inputErrorSubcodes));
const CRITICAL_SUBCODES = new Set(Object.keys(criticalSubcodes));

export class PropertyViolation extends Error {
  override readonly name = 'PropertyViolation';
}

function check(condition: boolean, message: () => string): asserts condition {
  if (!condition) throw new PropertyViolation(message());
}

/** A result is one of the documented outcomes: a report with exit 0 or 1, an input error (3), or {VACIO_CRITICO} (4). */
export function checkDocumentedOutcome(result: CompileResult): void {
  switch (result.exitCode) {
    case 0:
    case 1:
      check(result.error === null && result.report !== null, () => `exit ${result.exitCode} without a report`);
      check(result.verdict === (result.exitCode === 0 ? 'pass' : 'fail'), () => `exit ${result.exitCode} with verdict ${result.verdict}`);
      check(result.report.verdict === result.verdict, () => 'the report and the result disagree on the verdict');
      if (result.exitCode === 1)
        check(
          result.diagnostics.some((diagnostic) => diagnostic.severity === 'error'),
          () => 'exit 1 without an error diagnostic',
        );
      else
        check(
          result.diagnostics.every((diagnostic) => diagnostic.severity !== 'error'),
          () => 'exit 0 with an error diagnostic',
        );
      return;
    case 3:
      check(result.report === null && result.error.code === 'INPUT_ERROR', () => `exit 3 with ${JSON.stringify(result.error)}`);
      check(INPUT_SUBCODES.has(result.error.subcode), () => `undocumented input error subcode ${result.error.subcode}`);
      check(typeof result.error.message === 'string' && result.error.message !== '', () => 'an input error without a message');
      return;
    case 4:
      check(result.report === null && result.error.code === 'CRITICAL_INPUT', () => `exit 4 with ${JSON.stringify(result.error)}`);
      check(CRITICAL_SUBCODES.has(result.error.subcode), () => `undocumented critical subcode ${result.error.subcode}`);
      check(result.diagnostics.length > 0, () => 'exit 4 without a diagnostic');
      return;
    default:
      throw new PropertyViolation(`undocumented exit code ${String((result as { exitCode: unknown }).exitCode)}`);
  }
}

type Input = string | Uint8Array | Record<string, unknown>;

function compileAndRender(input: Input, path?: string): CompileResult {
  const result = compiler.compile(input, path === undefined ? {} : { path });
  if (result.report) {
    renderJson(result.report);
    renderMarkdown(result.report);
    // The HTML page with its source view, which reads the text again to mark each problem's value.
    renderHtml(result.report, typeof input === 'string' ? { source: input } : {});
  }
  return result;
}

const referenceSpec = JSON.stringify(validSpec());
let referenceMilliseconds: number | undefined;

/**
 * Compiles and renders one input and checks the outcome, which throws (and fast-check shrinks the
 * input), and its cost in CPU time against the reference spec's, which is only noted (see
 * ./cost.ts): a cost is never measured again for every candidate of a shrink.
 */
export function compileChecked(input: Input, path?: string): CompileResult {
  const started = cpuMilliseconds();
  const result = compileAndRender(input, path);
  const spent = cpuMilliseconds() - started;
  checkDocumentedOutcome(result);
  referenceMilliseconds ??= fastest(() => void compileAndRender(referenceSpec, 'reference.json'));
  // Only a run that looks too costly is measured again (the first run of a new kind of input also
  // compiles the code it reaches), side by side with the reference.
  if (spent > MAX_REFERENCE_COSTS * referenceMilliseconds && !overrunNoted()) {
    const ratio = costRatio(
      () => void compileAndRender(input, path),
      () => void compileAndRender(referenceSpec, 'reference.json'),
      MAX_REFERENCE_COSTS,
    );
    if (ratio >= MAX_REFERENCE_COSTS)
      noteOverrun({ input: `${excerpt(input)}${path === undefined ? '' : ` as ${path}`}`, ratio, bound: MAX_REFERENCE_COSTS });
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// Text

/** Text that stresses renderers: right-to-left and zero-width characters, Markdown and Mermaid syntax, line breaks. */
const NOTABLE = [
  '\u202Eevil\u202C',
  'שלום עולם',
  'مرحبا بالعالم',
  '\u200B',
  'a\u200Db',
  '\u2060\uFEFF',
  '\u200E\u200F',
  '|',
  '\\|',
  '`',
  '```',
  '\\',
  '<br>',
  '&amp;',
  '*_~',
  '[x](y)',
  '# h',
  '\n',
  '\r\n',
  '\t',
  '"',
  "'",
  '-->',
  '%%',
  ';',
  '#59;',
  '\u0000',
  '🧑‍💻',
  'e\u0301',
  '\u2028',
  'İı',
  '$x$',
  '(a+)+$',
];

const BLOCKED = gate.blockedAntiPatterns.map((token) => token.toLowerCase());

/** A character a reader sees: the gate takes text without one as blank (policy strict.visibleText). */
const VISIBLE = /[^\s\p{Cc}\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u2800]/u;

function allowedText(text: string): boolean {
  const folded = text.toLowerCase();
  return VISIBLE.test(text) && !BLOCKED.some((token) => folded.includes(token));
}

/** Non-blank text from the whole of Unicode, with no blocked anti-pattern token. */
export const textArbitrary: fc.Arbitrary<string> = fc
  .array(
    fc.oneof({ weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) }, { weight: 1, arbitrary: fc.constantFrom(...NOTABLE) }),
    { minLength: 1, maxLength: 4 },
  )
  .map((parts) => parts.join(''))
  .filter(allowedText);

/** The part of an id after its unique prefix: any Unicode, possibly empty. */
const idSuffix = fc
  .string({ unit: 'binary', maxLength: 4 })
  .filter((suffix) => !BLOCKED.some((token) => suffix.toLowerCase().includes(token)));

// ---------------------------------------------------------------------------------------------
// Valid specs

interface DivePlan {
  suffix: string;
  tool: string;
  finding: string;
  provenance: string;
  node: number;
  tokens: number;
  effect: string;
}

interface HypothesisPlan {
  suffix: string;
  claim: string;
  priority: number;
  cost: number;
  status: string;
  nodes: number[];
  dives: DivePlan[];
  replans: number;
  replanTexts: Array<{ decision: string; evidence: string; after: boolean }>;
}

interface SpecPlan {
  goal: string;
  deliverable: string;
  stopEvidence: string;
  stopReason: string;
  unit: 'reads' | 'tokens';
  slack: number;
  map: Array<{ suffix: string; tool: string; query: string; evidence: string; nodes: string[] }>;
  hypotheses: HypothesisPlan[];
  risks: string[];
  openRiskTexts: string[];
  extension: { present: boolean; value: unknown };
}

const divePlan: fc.Arbitrary<DivePlan> = fc.record({
  suffix: idSuffix,
  tool: fc.constantFrom(...gate.expensiveDiveTools),
  finding: textArbitrary,
  provenance: fc.constantFrom(...gate.provenanceTags),
  node: fc.nat(),
  tokens: fc.integer({ min: 1, max: 5000 }),
  effect: fc.constantFrom(...gate.deepDiveEffects),
});

const hypothesisPlan: fc.Arbitrary<HypothesisPlan> = fc.record({
  suffix: idSuffix,
  claim: textArbitrary,
  priority: fc.integer({ min: 1, max: 1000 }),
  cost: fc.integer({ min: 1, max: 1000 }),
  status: fc.constantFrom(...gate.hypothesisStatuses),
  nodes: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
  dives: fc.array(divePlan, { minLength: 1, maxLength: 3 }),
  replans: fc.nat({ max: 2 }),
  replanTexts: fc.array(fc.record({ decision: textArbitrary, evidence: textArbitrary, after: fc.boolean() }), {
    minLength: 2,
    maxLength: 2,
  }),
});

const specPlan: fc.Arbitrary<SpecPlan> = fc.record({
  goal: textArbitrary,
  deliverable: textArbitrary,
  stopEvidence: textArbitrary,
  stopReason: fc.constantFrom(...gate.stopReasons),
  unit: fc.constantFrom('reads' as const, 'tokens' as const),
  slack: fc.nat({ max: 20 }),
  map: fc.array(
    fc.record({
      suffix: idSuffix,
      tool: fc.constantFrom(...gate.cheapMapTools),
      query: textArbitrary,
      evidence: textArbitrary,
      nodes: fc.array(textArbitrary, { minLength: 1, maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  hypotheses: fc.array(hypothesisPlan, { minLength: 1, maxLength: 5 }),
  risks: fc.array(textArbitrary, { maxLength: 3 }),
  openRiskTexts: fc.array(textArbitrary, { minLength: 5, maxLength: 5 }),
  extension: fc.record({ present: fc.boolean(), value: fc.jsonValue({ maxDepth: 3 }) }),
});

function pick<T>(items: readonly T[], index: number): T {
  return items[index % items.length] as T;
}

const SETTLING: Readonly<Record<string, string>> = { confirmed: 'confirms', invalidated: 'invalidates' };

/**
 * The effects of a hypothesis's deep dives, so that its status agrees with them: a confirmed or
 * invalidated status needs a deep dive of that effect (hypothesis-status), here the first, and the
 * last deep dive that confirms or invalidates it says the same (status-drift); an open or active
 * hypothesis has no deep dive that settled it.
 */
function diveEffects(status: string, dives: readonly { effect: string }[]): string[] {
  const settles = SETTLING[status];
  const deciding = (effect: string) => effect === 'confirms' || effect === 'invalidates';
  const effects = dives.map((dive, index) => (index === 0 && settles !== undefined ? settles : dive.effect));
  if (settles === undefined) return effects.map((effect) => (deciding(effect) ? 'neutral' : effect));
  const last = effects.findLastIndex(deciding);
  if (last >= 0) effects[last] = settles;
  return effects;
}

/** Builds a spec that passes the whole gate from a random plan: every constraint of the rules is kept by construction. */
function buildValidSpec(plan: SpecPlan): Record<string, unknown> {
  const surfaceMap = plan.map.map((entry, index) => ({
    id: `M${index}·${entry.suffix}`,
    tool: entry.tool,
    query: entry.query,
    candidateNodes: entry.nodes,
    evidence: entry.evidence,
  }));
  const nodes = plan.map.flatMap((entry) => entry.nodes);
  const hypotheses = plan.hypotheses.map((hypothesis, index) => ({
    id: `H${index}·${hypothesis.suffix}`,
    claim: hypothesis.claim,
    priority: hypothesis.priority,
    cost: hypothesis.cost,
    status: hypothesis.status,
    candidateNodes: hypothesis.nodes.map((node) => pick(nodes, node)),
  }));
  // goal_resolved needs a confirmed hypothesis.
  if (plan.stopReason === 'goal_resolved' && !hypotheses.some((hypothesis) => hypothesis.status === 'confirmed'))
    (hypotheses[0] as { status: string }).status = 'confirmed';

  // The first deep dive tests a hypothesis of the best priority: its dives come first.
  const best = Math.min(...hypotheses.map((hypothesis) => hypothesis.priority));
  const order = hypotheses
    .map((_, index) => index)
    .sort((a, b) => Number(hypotheses[b]?.priority === best) - Number(hypotheses[a]?.priority === best));
  let diveNumber = 0;
  const deepDives: Array<Record<string, unknown>> = [];
  const replanLog: Array<Record<string, unknown>> = [];
  for (const index of order) {
    const hypothesis = hypotheses[index] as (typeof hypotheses)[number];
    const planned = plan.hypotheses[index] as HypothesisPlan;
    const invalidating: string[] = [];
    const effects = diveEffects(hypothesis.status, planned.dives);
    planned.dives.forEach((dive, diveIndex) => {
      const effect = effects[diveIndex] as string;
      const id = `D${diveNumber++}·${dive.suffix}`;
      if (effect === 'invalidates') invalidating.push(id);
      deepDives.push({
        id,
        hypothesisId: hypothesis.id,
        node: pick(hypothesis.candidateNodes, dive.node),
        tool: dive.tool,
        finding: dive.finding,
        effect,
        provenance: dive.provenance,
        ...(plan.unit === 'tokens' ? { tokens: dive.tokens } : {}),
      });
    });
    // At most one replan per invalidating dive, each after one of them.
    for (let replan = 0; replan < Math.min(planned.replans, invalidating.length); replan++) {
      const texts = planned.replanTexts[replan] as HypothesisPlan['replanTexts'][number];
      replanLog.push({
        trigger: 'hypothesis_invalidated',
        hypothesisId: hypothesis.id,
        decision: texts.decision,
        evidence: texts.evidence,
        ...(texts.after ? { afterDeepDive: invalidating[replan] } : {}),
      });
    }
  }

  const used = plan.unit === 'reads' ? deepDives.length : deepDives.reduce((sum, dive) => sum + (dive['tokens'] as number), 0);
  const range = gate.budget[plan.unit] as { minTotal: number; maxTotal: number };
  const total = plan.stopReason === 'budget_exhausted' ? used : Math.min(range.maxTotal, used + plan.slack);
  // Every hypothesis invalidated with budget left must close as goal_unresolved or escalated.
  let reason = plan.stopReason;
  if (
    used < total &&
    hypotheses.every((hypothesis) => hypothesis.status === 'invalidated') &&
    !(gate.strict.allInvalidatedReasons ?? []).includes(reason)
  )
    reason = 'goal_unresolved';

  // Every hypothesis left open or active is named, by its id, in a risk.
  const risks = [
    ...hypotheses
      .filter((hypothesis) => hypothesis.status === 'open' || hypothesis.status === 'active')
      .map((hypothesis, index) => `${hypothesis.id} ${pick(plan.openRiskTexts, index)}`),
    ...plan.risks,
  ];
  if (risks.length === 0) risks.push(pick(plan.openRiskTexts, 0));

  return {
    goal: plan.goal,
    budget: { total, used, unit: plan.unit },
    surfaceMap,
    hypotheses,
    deepDives,
    replanLog,
    stopCondition: { reason, evidence: plan.stopEvidence },
    deliverable: plan.deliverable,
    risks,
    ...(plan.extension.present ? { 'x-extension': plan.extension.value } : {}),
  };
}

/** Specs that pass the whole gate: random ids, texts (any Unicode), priorities, costs, statuses, counts and units. */
export const validSpecArbitrary: fc.Arbitrary<Record<string, unknown>> = specPlan.map(buildValidSpec);

export type SpecForm = 'object' | 'json' | 'yaml';
const specForm = fc.constantFrom<SpecForm>('object', 'json', 'yaml');

function inForm(spec: Record<string, unknown>, form: SpecForm): { input: string | Record<string, unknown>; path?: string } {
  if (form === 'json') return { input: JSON.stringify(spec, null, 2), path: 'spec.json' };
  if (form === 'yaml') return { input: toYaml(spec), path: 'spec.yaml' };
  return { input: structuredClone(spec) };
}

// ---------------------------------------------------------------------------------------------
// Mutations

function get(root: unknown, path: Path): unknown {
  let current = root;
  for (const token of path) current = (current as Record<string | number, unknown>)[token];
  return current;
}

function parentAndKey(root: unknown, path: Path): { parent: Record<string | number, unknown>; key: string | number } {
  return { parent: get(root, path.slice(0, -1)) as Record<string | number, unknown>, key: path[path.length - 1] as string | number };
}

const REQUIRED: Record<string, readonly string[]> = {
  '': ['goal', 'budget', 'surfaceMap', 'hypotheses', 'deepDives', 'replanLog', 'stopCondition', 'deliverable', 'risks'],
  budget: ['total', 'used', 'unit'],
  surfaceMap: ['id', 'tool', 'query', 'candidateNodes', 'evidence'],
  hypotheses: ['id', 'claim', 'priority', 'cost', 'status', 'candidateNodes'],
  // provenance is optional in the format but required by the gate's finding-provenance rule.
  deepDives: ['id', 'hypothesisId', 'node', 'tool', 'finding', 'effect', 'provenance'],
  replanLog: ['trigger', 'hypothesisId', 'decision', 'evidence'],
  stopCondition: ['reason', 'evidence'],
};

/** Every path the gate requires to be present in this spec (tokens too, when the unit is tokens). */
function requiredPaths(spec: Record<string, unknown>): Path[] {
  const paths: Path[] = [];
  const section = (name: string): unknown[] => (Array.isArray(spec[name]) ? (spec[name] as unknown[]) : []);
  const isObject = (value: unknown): value is Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value);
  for (const key of REQUIRED[''] ?? []) if (Object.hasOwn(spec, key)) paths.push([key]);
  for (const name of ['budget', 'stopCondition']) {
    const value = spec[name];
    if (isObject(value)) for (const key of REQUIRED[name] ?? []) if (Object.hasOwn(value, key)) paths.push([name, key]);
  }
  const budget = spec['budget'];
  const tokens = isObject(budget) && budget['unit'] === 'tokens';
  for (const name of ['surfaceMap', 'hypotheses', 'deepDives', 'replanLog']) {
    section(name).forEach((item, index) => {
      if (!isObject(item)) return;
      const keys = name === 'deepDives' && tokens ? [...(REQUIRED[name] ?? []), 'tokens'] : (REQUIRED[name] ?? []);
      for (const key of keys) if (Object.hasOwn(item, key)) paths.push([name, index, key]);
    });
  }
  return paths;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

const OTHER_TYPES: readonly unknown[] = [null, true, 0, 1.5, 'text', [], {}, [1, 'x'], { a: 1 }];

/** Enum-like fields and the values the gate allows in them. */
function enumPaths(spec: Record<string, unknown>): Array<{ path: Path; allowed: readonly string[] }> {
  const found: Array<{ path: Path; allowed: readonly string[] }> = [];
  const each = (name: string, key: string, allowed: readonly string[]): void => {
    const items = spec[name];
    if (Array.isArray(items))
      items.forEach(
        (item, index) => typeof (item as Record<string, unknown>)?.[key] === 'string' && found.push({ path: [name, index, key], allowed }),
      );
  };
  const budget = spec['budget'] as Record<string, unknown> | undefined;
  if (typeof budget?.['unit'] === 'string') found.push({ path: ['budget', 'unit'], allowed: Object.keys(gate.budget) });
  const stop = spec['stopCondition'] as Record<string, unknown> | undefined;
  if (typeof stop?.['reason'] === 'string') found.push({ path: ['stopCondition', 'reason'], allowed: gate.stopReasons });
  each('surfaceMap', 'tool', gate.cheapMapTools);
  each('hypotheses', 'status', gate.hypothesisStatuses);
  each('deepDives', 'tool', gate.expensiveDiveTools);
  each('deepDives', 'effect', gate.deepDiveEffects);
  each('deepDives', 'provenance', gate.provenanceTags);
  each('replanLog', 'trigger', gate.replanTriggers);
  return found;
}

/** Numbers and the out-of-range values that break them. */
function outOfRange(spec: Record<string, unknown>): Array<{ path: Path; values: number[] }> {
  const found: Array<{ path: Path; values: number[] }> = [];
  const budget = spec['budget'] as Record<string, unknown> | undefined;
  const unit = typeof budget?.['unit'] === 'string' ? gate.budget[budget['unit']] : undefined;
  if (typeof budget?.['total'] === 'number' && unit)
    found.push({ path: ['budget', 'total'], values: [unit.maxTotal + 1, -1, 0, Number.MAX_SAFE_INTEGER] });
  if (typeof budget?.['used'] === 'number' && typeof budget['total'] === 'number')
    found.push({ path: ['budget', 'used'], values: [-1, budget['total'] + 1] });
  const hypotheses = spec['hypotheses'];
  if (Array.isArray(hypotheses)) {
    hypotheses.forEach((hypothesis, index) => {
      for (const key of ['priority', 'cost'])
        if (typeof (hypothesis as Record<string, unknown>)?.[key] === 'number')
          found.push({ path: ['hypotheses', index, key], values: [0, -1, -1000] });
    });
  }
  const dives = spec['deepDives'];
  if (Array.isArray(dives))
    dives.forEach(
      (dive, index) =>
        typeof (dive as Record<string, unknown>)?.['tokens'] === 'number' &&
        found.push({ path: ['deepDives', index, 'tokens'], values: [-1, -5000] }),
    );
  return found;
}

export type MutationKind = 'remove' | 'retype' | 'out-of-range' | 'duplicate-id' | 'enum';

export interface Mutation {
  kind: MutationKind;
  /** Which candidate: taken modulo the number of candidates in the spec being mutated. */
  choice: number;
  variant: number;
  replacement: string;
}

const mutationArbitrary: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom<MutationKind>('remove', 'retype', 'out-of-range', 'duplicate-id', 'enum'),
  choice: fc.nat(),
  variant: fc.nat(),
  replacement: fc.oneof(
    fc.string({ unit: 'binary', maxLength: 10 }),
    fc.constantFrom('', ' ', 'READ', 'Read ', 'confirmed\u200B', 'CODIGO', '[codigo]', '__proto__', 'constructor'),
  ),
});

/** Applies one breaking mutation; returns a description, or undefined when the spec offers no place for it. */
function applyMutation(spec: Record<string, unknown>, mutation: Mutation): string | undefined {
  switch (mutation.kind) {
    case 'remove': {
      const paths = requiredPaths(spec);
      if (paths.length === 0) return undefined;
      const path = pick(paths, mutation.choice);
      const { parent, key } = parentAndKey(spec, path);
      delete parent[key];
      return `removed /${path.join('/')}`;
    }
    case 'retype': {
      const paths = requiredPaths(spec);
      if (paths.length === 0) return undefined;
      const path = pick(paths, mutation.choice);
      const { parent, key } = parentAndKey(spec, path);
      const others = OTHER_TYPES.filter((value) => typeOf(value) !== typeOf(parent[key]));
      parent[key] = structuredClone(pick(others, mutation.variant));
      return `retyped /${path.join('/')} to ${JSON.stringify(parent[key])}`;
    }
    case 'out-of-range': {
      const fields = outOfRange(spec);
      if (fields.length === 0) return undefined;
      const field = pick(fields, mutation.choice);
      const { parent, key } = parentAndKey(spec, field.path);
      parent[key] = pick(field.values, mutation.variant);
      return `set /${field.path.join('/')} to ${String(parent[key])}`;
    }
    case 'duplicate-id': {
      const sections = ['surfaceMap', 'hypotheses', 'deepDives'].filter(
        (name) =>
          Array.isArray(spec[name]) &&
          (spec[name] as unknown[]).some((item) => typeof (item as Record<string, unknown>)?.['id'] === 'string'),
      );
      if (sections.length === 0) return undefined;
      const name = pick(sections, mutation.choice);
      const items = spec[name] as Array<Record<string, unknown>>;
      const sourceIndex = items.findIndex((item) => typeof item?.['id'] === 'string');
      const source = items[sourceIndex] as Record<string, unknown>;
      const others = items
        .map((_, index) => index)
        .filter(
          (index) => index !== sourceIndex && items[index] !== null && typeof items[index] === 'object' && !Array.isArray(items[index]),
        );
      if (others.length === 0) {
        items.push(structuredClone(source));
        return `appended a copy of /${name}/${sourceIndex}`;
      }
      const target = pick(others, mutation.variant);
      (items[target] as Record<string, unknown>)['id'] = source['id'];
      return `gave /${name}/${target} the id of /${name}/${sourceIndex}`;
    }
    case 'enum': {
      const fields = enumPaths(spec);
      if (fields.length === 0) return undefined;
      const field = pick(fields, mutation.choice);
      const normalized = new Set(field.allowed.map((value) => value.normalize('NFC')));
      const replacement = normalized.has(mutation.replacement.normalize('NFC')) ? `${mutation.replacement}?` : mutation.replacement;
      const { parent, key } = parentAndKey(spec, field.path);
      parent[key] = replacement;
      return `set /${field.path.join('/')} to ${JSON.stringify(replacement)}`;
    }
  }
}

const HUGE = 100 * 1024;

/** Makes one string of the spec 100 KB long (it breaks nothing by itself). */
function makeHuge(spec: Record<string, unknown>, choice: number, filler: string): string | undefined {
  const paths = stringPaths(spec).filter((path) => path.length > 0);
  if (paths.length === 0) return undefined;
  const path = pick(paths, choice);
  const { parent, key } = parentAndKey(spec, path);
  const unit = filler === '' ? 'x' : filler;
  parent[key] = `${String(parent[key])}${unit.repeat(Math.ceil(HUGE / unit.length))}`.slice(0, HUGE);
  return `made /${path.join('/')} 100 KB long`;
}

// ---------------------------------------------------------------------------------------------
// Hostile text and bytes

const YAML_PIECES = [
  '- ',
  ': ',
  '? ',
  '[',
  ']',
  '{',
  '}',
  ', ',
  '&a ',
  '*a',
  '!t ',
  '!!binary ',
  '!!set ',
  '!!str ',
  '|',
  '>-',
  '# c',
  '"',
  "'",
  '\n',
  '\r\n',
  '  ',
  '\t',
  'goal',
  'budget',
  'total: 5',
  'unit: reads',
  '<<: ',
  '---\n',
  '...\n',
  '%YAML 1.2\n',
  '%TAG ! tag:x,2000:\n',
  '~',
  'null',
  '0x1F',
  '.inf',
  '1e400',
  '\\',
  '\u0085',
  '\uFEFF',
  '@',
  '`',
];

/** YAML-looking text: random pieces of YAML syntax, or any Unicode string. */
const yamlishText = fc.oneof(
  fc
    .array(fc.oneof(fc.constantFrom(...YAML_PIECES), fc.string({ unit: 'binary', maxLength: 6 })), { maxLength: 40 })
    .map((pieces) => pieces.join('')),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Values the yaml package can write: JSON values plus dates, maps, sets, byte arrays and big integers (which become tags). */
const yamlValue = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.anything({
    maxDepth: 3,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withBigInt: true,
    withNullPrototype: true,
    withSparseArray: true,
  }),
  validSpecArbitrary,
);

function yamlText(value: unknown): string | undefined {
  try {
    return toYaml(value);
  } catch {
    return undefined;
  }
}

/** A valid spec's JSON bytes with a few bytes flipped, inserted or removed. */
const damagedSpecBytes = fc
  .tuple(
    validSpecArbitrary,
    fc.array(fc.tuple(fc.constantFrom('flip', 'insert', 'delete'), fc.nat(), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 4,
    }),
  )
  .map(([spec, edits]) => {
    let bytes = Array.from(new TextEncoder().encode(JSON.stringify(spec)));
    for (const [edit, at, byte] of edits) {
      const index = at % (bytes.length + 1);
      if (edit === 'insert') bytes = [...bytes.slice(0, index), byte, ...bytes.slice(index)];
      else if (edit === 'delete') bytes = [...bytes.slice(0, index), ...bytes.slice(index + 1)];
      else if (index < bytes.length) bytes[index] = byte;
    }
    return Uint8Array.from(bytes);
  });

/** A valid spec with one to three breaking mutations (and maybe a 100 KB string), in one of the three input forms. */
export const mutatedSpecArbitrary: fc.Arbitrary<{ spec: Record<string, unknown>; applied: string[]; form: SpecForm }> = fc
  .tuple(
    validSpecArbitrary,
    fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }),
    // One run in three also makes a string 100 KB long.
    fc.oneof(
      { weight: 2, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(fc.nat(), fc.constantFrom('x', 'ab', '\u202E', '🧑‍💻', '(a+)+$', ' ')) },
    ),
    specForm,
  )
  .map(([valid, mutations, huge, form]) => {
    const spec = structuredClone(valid);
    // The huge string comes first so that it cannot undo a breaking mutation.
    const applied = [
      huge ? makeHuge(spec, huge[0], huge[1]) : undefined,
      ...mutations.map((mutation) => applyMutation(spec, mutation)),
    ].filter((note) => note !== undefined);
    return { spec, applied, form };
  })
  .filter(({ applied }) => applied.some((note) => !note.startsWith('made ')));

const pathChoice = fc.constantFrom<string | undefined>(undefined, 'input.json', 'input.yaml', 'input.txt');

// ---------------------------------------------------------------------------------------------
// The properties

export interface NamedProperty {
  name: string;
  /**
   * Runs in the regular test suite (check.sh): few enough that a property takes seconds, also on a
   * busy machine; `npm run fuzz` runs every property as many times as asked (10,000 by default).
   */
  runs: number;
  property: fc.IRawProperty<unknown>;
}

export function properties(): NamedProperty[] {
  return [
    {
      name: 'valid specs compile to pass, twice to byte-identical Markdown and JSON',
      runs: 60,
      property: fc.property(validSpecArbitrary, specForm, (spec, form) => {
        const { input, path } = inForm(spec, form);
        const first = compileChecked(input, path);
        check(
          first.exitCode === 0 && first.verdict === 'pass',
          () => `exit ${first.exitCode}: ${JSON.stringify(first.error ?? first.diagnostics)}`,
        );
        check(first.diagnostics.length === 0, () => `diagnostics on a valid spec: ${JSON.stringify(first.diagnostics)}`);
        const again = compiler.compile(typeof input === 'string' ? input : structuredClone(spec), path === undefined ? {} : { path });
        const fresh = secondCompiler.compile(typeof input === 'string' ? input : structuredClone(spec), path === undefined ? {} : { path });
        const markdown = renderMarkdown(first.report as NonNullable<typeof first.report>);
        const json = renderJson(first.report as NonNullable<typeof first.report>);
        for (const other of [again, fresh]) {
          check(other.report !== null, () => 'no report on the second compile');
          check(renderMarkdown(other.report) === markdown, () => 'the Markdown differs between two compiles');
          check(renderJson(other.report) === json, () => 'the JSON differs between two compiles');
        }
        check(
          renderMarkdown(first.report as NonNullable<typeof first.report>) === markdown,
          () => 'rendering the same report twice differs',
        );
      }),
    },
    {
      name: 'mutated specs fail with a documented exit code and a diagnostic that points into the input',
      runs: 100,
      property: fc.property(mutatedSpecArbitrary, ({ spec, applied, form }) => {
        const { input, path } = inForm(spec, form);
        const result = compileChecked(input, path);
        const context = (): string => `${applied.join('; ')} (${form})`;
        check(result.exitCode === 1 || result.exitCode === 3 || result.exitCode === 4, () => `exit ${result.exitCode} after ${context()}`);
        if (result.exitCode === 3) return;
        check(result.diagnostics.length > 0, () => `no diagnostic after ${context()}`);
        const located = result.diagnostics.filter((diagnostic) => {
          const resolution = resolvePointer(spec, diagnostic.path);
          return resolution === 'value' || resolution === 'missing-member';
        });
        check(
          located.length > 0,
          () =>
            `no diagnostic points into the input after ${context()}: ${result.diagnostics.map((diagnostic) => diagnostic.path).join(', ')}`,
        );
      }),
    },
    {
      name: 'random bytes never throw and give a documented outcome within a second',
      runs: 300,
      property: fc.property(
        fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.string({ unit: 'binary', maxLength: 300 }).map((text) => new TextEncoder().encode(text)),
          damagedSpecBytes,
        ),
        pathChoice,
        (bytes, path) => void compileChecked(bytes, path),
      ),
    },
    {
      name: 'random JSON values never throw and give a documented outcome within a second',
      runs: 300,
      property: fc.property(
        fc.oneof(
          fc.jsonValue(),
          fc.dictionary(
            fc.constantFrom(...(REQUIRED[''] ?? []), '__proto__', 'constructor', 'prototype', 'x-a', '$schema'),
            fc.jsonValue({ maxDepth: 3 }),
          ),
          fc.tuple(validSpecArbitrary, fc.nat(), fc.jsonValue({ maxDepth: 3 })).map(([spec, choice, value]) => {
            const paths = stringPaths(spec).filter((path) => path.length > 1);
            const target = pick(
              paths.length > 0 ? paths.map((path) => path.slice(0, 1 + (choice % (path.length - 1)))) : [['goal']],
              choice,
            );
            const { parent, key } = parentAndKey(spec, target);
            parent[key] = value;
            return spec as fc.JsonValue;
          }),
        ),
        pathChoice,
        (value, path) => {
          const text = JSON.stringify(value);
          compileChecked(text, path);
          if (value !== null && typeof value === 'object' && !Array.isArray(value))
            compileChecked(JSON.parse(text) as Record<string, unknown>);
        },
      ),
    },
    {
      name: 'random YAML never throws and gives a documented outcome within a second',
      runs: 250,
      property: fc.property(
        fc.oneof(yamlValue.map(yamlText), yamlishText),
        fc.constantFrom<string | undefined>(undefined, 'input.yaml', 'input.yml'),
        (text, path) => {
          if (text === undefined) return;
          compileChecked(text, path);
        },
      ),
    },
  ];
}
