import { jsonText } from '../common/json-text.js';
import { show } from '../common/text.js';
import { compareStrings, type Diagnostic } from '../diagnostics/diagnostic.js';
import type { InputProblem } from '../load/input-error.js';
import { MAX_DEPTH } from '../load/limits.js';
import type { EvidenceRegistry } from '../rules/briefs/brief-checks.js';
import {
  ARTIFACT_BRIEF_POINTER,
  type Artifact,
  artifactFileName,
  BRIEF_CHAIN_RULE_ID,
  hypothesisIdProblem,
  type Parent,
  parseArtifactName,
} from './artifact-model.js';
import { checkChains } from './chains.js';
import { checkBriefs } from './contents.js';
import { parseArtifact } from './load.js';
import { outcomeOf } from './outcome.js';

/**
 * Why nothing was appended. The command line makes each a usage error, but TOO_LARGE, TOO_DEEP and
 * UNREADABLE, which are input errors. OUTSIDE: the folder lies outside what the caller confined
 * the append to (an MCP server's roots).
 */
export type AppendRefusalCode =
  | 'INVALID_HYPOTHESIS'
  | 'CHAIN_BROKEN'
  | 'ARTIFACT_EXISTS'
  | 'NOT_A_DIRECTORY'
  | 'NOT_WRITABLE'
  | 'OUTSIDE'
  | 'TOO_LARGE'
  | 'TOO_DEEP'
  | 'UNREADABLE';

export interface AppendRefusal {
  outcome: 'refused';
  code: AppendRefusalCode;
  /** What is wrong and what to do; names files by their names in the folder. */
  message: string;
}

/** An artifact of the folder (a file named `<hypothesisId>-NNNN.json`) as read: its bytes, or why they could not be read. */
export type FolderArtifact = { name: string; bytes: Uint8Array } | { name: string; problem: InputProblem };

/** The next artifact of a chain, as it will be written. */
export interface PlannedArtifact {
  name: string;
  hypothesisId: string;
  sequence: number;
  parent: Parent | null;
  /** The file's exact content: the envelope as two-space JSON, its fields in the schema's order. */
  text: string;
  /** Of the UTF-8 bytes of `text`, as the next version's parent will name it. */
  sha256: string;
}

/** A plan that was not refused: `ready` to write, or `invalid` (the brief has errors) and not to be written. */
export interface AppendCandidate {
  outcome: 'ready' | 'invalid';
  artifact: PlannedArtifact;
  /** What `briefs` would report of the new artifact, pointers into it; no positions (see appendBrief). */
  diagnostics: Diagnostic[];
}

export interface AppendPlanInput {
  hypothesisId: string;
  /** The brief itself, as data parsed from JSON or YAML: checked, never trusted. */
  brief: unknown;
  /** Every artifact of the folder, any hypothesis's: a parent is claimed across the folder, so a fork may come from another chain. */
  artifacts: readonly FolderArtifact[];
  registry: EvidenceRegistry | undefined;
  /** The largest artifact `briefs` reads (its --max-bytes): a larger one is not written. */
  maxBytes: number;
}

/**
 * The next artifact of the chain of `hypothesisId`, without touching the file system: sequence
 * one past the chain's last (1 for a new chain), parent the last one's name and the SHA-256 of its
 * bytes. The bytes to write are judged as `briefs` reads them: parsed back, then checked with
 * every artifact of the folder by the checker's own functions, so that a plan that is `ready`
 * leaves a folder where the chain of `hypothesisId` passes `briefs`. It builds only on a chain
 * that passes already: any error in one of its artifacts refuses the plan (CHAIN_BROKEN).
 */
export function planAppend(input: AppendPlanInput): AppendRefusal | AppendCandidate {
  const { hypothesisId } = input;
  const existing = input.artifacts.flatMap((read) => {
    const named = parseArtifactName(read.name);
    if (named === undefined) return [];
    const artifact: Artifact = { name: read.name, ...named, display: read.name };
    return 'problem' in read ? [{ ...artifact, error: read.problem }] : [parseArtifact(artifact, read.name, read.bytes)];
  });
  const chain = existing.filter((artifact) => artifact.hypothesisId === hypothesisId).sort((a, b) => a.sequence - b.sequence);
  const previous = chain.at(-1);
  const sequence = (previous?.sequence ?? 0) + 1;
  const invalid = refuseHypothesisId(hypothesisId, sequence);
  if (invalid !== undefined) return invalid;

  const name = artifactFileName(hypothesisId, sequence);
  // A last artifact that could not be read has no hash; the plan is refused below, as its chain is broken.
  const parent = previous?.sha256 === undefined ? null : { file: previous.name, sha256: previous.sha256 };
  // The envelope's fields in the order of the schema, whatever order the caller's data has.
  const text = jsonText({ hypothesisId, sequence, parent, brief: input.brief });
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length > input.maxBytes)
    return refuse('TOO_LARGE', `${name} would be ${bytes.length} bytes, more than the ${input.maxBytes} that briefs reads (--max-bytes)`);

  const candidate = parseArtifact({ name, hypothesisId, sequence }, name, bytes);
  // Bytes that briefs would refuse to read are not written. The one way there: a brief nested as
  // deep as a file may be (MAX_DEPTH levels) is one level deeper inside its artifact.
  if (candidate.error !== undefined) {
    const deep = candidate.error.subcode === 'TOO_DEEP';
    const advice = deep ? ` Nest the brief at most ${MAX_DEPTH - 1} levels deep.` : '';
    return refuse(
      deep ? 'TOO_DEEP' : 'UNREADABLE',
      `${name} would not be read by briefs: ${candidate.error.message.replace(/\.?$/, '.')}${advice}`,
    );
  }
  // The folder's order (code units of the names), which decides which of two children is the fork.
  const all = [...existing, candidate].sort((a, b) => compareStrings(a.name, b.name));
  // Forks are found among all the folder's artifacts; the briefs only of the chain read below.
  checkChains(all);
  checkBriefs(
    all.filter((artifact) => artifact.hypothesisId === hypothesisId),
    input.registry,
  );

  const broken = chain.find((artifact) => artifact.error !== undefined || artifact.problems?.some(isError));
  if (broken !== undefined) {
    const why = broken.error?.message ?? broken.problems?.find(isError)?.message ?? '';
    return refuse(
      'CHAIN_BROKEN',
      `the chain of ${show(hypothesisId)} does not pass briefs, and ${name} would build on it. ${broken.name}: ${why.replace(/\.?$/, '.')} Fix the chain first (briefs lists every problem).`,
    );
  }
  const fork = candidate.problems?.find((problem) => problem.ruleId === BRIEF_CHAIN_RULE_ID && !isOfBrief(problem.path));
  if (fork !== undefined) return refuse('CHAIN_BROKEN', `${name} cannot join the chain of ${show(hypothesisId)}: ${fork.message}`);

  const diagnostics = outcomeOf(candidate).diagnostics.map(({ ruleId, severity, message, path }) => ({ ruleId, severity, message, path }));
  return {
    outcome: diagnostics.some(isError) ? 'invalid' : 'ready',
    artifact: { name, hypothesisId, sequence, parent, text, sha256: candidate.sha256 as string },
    diagnostics,
  };
}

/** INVALID_HYPOTHESIS when the id cannot name the artifact of `sequence` (see hypothesisIdProblem). */
export function refuseHypothesisId(hypothesisId: string, sequence: number): AppendRefusal | undefined {
  const problem = hypothesisIdProblem(hypothesisId, sequence);
  return problem === undefined ? undefined : refuse('INVALID_HYPOTHESIS', `the hypothesis id ${show(hypothesisId)} ${problem}`);
}

export function refuse(code: AppendRefusalCode, message: string): AppendRefusal {
  return { outcome: 'refused', code, message };
}

function isError(problem: { severity: string }): boolean {
  return problem.severity === 'error';
}

function isOfBrief(path: string): boolean {
  return path === ARTIFACT_BRIEF_POINTER || path.startsWith(`${ARTIFACT_BRIEF_POINTER}/`);
}
