/**
 * Generators of hostile input, one per class the gate must withstand, and the properties that run
 * each input through the whole command line in process (`run`, as `compile-investigation` does):
 * alias cycles, keys that collide once resolved, names of inherited object members in every field
 * a rule looks up, control characters and bidi marks in every text field, and text that would
 * break a Markdown table in every cell. Every run must end with a documented exit code (0 to 4)
 * at no more than MAX_REFERENCE_RUNS times the cost of a run on a valid spec, with the outcome the class calls for, and print nothing raw that a
 * terminal or a Markdown viewer would act on. test/hostile/fuzz-classes.test.ts runs them with a
 * fixed seed; `npm run fuzz` runs them for as long as asked.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import type { Root, Table } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { stringify as toYaml } from 'yaml';
import { run } from '../../src/cli/run.js';
import { STACK_TRACE } from './cli.js';
import { noteOverrun, overrunNoted } from './cost.js';
import { linkProperties } from './hostile-links.js';
import { hostileTextProperties } from './hostile-text-properties.js';
import { lookupProperties } from './lookup-properties.js';
import { mcpProperties } from './mcp-properties.js';
import type { NamedProperty } from './properties.js';
import { costRatioAsync, cpuMilliseconds, fastestAsync } from './scaling.js';
import { type Path, setAt, stringPaths } from './spec-paths.js';
import { validSpec } from './specs.js';

/**
 * The most one run may cost, in runs on a small valid spec measured at the same moment, both in
 * CPU time (a bound in seconds breaks on a busy machine, and so does a ratio of wall times).
 */
export const MAX_REFERENCE_RUNS = 200;

/** Characters that must never reach a terminal, a log or a Markdown report raw. */
const RAW_HAZARD = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** In JSON output only what JSON leaves unescaped matters: C1 controls, DEL, separators and bidi controls. */
const RAW_HAZARD_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const HAZARDS = [
  '\u0000',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u001b[31m',
  '\u001b]8;;x\u0007',
  '\u007f',
  '\u0085',
  '\u009b',
  '\u009b31m',
  '\u2028',
  '\u2029',
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\ufeff',
  '\r',
  '\n',
  '\t',
  '\n::error file=README.md,line=1::injected\n',
  '::add-mask::secret',
  '%0A',
];
const TABLE_BREAKERS = [
  '|',
  '\\|',
  '\\\\|',
  '\\',
  '`',
  '``',
  ' | ',
  '\n',
  '\r\n',
  '<br>',
  '<',
  '>',
  '&',
  '&#124;',
  '*',
  '_',
  '-',
  '---',
  '| - |',
  ' ',
  '#',
  '>',
  '[x]',
];
const INHERITED = [
  '__proto__',
  'constructor',
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  '__defineGetter__',
  '__lookupGetter__',
  'prototype',
  'length',
  'name',
  'call',
  'apply',
  'bind',
];

interface HostileCase {
  /** What the case is, for a failure message. */
  label: string;
  fileName: string;
  content: string;
  args: string[];
  /** The exit code and error subcode the class calls for; undefined: any documented outcome. */
  exitCode?: number;
  subcode?: string;
  /** Rules whose errors the class calls for. */
  ruleIds?: string[];
  /** Check that every Markdown table keeps its column count. */
  tables?: boolean;
}

/** A valid spec run as the hostile cases are: the unit of cost. */
const REFERENCE: HostileCase = {
  label: 'a valid spec',
  fileName: 'reference.json',
  content: JSON.stringify(validSpec()),
  args: ['--format', 'json'],
};
let referenceMilliseconds: number | undefined;

interface Outcome {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** CPU time of the run, in milliseconds. */
  ms: number;
}

const workDir = mkdtempSync(join(tmpdir(), 'compile-investigation-hostile-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));

async function runCase(hostile: HostileCase): Promise<Outcome> {
  writeFileSync(join(workDir, hostile.fileName), hostile.content);
  let stderr = '';
  const io = { cwd: workDir, env: { NO_COLOR: '1' }, stderr: { write: (text: string) => void (stderr += text) }, stdoutIsTTY: false };
  const started = cpuMilliseconds();
  const { exitCode, stdout } = await run([hostile.fileName, ...hostile.args], io);
  return { exitCode, stdout, stderr, ms: cpuMilliseconds() - started };
}

function fail(hostile: HostileCase, outcome: Outcome, problem: string): never {
  const excerpt = (text: string) => JSON.stringify(text.slice(0, 400));
  throw new Error(
    `${problem}\ncase: ${hostile.label}\nargs: ${hostile.args.join(' ')}\nexit ${outcome.exitCode}, ${outcome.ms.toFixed(0)} ms of CPU time\nstdout: ${excerpt(outcome.stdout)}\nstderr: ${excerpt(outcome.stderr)}`,
  );
}

const markdownParser = unified().use(remarkParse).use(remarkGfm);

/** The first table row whose cell count differs from its header's, or undefined. */
function brokenTable(markdown: string): string | undefined {
  const tree = markdownParser.parse(markdown) as Root;
  for (const node of tree.children) {
    if (node.type !== 'table') continue;
    const table = node as Table;
    const width = table.children[0]?.children.length ?? 0;
    const bad = table.children.find((row) => row.children.length !== width);
    if (bad) return `a row of ${bad.children.length} cells in a table of ${width} columns`;
  }
  return undefined;
}

/** The common checks of every run, then the class's own. */
async function check(hostile: HostileCase): Promise<void> {
  const outcome = await runCase(hostile);
  if (outcome.exitCode < 0 || outcome.exitCode > 4) fail(hostile, outcome, `exit code ${outcome.exitCode} outside 0-4`);
  referenceMilliseconds ??= await fastestAsync(() => runCase(REFERENCE));
  // Only a run that looks too costly is measured again, side by side with the reference. What it
  // costs is noted, not thrown, so that fast-check does not shrink it (see ./cost.ts).
  if (outcome.ms > MAX_REFERENCE_RUNS * referenceMilliseconds && !overrunNoted()) {
    const ratio = await costRatioAsync(
      () => runCase(hostile),
      () => runCase(REFERENCE),
      MAX_REFERENCE_RUNS,
    );
    if (ratio >= MAX_REFERENCE_RUNS) noteOverrun({ input: fc.stringify(hostile), ratio, bound: MAX_REFERENCE_RUNS });
  }
  if (STACK_TRACE.test(outcome.stderr)) fail(hostile, outcome, 'a stack trace on stderr');
  if (RAW_HAZARD.test(outcome.stderr.replace(/\n/g, ''))) fail(hostile, outcome, 'a raw control or bidi character on stderr');
  const json =
    hostile.args.includes('--json') ||
    hostile.args.some((arg, index) => hostile.args[index - 1] === '--format' && (arg === 'json' || arg === 'sarif'));
  if ((json ? RAW_HAZARD_JSON : RAW_HAZARD).test(json ? outcome.stdout : outcome.stdout.replace(/\n/g, '').replace(/\t/g, ''))) {
    fail(hostile, outcome, 'a raw control or bidi character on stdout');
  }
  if (hostile.exitCode !== undefined && outcome.exitCode !== hostile.exitCode)
    fail(hostile, outcome, `exit code ${outcome.exitCode}, expected ${hostile.exitCode}`);
  if (hostile.subcode !== undefined || hostile.ruleIds !== undefined) {
    const verdict = await runCase({ ...hostile, args: ['--format', 'json', '--json'] });
    const file = (
      JSON.parse(verdict.stdout) as {
        data: { files: Array<{ error: { subcode: string } | null; diagnostics: Array<{ ruleId: string; severity: string }> }> };
      }
    ).data.files[0];
    if (hostile.subcode !== undefined && file?.error?.subcode !== hostile.subcode)
      fail(hostile, verdict, `subcode ${file?.error?.subcode}, expected ${hostile.subcode}`);
    for (const ruleId of hostile.ruleIds ?? []) {
      if (!file?.diagnostics.some((diagnostic) => diagnostic.ruleId === ruleId && diagnostic.severity === 'error'))
        fail(hostile, verdict, `no ${ruleId} error`);
    }
  }
  if (hostile.tables && outcome.exitCode <= 1) {
    const broken = brokenTable(outcome.stdout);
    if (broken) fail(hostile, outcome, `a Markdown table breaks: ${broken}`);
  }
  if (({} as Record<string, unknown>)['polluted'] !== undefined || Object.hasOwn(Object.prototype, 'polluted')) {
    fail(hostile, outcome, 'Object.prototype was polluted');
  }
}

// ---------------------------------------------------------------------------------------------
// Where the generated text goes: any string, any key, any looked-up field of the base spec.

function getAt(target: unknown, path: Path): unknown {
  let current = target;
  for (const token of path) current = (current as Record<string | number, unknown>)[token];
  return current;
}

const formats = fc.constantFrom<string[]>(
  [],
  ['--format', 'json'],
  ['--format', 'text'],
  ['--format', 'github'],
  ['--format', 'sarif'],
  ['--json'],
  ['--format', 'text', '--json'],
  ['--preset', 'reference'],
  ['--quiet', '--format', 'text'],
);

const serialization = fc.constantFrom<'json' | 'yaml' | 'yaml-flow'>('json', 'yaml', 'yaml-flow');

function write(spec: unknown, form: 'json' | 'yaml' | 'yaml-flow'): { fileName: string; content: string } {
  if (form === 'json') return { fileName: 'spec.json', content: `${JSON.stringify(spec, null, 2)}\n` };
  return { fileName: 'spec.yaml', content: toYaml(spec, form === 'yaml-flow' ? { collectionStyle: 'flow' } : {}) };
}

// ---------------------------------------------------------------------------------------------
// The classes

/** A random tree of YAML-able data, some of whose nodes a cycle will point back to. */
const tree: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, fc.constantFrom('a', 1, true, null, 'x: y'), tie('seq'), tie('map')),
  seq: fc.array(tie('node'), { minLength: 1, maxLength: 3 }),
  map: fc.dictionary(fc.constantFrom('k', 'v', 'x-y', 'goal', '0'), tie('node'), { minKeys: 1, maxKeys: 3 }),
})).node;

/** Alias cycles: a random tree where one container holds, somewhere below, the container itself. */
const aliasCycles: fc.Arbitrary<HostileCase> = fc
  .record({
    data: fc.oneof(
      fc.array(tree, { minLength: 1, maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 3 }), tree, { minKeys: 1, maxKeys: 3 }),
    ),
    depth: fc.nat(),
    branch: fc.integer({ min: 1, max: 3 }),
    host: fc.constantFrom('x-cycle', 'risks', 'deliverable', 'hypotheses'),
    flow: fc.boolean(),
    args: formats,
  })
  .map(({ data, depth, branch, host, flow, args }) => {
    // Walk down to some container, then point `branch` of its members back at the top.
    const containers: object[] = [];
    const visit = (value: unknown): void => {
      if (value === null || typeof value !== 'object') return;
      containers.push(value);
      Object.values(value).forEach(visit);
    };
    visit(data);
    const inner = containers[depth % containers.length] as unknown[] | Record<string, unknown>;
    for (let n = 0; n < branch; n++) {
      if (Array.isArray(inner)) inner.push(data);
      else inner[`back${n}`] = data;
    }
    const spec: Record<string, unknown> = validSpec();
    spec[host] = data;
    return {
      label: `cycle under ${host}`,
      fileName: 'spec.yaml',
      content: toYaml(spec, flow ? { collectionStyle: 'flow' } : {}),
      args,
      exitCode: 3,
      subcode: 'CIRCULAR',
    };
  });

/** Pairs of YAML keys that are one string once resolved. */
const COLLIDING: ReadonlyArray<[string, string]> = [
  ['~', '""'],
  ['null', '""'],
  ['Null', "''"],
  ['1', '"1"'],
  ['0x1', '1'],
  ['0o10', '8'],
  ['1.0', '1'],
  ['1e2', '100'],
  ['+1', '1'],
  ['true', '"true"'],
  ['TRUE', 'true'],
  ['False', '"false"'],
  ['"a"', 'a'],
  ["'a'", 'a'],
  ['a', '"\\x61"'],
  ['a', '"\\u0061"'],
  ['.inf', 'Infinity'],
];

const collidingKeys: fc.Arbitrary<HostileCase> = fc
  .record({
    pair: fc.constantFrom(...COLLIDING),
    swap: fc.boolean(),
    host: fc.constantFrom('top', 'flow', 'budget', 'alias-goal', 'json-escape'),
    args: formats,
  })
  .map(({ pair, swap, host, args }) => {
    const [first, second] = swap ? [pair[1], pair[0]] : pair;
    const base = toYaml(validSpec());
    let content: string;
    let fileName = 'spec.yaml';
    if (host === 'top') content = `${base}${first}: one\n${second}: two\n`;
    else if (host === 'flow') content = `${base}x-host: {${first}: one, ${second}: two}\n`;
    else if (host === 'budget') content = base.replace(/^budget:\n/m, `budget:\n  ${first}: one\n  ${second}: two\n`);
    else if (host === 'alias-goal') content = `x-k: &k goal\n${base}*k : second\n`;
    else {
      fileName = 'spec.json';
      content = JSON.stringify(validSpec()).replace(/^\{/, '{"x-\\u0061": 1, "x-a": 2, ');
    }
    return { label: `${first} and ${second} in ${host}`, fileName, content, args, exitCode: 3, subcode: 'DUPLICATE_KEY' };
  });

/** Every field whose value a rule looks up in a list or table, with the rule that must refuse an inherited name there. */
const LOOKED_UP: ReadonlyArray<{ path: Path; gate: string; reference?: string }> = [
  { path: ['budget', 'unit'], gate: 'budget-limit', reference: 'budget-limit' },
  { path: ['hypotheses', 0, 'status'], gate: 'hypotheses-ranked', reference: 'hypotheses-ranked' },
  { path: ['deepDives', 0, 'effect'], gate: 'dive-selective', reference: 'dive-selective' },
  { path: ['deepDives', 1, 'tool'], gate: 'dive-selective', reference: 'dive-selective' },
  { path: ['deepDives', 2, 'hypothesisId'], gate: 'dive-selective', reference: 'dive-selective' },
  { path: ['deepDives', 0, 'provenance'], gate: 'finding-provenance' },
  { path: ['deepDives', 1, 'node'], gate: 'dive-grounded' },
  { path: ['surfaceMap', 0, 'tool'], gate: 'map-cheap', reference: 'map-cheap' },
  { path: ['hypotheses', 1, 'candidateNodes', 0], gate: 'hypotheses-grounded' },
  { path: ['replanLog', 0, 'trigger'], gate: 'replan-typed', reference: 'replan-typed' },
  { path: ['replanLog', 0, 'hypothesisId'], gate: 'replan-typed', reference: 'replan-typed' },
  { path: ['replanLog', 0, 'afterDeepDive'], gate: 'replan-evidence' },
  { path: ['stopCondition', 'reason'], gate: 'stop-reason', reference: 'stop-reason' },
];

const inheritedNames: fc.Arbitrary<HostileCase> = fc
  .record({
    field: fc.constantFrom(...LOOKED_UP),
    name: fc.constantFrom(...INHERITED),
    form: serialization,
    reference: fc.boolean(),
    extra: fc.constantFrom<string[]>([], ['--format', 'text'], ['--format', 'sarif'], ['--json']),
  })
  .filter(({ field, reference }) => !reference || field.reference !== undefined)
  .map(({ field, name, form, reference, extra }) => {
    const spec = validSpec();
    setAt(spec, field.path, name);
    // A key named like an inherited member must stay plain data, too.
    (spec as Record<string, unknown>)['x-keys'] = JSON.parse(`{"${name}": {"polluted": true}}`);
    const ruleId = reference ? (field.reference as string) : field.gate;
    return {
      label: `${name} at /${field.path.join('/')} (${reference ? 'reference' : 'gate'})`,
      ...write(spec, form),
      args: [...(reference ? ['--preset', 'reference'] : []), ...extra],
      exitCode: 1,
      ruleIds: [ruleId],
    };
  });

const hazardText = fc
  .array(fc.oneof(fc.constantFrom(...HAZARDS), fc.string({ maxLength: 4 })), { minLength: 1, maxLength: 5 })
  .map((parts) => parts.join(''));

/** Control characters, bidi marks and workflow-command text in string values and in keys. */
const controlText: fc.Arbitrary<HostileCase> = fc
  .record({
    targets: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
    texts: fc.array(hazardText, { minLength: 4, maxLength: 4 }),
    inKey: fc.boolean(),
    form: serialization,
    args: formats,
    prefix: fc.boolean(),
  })
  .map(({ targets, texts, inKey, form, args, prefix }) => {
    const spec = validSpec();
    const paths = stringPaths(spec);
    const changed: string[] = [];
    targets.forEach((target, index) => {
      const path = paths[target % paths.length] as Path;
      const old = getAt(spec, path) as string;
      setAt(spec, path, prefix ? `${texts[index]}${old}` : `${old}${texts[index]}`);
      changed.push(`/${path.join('/')} ${JSON.stringify(texts[index])}`);
    });
    if (inKey) (spec as Record<string, unknown>)[texts[0] ?? 'k'] = 'an unknown key that is itself hostile';
    return { label: `hazards in ${changed.join(', ')}${inKey ? ' and a key' : ''}`, ...write(spec, form), args };
  });

const breakerText = fc
  .array(fc.oneof(fc.constantFrom(...TABLE_BREAKERS), fc.string({ maxLength: 3 })), { minLength: 1, maxLength: 6 })
  .map((parts) => parts.join(''));

/** Text meant to break a Markdown table, in every field a table cell shows. */
const CELLS: ReadonlyArray<Path> = [
  ['surfaceMap', 0, 'id'],
  ['surfaceMap', 0, 'tool'],
  ['surfaceMap', 0, 'query'],
  ['surfaceMap', 0, 'candidateNodes', 0],
  ['surfaceMap', 1, 'evidence'],
  ['hypotheses', 0, 'id'],
  ['hypotheses', 0, 'claim'],
  ['hypotheses', 1, 'status'],
  ['hypotheses', 2, 'candidateNodes', 0],
  ['deepDives', 0, 'id'],
  ['deepDives', 0, 'hypothesisId'],
  ['deepDives', 1, 'node'],
  ['deepDives', 1, 'tool'],
  ['deepDives', 2, 'effect'],
  ['deepDives', 2, 'provenance'],
  ['deepDives', 0, 'finding'],
  ['replanLog', 0, 'trigger'],
  ['replanLog', 0, 'hypothesisId'],
  ['replanLog', 0, 'afterDeepDive'],
  ['replanLog', 0, 'decision'],
  ['replanLog', 0, 'evidence'],
  ['risks', 0],
  ['goal'],
  ['deliverable'],
  ['stopCondition', 'reason'],
];

const tableBreaking: fc.Arbitrary<HostileCase> = fc
  .record({
    cells: fc.array(fc.constantFrom(...CELLS), { minLength: 1, maxLength: 8 }),
    texts: fc.array(breakerText, { minLength: 8, maxLength: 8 }),
    form: serialization,
  })
  .map(({ cells, texts, form }) => {
    const spec = validSpec();
    cells.forEach((path, index) => setAt(spec, path, texts[index]));
    return { label: `table breakers in ${cells.map((path) => path.join('/')).join(', ')}`, ...write(spec, form), args: [], tables: true };
  });

/** Counterexamples print as their label, arguments and a short excerpt, not as the whole spec. */
function printable(hostile: HostileCase): HostileCase {
  const summary = `${hostile.label} [${hostile.args.join(' ')}] ${hostile.fileName}: ${JSON.stringify(hostile.content.slice(0, 200))}…`;
  return Object.assign(hostile, { [fc.toStringMethod]: () => summary });
}

export function hostileProperties(): NamedProperty[] {
  const named = (name: string, runs: number, arbitrary: fc.Arbitrary<HostileCase>): NamedProperty => ({
    name,
    runs,
    property: fc.asyncProperty(arbitrary.map(printable), (hostile) => check(hostile)),
  });
  return [
    named('alias cycles are CIRCULAR in every style and place', 60, aliasCycles),
    named('keys that collide once resolved are DUPLICATE_KEY', 60, collidingKeys),
    named('inherited member names in every looked-up field fail the gate, under both presets', 80, inheritedNames),
    named('control characters and bidi marks in any text or key never reach output raw', 100, controlText),
    named('table-breaking text in every cell keeps every Markdown table whole', 40, tableBreaking),
    ...linkProperties(),
    ...lookupProperties(),
    ...hostileTextProperties(),
    ...mcpProperties(),
  ];
}
