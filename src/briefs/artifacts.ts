import { createHash } from 'node:crypto';
import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { isRecord } from '../common/guards.js';
import { isWithin, realPathOrNull } from '../common/real-path.js';
import { show } from '../common/text.js';
import { compareAtOnePlace, compareStrings, type Diagnostic, type Severity } from '../diagnostics/diagnostic.js';
import { childPointer } from '../diagnostics/pointer.js';
import { readDocument } from '../load/document.js';
import { type InputProblem, inputProblem } from '../load/input-error.js';
import { placeDiagnostics } from '../load/place.js';
import type { Locator } from '../load/text-position.js';
import type { CompileError } from '../report/compile-error.js';
import type { FileOutcome } from '../report/outcome.js';
import { briefChain } from '../rules/briefs/brief-chain.js';
import { type BriefProblem, checkBriefIds, checkBriefLimits, type EvidenceRegistry, registryOf } from '../rules/briefs/check.js';
import { checkBriefHistory } from '../rules/briefs/history.js';
import { validateStructure } from '../schema/issues.js';
import type { Brief } from '../spec/types.js';

/**
 * Artifact mode: a folder of versioned working briefs, one file per version, named
 * `<hypothesisId>-NNNN.json` and holding `{hypothesisId, sequence, parent, brief}`, where `parent`
 * is null for sequence 1 and `{file, sha256}` of the previous version otherwise. The briefs are
 * checked by the same functions as the spec rules (brief-limits, brief-ids, brief-history), and
 * the chain of files by `brief-chain`.
 *
 * `brief-chain` (src/rules/briefs/brief-chain.ts) judges files, not a spec: it is an artifact
 * check of the catalog, not a rule, and no preset sets it. It covers the envelope's structure,
 * the file name, sequences 1..n without gaps, parents (null first, then the previous file with
 * the SHA-256 of its exact bytes) and forks (two artifacts naming the same parent). A brief that
 * does not match the format's brief schema is reported under `schema` (unknown keys under
 * `unknown-field`, as warnings), and its content is not checked further.
 */
export const BRIEF_CHAIN_RULE_ID = briefChain.id;

export interface BriefArtifactOptions {
  /** A spec whose `evidence` registry the briefs' evidence refs are checked against. */
  specPath?: string;
  /** Paths are resolved against it and shown relative to it. */
  cwd: string;
  /** Larger files are refused as input errors. */
  maxBytes: number;
}

export interface BriefArtifactResult {
  /** One outcome per artifact, in code-unit order of the names; first, the spec when it could not be read, or the folder when it could not be listed. */
  files: FileOutcome[];
  /** Whether evidence refs were checked against a registry. */
  registryChecked: boolean;
  /** What the run did not check, and why, one sentence each. */
  notes: string[];
}

/** `<hypothesisId>-NNNN.json`: four digits or more, with no padding beyond four. */
const ARTIFACT_NAME = /^(.+)-(\d{4,})\.json$/;
const SHA256_HEX = /^[0-9a-fA-F]{64}$/;
const ENVELOPE_KEYS: readonly string[] = ['hypothesisId', 'sequence', 'parent', 'brief'];
/** Where the brief sits when it is validated as part of a spec, and where it sits in an artifact. */
const SPEC_BRIEF_POINTER = '/hypotheses/0/briefs/0';
const ARTIFACT_BRIEF_POINTER = '/brief';

/** The file name an artifact of a hypothesis and sequence has. */
export function artifactFileName(hypothesisId: string, sequence: number): string {
  return `${hypothesisId}-${String(sequence).padStart(4, '0')}.json`;
}

interface Problem {
  ruleId: string;
  severity: Severity;
  path: string;
  message: string;
}

interface Artifact {
  name: string;
  display: string;
  /** From the file name, which places the artifact in its chain whatever it holds. */
  hypothesisId: string;
  sequence: number;
  sha256?: string;
  source?: string;
  error?: InputProblem;
  locate?: Locator;
  /** Set when the artifact parsed as an object. */
  problems?: Problem[];
  parent?: { file: string; sha256: string } | null;
  /** The brief, when it matches the brief schema. */
  brief?: Brief;
  /** Names a parent that an earlier artifact already names. */
  forked?: boolean;
}

/**
 * Checks a folder of brief artifacts. Never throws on odd input: an unreadable, non-JSON or
 * non-object artifact is an input error (exit 3) of its own file, and the others are still checked.
 */
export function checkBriefArtifacts(dir: string, options: BriefArtifactOptions): BriefArtifactResult {
  const files: FileOutcome[] = [];
  const notes: string[] = [];
  const display = (path: string): string => {
    const shown = relative(options.cwd, path);
    return sep === '/' ? shown : shown.split(sep).join('/');
  };

  let registry: EvidenceRegistry | undefined;
  if (options.specPath === undefined) {
    notes.push('evidence ids not checked: no --spec given');
  } else {
    const specFile = resolve(options.cwd, options.specPath);
    const loaded = loadSpec(specFile, display(specFile), options.maxBytes);
    if (!loaded.ok) {
      files.push(inputErrorOutcome(display(specFile), loaded.problem, loaded.source));
      notes.push(`evidence ids not checked: ${display(specFile)} could not be read`);
    } else {
      registry = registryOf(loaded.data);
      if (registry === undefined)
        notes.push(`evidence ids not checked: the evidence registry of ${display(specFile)} is not a list of entries with ids`);
    }
  }

  const folder = resolve(options.cwd, dir);
  const listed = listArtifacts(folder, display(folder) || '.');
  if (!listed.ok) {
    files.push(inputErrorOutcome(display(folder) || '.', listed.problem));
    return { files, registryChecked: registry !== undefined, notes };
  }
  for (const name of listed.linksOut) {
    notes.push(
      `${JSON.stringify(display(join(folder, name)))} is a symbolic link out of ${JSON.stringify(display(folder) || '.')}; not followed`,
    );
  }
  if (listed.names.length === 0) notes.push(`no brief artifacts (<hypothesisId>-NNNN.json) in ${display(folder) || '.'}`);

  const artifacts = listed.names.map((name) => loadArtifact(folder, name, display(join(folder, name)), options.maxBytes));
  checkChains(artifacts);
  checkBriefs(artifacts, registry);
  for (const artifact of artifacts) files.push(outcomeOf(artifact));
  return { files, registryChecked: registry !== undefined, notes };
}

type Listed = { ok: true; names: string[]; linksOut: string[] } | { ok: false; problem: InputProblem };

function listArtifacts(folder: string, shown: string): Listed {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return { ok: false, problem: inputProblem('NOT_FOUND', `${shown} does not exist; give the folder of brief artifacts`) };
    if (code === 'ENOTDIR')
      return { ok: false, problem: inputProblem('NOT_A_FILE', `${shown} is not a folder; give the folder of brief artifacts`) };
    return { ok: false, problem: inputProblem('UNREADABLE', `${shown} cannot be read (${code ?? 'unknown error'})`) };
  }
  const names: string[] = [];
  const linksOut: string[] = [];
  const realFolder = realPathOrNull(folder);
  for (const entry of entries) {
    const match = ARTIFACT_NAME.exec(entry.name);
    if (!match || !isCanonicalNumber(match[2] as string)) continue;
    if (!entry.isFile() && !(entry.isSymbolicLink() && isFile(join(folder, entry.name)))) continue;
    // The folder walk's policy (findFixtures): a link that leads out of the folder is not read.
    if (entry.isSymbolicLink() && !isInside(join(folder, entry.name), realFolder)) linksOut.push(entry.name);
    else names.push(entry.name);
  }
  return { ok: true, names: names.sort(compareStrings), linksOut: linksOut.sort(compareStrings) };
}

function isInside(path: string, realFolder: Buffer | null): boolean {
  const real = realPathOrNull(path);
  return realFolder !== null && real !== null && isWithin(real, realFolder);
}

function isCanonicalNumber(digits: string): boolean {
  return String(Number(digits)).padStart(4, '0') === digits;
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

type LoadedSpec = { ok: true; data: Record<string, unknown> } | { ok: false; problem: InputProblem; source?: string };

function loadSpec(path: string, display: string, maxBytes: number): LoadedSpec {
  const parsed = readDocument(path, { maxBytes, shown: display });
  if (!parsed.ok) return { ok: false, problem: parsed.problem, ...(parsed.text === undefined ? {} : { source: parsed.text }) };
  return { ok: true, data: parsed.data };
}

const NOT_AN_ARTIFACT = 'the artifact is not an object; a brief artifact is a JSON object {hypothesisId, sequence, parent, brief}';

function loadArtifact(folder: string, name: string, display: string, maxBytes: number): Artifact {
  const match = ARTIFACT_NAME.exec(name) as RegExpExecArray;
  const artifact: Artifact = { name, display, hypothesisId: match[1] as string, sequence: Number(match[2]) };
  const parsed = readDocument(join(folder, name), { maxBytes, shown: display, format: 'json', notAnObject: () => NOT_AN_ARTIFACT });
  if (parsed.bytes) artifact.sha256 = createHash('sha256').update(parsed.bytes).digest('hex');
  if (parsed.text !== undefined) artifact.source = parsed.text;
  if (!parsed.ok) {
    artifact.error = parsed.problem;
    return artifact;
  }
  artifact.locate = parsed.locate;
  artifact.problems = [];
  checkEnvelope(artifact, parsed.data);
  return artifact;
}

/** The envelope's fields and types, its agreement with the file name, and the brief's schema. */
function checkEnvelope(artifact: Artifact, data: Record<string, unknown>): void {
  const problems = artifact.problems as Problem[];
  const chain = (path: string, message: string): void =>
    void problems.push({ ruleId: BRIEF_CHAIN_RULE_ID, severity: 'error', path, message });
  const has = (key: string): boolean => Object.hasOwn(data, key);

  for (const key of ENVELOPE_KEYS)
    if (!has(key))
      chain('', `the artifact is missing the required field ${show(key)}; an artifact is {hypothesisId, sequence, parent, brief}.`);
  for (const key of Object.keys(data)) {
    if (ENVELOPE_KEYS.includes(key) || key.startsWith('x-')) continue;
    problems.push({
      ruleId: 'unknown-field',
      severity: 'warning',
      path: childPointer('', key),
      message: `unknown field ${show(key)} in the artifact; it is ignored. Prefix extension data with "x-".`,
    });
  }

  const hypothesisId = data['hypothesisId'];
  if (has('hypothesisId')) {
    if (typeof hypothesisId !== 'string' || hypothesisId === '')
      chain('/hypothesisId', 'hypothesisId must be a non-empty string, the id of the hypothesis the brief belongs to.');
    else if (hypothesisId !== artifact.hypothesisId)
      chain(
        '/hypothesisId',
        `hypothesisId is ${show(hypothesisId)} but the file name says ${show(artifact.hypothesisId)}; rename the file or fix hypothesisId.`,
      );
  }
  const sequence = data['sequence'];
  if (has('sequence')) {
    if (typeof sequence !== 'number' || !Number.isInteger(sequence) || sequence < 1)
      chain('/sequence', 'sequence must be an integer of at least 1: 1 for the first version of the brief, then 2, 3, ...');
    else if (sequence !== artifact.sequence)
      chain('/sequence', `sequence is ${sequence} but the file name says ${artifact.sequence}; rename the file or fix sequence.`);
  }

  const parent = data['parent'];
  if (has('parent')) {
    if (parent === null) {
      artifact.parent = null;
    } else if (!isRecord(parent)) {
      chain('/parent', 'parent must be null (for sequence 1) or {file, sha256} naming the previous version.');
    } else {
      let valid = true;
      for (const key of ['file', 'sha256']) {
        if (!Object.hasOwn(parent, key)) {
          chain('/parent', `parent is missing the required field ${show(key)}; give {file, sha256} of the previous version.`);
          valid = false;
        }
      }
      for (const key of Object.keys(parent)) {
        if (key === 'file' || key === 'sha256' || key.startsWith('x-')) continue;
        problems.push({
          ruleId: 'unknown-field',
          severity: 'warning',
          path: childPointer('/parent', key),
          message: `unknown field ${show(key)} in parent; it is ignored. Prefix extension data with "x-".`,
        });
      }
      const { file, sha256 } = parent;
      if (Object.hasOwn(parent, 'file') && (typeof file !== 'string' || file === '')) {
        chain('/parent/file', 'parent.file must be the file name of the previous version, such as "H1-0001.json".');
        valid = false;
      }
      if (Object.hasOwn(parent, 'sha256') && (typeof sha256 !== 'string' || !SHA256_HEX.test(sha256))) {
        chain('/parent/sha256', "parent.sha256 must be the SHA-256 of the previous file's exact bytes, as 64 hexadecimal digits.");
        valid = false;
      }
      if (valid) artifact.parent = { file: file as string, sha256: (sha256 as string).toLowerCase() };
    }
  }

  if (has('brief')) {
    const brief = data['brief'];
    if (!isRecord(brief)) {
      chain('/brief', 'brief must be an object: {formatVersion: 1, findings, uncertainties, nextQuestion, changes}.');
      return;
    }
    const findings = validateStructure({ hypotheses: [{ briefs: [brief] }] });
    const local = (text: string): string => text.split(SPEC_BRIEF_POINTER).join(ARTIFACT_BRIEF_POINTER);
    const within = (path: string): boolean => path === SPEC_BRIEF_POINTER || path.startsWith(`${SPEC_BRIEF_POINTER}/`);
    for (const issue of findings.structural)
      if (within(issue.path))
        problems.push({ ruleId: 'schema', severity: 'error', path: local(issue.path), message: local(issue.message) });
    for (const issue of findings.unknownKeys)
      if (within(issue.path))
        problems.push({ ruleId: 'unknown-field', severity: 'warning', path: local(issue.path), message: local(issue.message) });
    if (!findings.tainted.has(SPEC_BRIEF_POINTER)) artifact.brief = brief as unknown as Brief;
  }
}

/** Sequences, parents, hashes and forks, per hypothesis (from the file names). */
function checkChains(artifacts: Artifact[]): void {
  const byName = new Map(artifacts.map((artifact) => [artifact.name, artifact]));
  const chain = (artifact: Artifact, path: string, message: string): void => {
    artifact.problems?.push({ ruleId: BRIEF_CHAIN_RULE_ID, severity: 'error', path, message });
  };

  // A fork: a second artifact naming a parent another one already names.
  const firstChild = new Map<string, Artifact>();
  for (const artifact of artifacts) {
    if (!artifact.parent) continue;
    const first = firstChild.get(artifact.parent.file);
    if (first === undefined) {
      firstChild.set(artifact.parent.file, artifact);
      continue;
    }
    artifact.forked = true;
    chain(
      artifact,
      '/parent',
      `${first.name} already names ${artifact.parent.file} as its parent; a chain of briefs has no forks. Make this version follow the latest one, or drop it.`,
    );
  }

  const groups = new Map<string, Artifact[]>();
  for (const artifact of artifacts) {
    let group = groups.get(artifact.hypothesisId);
    if (!group) groups.set(artifact.hypothesisId, (group = []));
    group.push(artifact);
  }
  for (const [hypothesisId, group] of groups) {
    group.sort((a, b) => a.sequence - b.sequence);
    let previous: Artifact | undefined;
    for (const artifact of group) {
      const expected = (previous?.sequence ?? 0) + 1;
      if (artifact.sequence === 0) {
        chain(
          artifact,
          '/sequence',
          `sequence 0: sequences start at 1; rename the file to ${artifactFileName(hypothesisId, 1)} and renumber the rest.`,
        );
        continue;
      }
      if (artifact.sequence !== expected) {
        const missing =
          artifactFileName(hypothesisId, expected) +
          (artifact.sequence - expected > 1 ? ` to ${artifactFileName(hypothesisId, artifact.sequence - 1)}` : '');
        chain(
          artifact,
          '/sequence',
          `sequence ${artifact.sequence} ${previous ? `follows ${previous.sequence}` : 'starts the chain'}, but ${missing} ${artifact.sequence - expected > 1 ? 'are' : 'is'} missing; sequences run 1, 2, 3, ... without gaps.`,
        );
      } else if (artifact.parent !== undefined && !artifact.forked) {
        checkParent(artifact, previous, byName, chain);
      }
      previous = artifact;
    }
  }
}

function checkParent(
  artifact: Artifact,
  previous: Artifact | undefined,
  byName: Map<string, Artifact>,
  chain: (artifact: Artifact, path: string, message: string) => void,
): void {
  const parent = artifact.parent;
  if (previous === undefined) {
    if (parent !== null && parent !== undefined)
      chain(
        artifact,
        '/parent',
        `the first version of a brief has no parent, but this one names ${show(parent.file)}; set parent to null.`,
      );
    return;
  }
  if (parent === null || parent === undefined) {
    chain(
      artifact,
      '/parent',
      `parent is null, but sequence ${artifact.sequence} follows ${previous.name}; set parent to {"file": ${show(previous.name)}, "sha256": ...}.`,
    );
    return;
  }
  if (parent.file !== previous.name) {
    const exists = byName.has(parent.file) ? '' : ', which does not exist';
    chain(
      artifact,
      '/parent/file',
      `parent.file names ${show(parent.file)}${exists}; the parent of sequence ${artifact.sequence} is the previous version, ${show(previous.name)}.`,
    );
    return;
  }
  if (previous.sha256 !== undefined && previous.sha256 !== parent.sha256) {
    chain(
      artifact,
      '/parent/sha256',
      `parent.sha256 does not match ${previous.name}: its bytes hash to ${previous.sha256}. The parent was changed after this version was written, or the hash is wrong.`,
    );
  }
}

/** brief-limits and brief-ids on every valid brief, brief-history on consecutive ones. */
function checkBriefs(artifacts: Artifact[], registry: EvidenceRegistry | undefined): void {
  const byKey = new Map(artifacts.map((artifact) => [`${artifact.hypothesisId}\u0000${artifact.sequence}`, artifact]));
  for (const artifact of artifacts) {
    const { brief, problems } = artifact;
    if (brief === undefined || problems === undefined) continue;
    const add = (found: BriefProblem[]): void => {
      for (const problem of found) problems.push({ ...problem, severity: 'error' });
    };
    add(checkBriefLimits(brief, ARTIFACT_BRIEF_POINTER));
    add(checkBriefIds(brief, ARTIFACT_BRIEF_POINTER, registry));
    if (artifact.sequence === 1) {
      add(checkBriefHistory(undefined, brief, ARTIFACT_BRIEF_POINTER, { previousLabel: '', registry, visibleText: true }));
      continue;
    }
    const previous = byKey.get(`${artifact.hypothesisId}\u0000${artifact.sequence - 1}`);
    if (previous?.brief === undefined || artifact.forked === true) continue;
    add(checkBriefHistory(previous.brief, brief, ARTIFACT_BRIEF_POINTER, { previousLabel: previous.name, registry, visibleText: true }));
  }
}

function outcomeOf(artifact: Artifact): FileOutcome {
  const withSource = artifact.source === undefined ? {} : { source: artifact.source };
  if (artifact.error !== undefined || artifact.problems === undefined) {
    return inputErrorOutcome(
      artifact.display,
      artifact.error ?? inputProblem('UNREADABLE', `${artifact.display} cannot be read`),
      artifact.source,
    );
  }
  const diagnostics = artifact.problems.map(({ ruleId, severity, message, path }): Diagnostic => ({ ruleId, severity, message, path }));
  const placed = placeDiagnostics(diagnostics, artifact.locate).sort(
    (a, b) =>
      (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0) || comparePointers(a.path, b.path) || compareAtOnePlace(a, b),
  );
  const failed = placed.some((diagnostic) => diagnostic.severity === 'error');
  return {
    path: artifact.display,
    exitCode: failed ? 1 : 0,
    verdict: failed ? 'fail' : 'pass',
    diagnostics: placed,
    error: null,
    report: null,
    ...withSource,
  };
}

/** A shorter pointer before any that extends it; otherwise code-unit order. */
function comparePointers(a: string, b: string): number {
  if (b.startsWith(`${a}/`)) return -1;
  if (a.startsWith(`${b}/`)) return 1;
  return compareStrings(a, b);
}

function inputErrorOutcome(path: string, problem: InputProblem, source?: string): FileOutcome {
  const error: CompileError = { code: 'INPUT_ERROR', ...problem };
  return { path, exitCode: 3, verdict: 'fail', diagnostics: [], error, report: null, ...(source === undefined ? {} : { source }) };
}
