import { ACTIVE_BEYOND_C0 } from '../common/visible.js';
import type { Severity } from '../diagnostics/diagnostic.js';
import type { InputProblem } from '../load/input-error.js';
import type { Locator } from '../load/text-position.js';
import { briefChain } from '../rules/briefs/brief-chain.js';
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

/** Where the brief sits in an artifact. */
export const ARTIFACT_BRIEF_POINTER = '/brief';

/** `<hypothesisId>-NNNN.json`: four digits or more, with no padding beyond four. */
const ARTIFACT_NAME = /^(.+)-(\d{4,})\.json$/;

/** The file name an artifact of a hypothesis and sequence has. */
export function artifactFileName(hypothesisId: string, sequence: number): string {
  return `${hypothesisId}-${String(sequence).padStart(4, '0')}.json`;
}

/** The hypothesis and sequence of an artifact's file name; undefined for any other name, or a sequence padded beyond four digits. */
export function parseArtifactName(name: string): { hypothesisId: string; sequence: number } | undefined {
  const match = ARTIFACT_NAME.exec(name);
  if (!match) return undefined;
  const hypothesisId = match[1] as string;
  const sequence = Number(match[2]);
  return artifactFileName(hypothesisId, sequence) === name ? { hypothesisId, sequence } : undefined;
}

/** The longest file name that ext4, XFS, Btrfs and APFS take, in bytes of UTF-8. */
const MAX_FILE_NAME_BYTES = 255;
/** Characters a terminal acts on: a file name holding one could not be shown as it is. */
const CONTROL = new RegExp(`[\\u0000-\\u001f${ACTIVE_BEYOND_C0}]`);
/** In a `u` expression, a surrogate alone: UTF-8 has no bytes for it, so Node would name the file with U+FFFD instead. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/**
 * Why a hypothesis id cannot name the artifact of a sequence, or undefined when it can: the id
 * becomes part of a file name in the artifacts' folder, so it must be one name there, and one that
 * parseArtifactName reads back as this id (which every id passing these checks is, since the name
 * pattern fails only on line breaks, which are controls). Worded to follow the id itself.
 */
export function hypothesisIdProblem(hypothesisId: string, sequence: number): string | undefined {
  if (hypothesisId === '') return 'is empty; give the id of a hypothesis, such as "H1"';
  if (/[/\\]/.test(hypothesisId)) return 'holds a path separator ("/" or "\\"); a hypothesis id names a file in the folder, not a path';
  if (CONTROL.test(hypothesisId)) return 'holds control or bidi characters, which a file name shown in a terminal cannot hold safely';
  if (LONE_SURROGATE.test(hypothesisId)) return 'holds a lone UTF-16 surrogate, which no file name can hold';
  const bytes = Buffer.byteLength(artifactFileName(hypothesisId, sequence));
  if (bytes > MAX_FILE_NAME_BYTES)
    return `is too long: its artifact's file name would be ${bytes} bytes, and a file name holds at most ${MAX_FILE_NAME_BYTES}`;
  return undefined;
}

export interface Problem {
  ruleId: string;
  severity: Severity;
  path: string;
  message: string;
}

/** The previous version an artifact names; sha256 in lower case. */
export interface Parent {
  file: string;
  sha256: string;
}

export interface ArtifactName {
  name: string;
  /** From the file name, which places the artifact in its chain whatever it holds. */
  hypothesisId: string;
  sequence: number;
}

export interface Artifact extends ArtifactName {
  display: string;
  sha256?: string;
  source?: string;
  error?: InputProblem;
  locate?: Locator;
  /** Set when the artifact parsed as an object. */
  problems?: Problem[];
  parent?: Parent | null;
  /** The brief, when it matches the brief schema. */
  brief?: Brief;
  /** Names a parent that an earlier artifact already names. */
  forked?: boolean;
}
