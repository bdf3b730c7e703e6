import { existsSync } from 'node:fs';
import { stringify } from 'yaml';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import type { FolderBound } from '../common/folder-bound.js';
import { isRecord } from '../common/guards.js';
import { appendToRawPath, pathText, type RawPath } from '../common/raw-path.js';
import type { Severity } from '../diagnostics/diagnostic.js';
import { type DocumentResult, parseDocument, readDocument } from '../load/document.js';
import { DEFAULT_MAX_BYTES } from '../load/read-input.js';
import type { Verdict } from '../report/types.js';
import { ExpectationError } from './errors.js';
import { fixtureBound } from './fixture-bound.js';
import { fixtureStem } from './paths.js';

type ExpectedExitCode = 0 | 1 | 3 | 4;
export type ExpectedPreset = 'gate' | 'reference';

/** One expected diagnostic; severity and line are compared only when given. */
export interface ExpectedDiagnostic {
  ruleId: string;
  path: string;
  severity?: Severity;
  line?: number;
}

/** For a fixture that is an input error (exit code 3): its subcode, and where the message points. */
export interface ExpectedInputError {
  subcode: string;
  line?: number;
  column?: number;
}

/**
 * What a fixture must compile to. `verdict` and `diagnostics` are checked only when present.
 * `config` (a configuration file, relative to the expectation file), `preset` and `policy` say how
 * it is judged, over what the command line and the configuration found for it say.
 */
export interface Expectation {
  config?: string;
  preset?: ExpectedPreset;
  policy?: Record<string, unknown>;
  /** "draft": the fixture is judged as an unfinished spec (`--stage draft`), and a sound one is draft-ok. */
  stage?: 'draft';
  /** The agent's trace the spec is checked against (`--trace`), relative to this file. */
  trace?: string;
  exitCode: ExpectedExitCode;
  verdict?: Verdict;
  diagnostics?: ExpectedDiagnostic[];
  inputError?: ExpectedInputError;
}

export type ExpectationFormat = 'json' | 'yaml';

export interface ExpectationFile {
  /** The expectation file's path, built from the spec path. */
  file: RawPath;
  format: ExpectationFormat;
  expectation: Expectation;
}

const SUFFIXES: ReadonlyArray<[string, ExpectationFormat]> = [
  ['.expect.json', 'json'],
  ['.expect.yaml', 'yaml'],
  ['.expect.yml', 'yaml'],
];
const EXIT_CODES: readonly number[] = [0, 1, 3, 4];
const TOP_KEYS: readonly string[] = [
  '$schema',
  'config',
  'preset',
  'policy',
  'stage',
  'trace',
  'exitCode',
  'verdict',
  'diagnostics',
  'inputError',
];
const TOP_KEYS_TEXT = 'exitCode, verdict, diagnostics, inputError, config, preset, policy, stage and trace';
const DIAGNOSTIC_KEYS: readonly string[] = ['ruleId', 'path', 'severity', 'line'];

/** The paths a spec's expectation may have: <stem>.expect.json, .expect.yaml, .expect.yml. */
export function expectationCandidates(specFile: RawPath): Array<{ file: RawPath; format: ExpectationFormat }> {
  const stem = fixtureStem(specFile);
  return SUFFIXES.map(([suffix, format]) => ({ file: appendToRawPath(stem, suffix), format }));
}

/**
 * Reads and validates a spec's expectation; null when it has none. Throws an ExpectationError,
 * naming the file as seen from `cwd`, when there are several, or one is unreadable or malformed,
 * or leads out of the fixture folder `inside` (the spec's own folder by default): a link out is
 * not read.
 */
export function readExpectation(
  specFile: RawPath,
  cwd: string = process.cwd(),
  inside: FolderBound = fixtureBound(specFile, [], cwd).bound,
): ExpectationFile | null {
  const present = expectationCandidates(specFile).filter((candidate) => existsSync(candidate.file));
  const [first, second] = present;
  if (first === undefined) return null;
  const shown = (file: RawPath): string => displayPath(pathText(file), cwd);
  if (second !== undefined) {
    throw new ExpectationError(
      shown(first.file),
      `${present.map((candidate) => shown(candidate.file)).join(' and ')} both exist; keep one expectation per fixture`,
    );
  }
  const file = shown(first.file);
  // Messages already start with the file's name: inside them it is just "the file".
  const parsed = readDocument(first.file, {
    maxBytes: DEFAULT_MAX_BYTES,
    shown: 'the file',
    format: first.format,
    notAnObject,
    inside,
    // --max-bytes bounds specs, not their expectations.
    limitNote: 'an expectation file holds at most 16 MiB',
  });
  return { ...first, expectation: expectationFrom(parsed, first.format, file) };
}

/** Parses and validates the text of an expectation file; `shownAs` names it in errors. */
export function parseExpectation(text: string, format: ExpectationFormat, shownAs: string): Expectation {
  return expectationFrom(parseDocument(text, { format, notAnObject }), format, shownAs);
}

const MUST_BE_AN_OBJECT = 'must be an object with exitCode, and optionally verdict, diagnostics, config, preset, policy, stage and trace';

function notAnObject(value: unknown): string {
  return `${MUST_BE_AN_OBJECT}; got ${kind(value)}`;
}

function expectationFrom(parsed: DocumentResult, format: ExpectationFormat, shownAs: string): Expectation {
  if (!parsed.ok) {
    const { subcode, message } = parsed.problem;
    const syntax = subcode === 'JSON_SYNTAX' || subcode === 'YAML_SYNTAX';
    throw new ExpectationError(shownAs, syntax ? `not valid ${format.toUpperCase()} (${message})` : message);
  }
  return validateExpectation(parsed.data, shownAs);
}

/** Checks the shape of parsed expectation data and returns it typed. */
function validateExpectation(data: unknown, shownAs: string): Expectation {
  const fail = (problem: string): never => {
    throw new ExpectationError(shownAs, problem);
  };
  if (!isRecord(data)) return fail(`${MUST_BE_AN_OBJECT}; got ${kind(data)}`);
  for (const key of Object.keys(data)) {
    if (!TOP_KEYS.includes(key)) fail(`unknown key ${JSON.stringify(key)}; allowed keys are ${TOP_KEYS_TEXT}`);
  }
  const { exitCode, verdict, config, preset, policy, stage, trace, diagnostics, inputError } = data;
  if (exitCode === undefined) fail('exitCode is missing; use 0 (pass), 1 (gate failed), 3 (input error) or 4 (critical input)');
  if (typeof exitCode !== 'number' || !EXIT_CODES.includes(exitCode)) fail(`exitCode must be 0, 1, 3 or 4; got ${valueText(exitCode)}`);
  const expectation: Expectation = { exitCode: exitCode as ExpectedExitCode };
  if (stage !== undefined) {
    if (stage !== 'draft') fail(`stage must be "draft" (a finished spec needs none); got ${valueText(stage)}`);
    expectation.stage = 'draft';
  }
  if (verdict !== undefined) {
    const sound = stage === 'draft' ? 'draft-ok' : 'pass';
    if (verdict !== sound && verdict !== 'fail') fail(`verdict must be "${sound}" or "fail"; got ${valueText(verdict)}`);
    if ((verdict === sound) !== (exitCode === 0))
      fail(`verdict ${valueText(verdict)} contradicts exitCode ${valueText(exitCode)}: only exit code 0 passes`);
    expectation.verdict = verdict as Verdict;
  }
  if (config !== undefined) {
    if (typeof config !== 'string' || config === '')
      fail(`config must name a configuration file, relative to this file; got ${valueText(config)}`);
    expectation.config = config as string;
  }
  if (trace !== undefined) {
    if (typeof trace !== 'string' || trace === '')
      fail(`trace must name the agent's trace file, relative to this file; got ${valueText(trace)}`);
    expectation.trace = trace as string;
  }
  if (preset !== undefined) {
    if (preset !== 'gate' && preset !== 'reference') fail(`preset must be "gate" or "reference"; got ${valueText(preset)}`);
    expectation.preset = preset as ExpectedPreset;
  }
  if (policy !== undefined) {
    if (!isRecord(policy)) fail(`policy must be an object of policy values; got ${kind(policy)}`);
    expectation.policy = policy as Record<string, unknown>;
  }
  if (diagnostics !== undefined) {
    if (!Array.isArray(diagnostics)) fail(`diagnostics must be a list; got ${kind(diagnostics)}`);
    expectation.diagnostics = (diagnostics as unknown[]).map((item, index) => validateDiagnostic(item, `diagnostics[${index}]`, fail));
  }
  if (inputError !== undefined) {
    if (exitCode !== 3) fail(`inputError is for a fixture that is an input error (exitCode 3); got exitCode ${valueText(exitCode)}`);
    expectation.inputError = validateInputError(inputError, fail);
  }
  return expectation;
}

function validateInputError(item: unknown, fail: (problem: string) => never): ExpectedInputError {
  if (!isRecord(item)) return fail(`inputError must be an object with subcode, and optionally line and column; got ${kind(item)}`);
  for (const key of Object.keys(item)) {
    if (!['subcode', 'line', 'column'].includes(key))
      fail(`inputError has the unknown key ${JSON.stringify(key)}; allowed keys are subcode, line and column`);
  }
  const { subcode, line, column } = item;
  if (typeof subcode !== 'string' || subcode === '') fail(`inputError.subcode must be a non-empty string; got ${valueText(subcode)}`);
  const expected: ExpectedInputError = { subcode: subcode as string };
  for (const [name, value] of [
    ['line', line],
    ['column', column],
  ] as const) {
    if (value === undefined) continue;
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1)
      fail(`inputError.${name} must be a whole number from 1; got ${valueText(value)}`);
    expected[name] = value as number;
  }
  return expected;
}

function validateDiagnostic(item: unknown, where: string, fail: (problem: string) => never): ExpectedDiagnostic {
  if (!isRecord(item)) return fail(`${where} must be an object with ruleId and path; got ${kind(item)}`);
  for (const key of Object.keys(item)) {
    if (!DIAGNOSTIC_KEYS.includes(key))
      fail(`${where} has the unknown key ${JSON.stringify(key)}; allowed keys are ruleId, path, severity and line`);
  }
  const { ruleId, path, severity, line } = item;
  if (typeof ruleId !== 'string' || ruleId === '') fail(`${where}.ruleId must be a non-empty string; got ${valueText(ruleId)}`);
  if (typeof path !== 'string' || (path !== '' && !path.startsWith('/')))
    fail(`${where}.path must be a JSON Pointer ("" or starting with "/"); got ${valueText(path)}`);
  const expected: ExpectedDiagnostic = { ruleId: ruleId as string, path: path as string };
  if (severity !== undefined) {
    if (severity !== 'error' && severity !== 'warning') fail(`${where}.severity must be "error" or "warning"; got ${valueText(severity)}`);
    expected.severity = severity as Severity;
  }
  if (line !== undefined) {
    if (typeof line !== 'number' || !Number.isSafeInteger(line) || line < 1)
      fail(`${where}.line must be a whole number from 1; got ${valueText(line)}`);
    expected.line = line as number;
  }
  return expected;
}

/**
 * The text of an expectation file: keys in the order config, preset, policy, stage, trace, exitCode, verdict,
 * diagnostics (each ruleId, severity, path, line); JSON with two-space indentation, or YAML; one
 * trailing newline.
 */
export function serializeExpectation(expectation: Expectation, format: ExpectationFormat): string {
  const ordered: Record<string, unknown> = {};
  if (expectation.config !== undefined) ordered['config'] = expectation.config;
  if (expectation.preset !== undefined) ordered['preset'] = expectation.preset;
  if (expectation.policy !== undefined) ordered['policy'] = expectation.policy;
  if (expectation.stage !== undefined) ordered['stage'] = expectation.stage;
  if (expectation.trace !== undefined) ordered['trace'] = expectation.trace;
  ordered['exitCode'] = expectation.exitCode;
  if (expectation.verdict !== undefined) ordered['verdict'] = expectation.verdict;
  if (expectation.diagnostics !== undefined) {
    ordered['diagnostics'] = expectation.diagnostics.map(({ ruleId, severity, path, line }) => ({
      ruleId,
      ...definedFields({ severity }),
      path,
      ...definedFields({ line }),
    }));
  }
  if (expectation.inputError !== undefined) ordered['inputError'] = expectation.inputError;
  return format === 'json' ? `${JSON.stringify(ordered, null, 2)}\n` : stringify(ordered);
}

function kind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${valueText(value)}`;
}

function valueText(value: unknown): string {
  if (value === undefined) return 'nothing';
  return JSON.stringify(value) ?? String(value);
}
