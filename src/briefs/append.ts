import { join } from 'node:path';
import type { FolderBound } from '../common/folder-bound.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { placeDiagnostics } from '../load/place.js';
import type { Locator } from '../load/text-position.js';
import type { EvidenceRegistry } from '../rules/briefs/brief-checks.js';
import { type AppendRefusal, type PlannedArtifact, planAppend, refuseHypothesisId } from './append-plan.js';
import { ARTIFACT_BRIEF_POINTER } from './artifact-model.js';
import { openChainFolder } from './chain-folder.js';

export interface AppendBriefOptions {
  /** The registry the brief's evidence refs must be in (readEvidenceRegistry); undefined: not checked. */
  registry: EvidenceRegistry | undefined;
  /** The largest artifact read, and written: briefs --max-bytes. */
  maxBytes: number;
  /** How messages name the folder; the path itself by default. */
  shown?: string;
  /** Where the folder must lie (an MCP server's roots), checked on the folder opened; anywhere by default. */
  inside?: FolderBound;
}

export type AppendResult =
  | AppendRefusal
  | {
      /** `invalid`: the brief has errors, and nothing was written. */
      outcome: 'written' | 'invalid';
      /** The artifact's path: `dir` joined with its name. */
      path: string;
      artifact: PlannedArtifact;
      /** What `briefs` reports (or would report) of the artifact: pointers into it, without positions, in document order. */
      diagnostics: Diagnostic[];
    };

/**
 * Appends a brief to the chain of `hypothesisId` in the folder `dir` (absolute), as the next
 * artifact that `briefs` reads: planned by planAppend, then created atomically under a name that
 * must be free, so that a crash never leaves a part of a file and of two runs racing for the same
 * sequence exactly one succeeds (the other gets ARTIFACT_EXISTS). Writes nothing unless the brief
 * passes. A missing `dir` whose parent is a folder is created, with the artifact; any other
 * missing or non-folder `dir` is refused. The folder is opened once and both read and written
 * through that opening (openChainFolder). Never throws on odd input or a file system error: every
 * failure is a refusal with a code.
 */
export function appendBrief(dir: string, hypothesisId: string, brief: unknown, options: AppendBriefOptions): AppendResult {
  const shown = options.shown ?? dir;
  // An id that cannot name a file is refused before anything is read with it.
  const invalid = refuseHypothesisId(hypothesisId, 1);
  if (invalid !== undefined) return invalid;
  const folder = openChainFolder(dir, shown, options.inside);
  if ('outcome' in folder) return folder;
  try {
    const artifacts = folder.artifacts(options.maxBytes);
    if (!Array.isArray(artifacts)) return artifacts;
    const plan = planAppend({ hypothesisId, brief, artifacts, registry: options.registry, maxBytes: options.maxBytes });
    if (plan.outcome === 'refused') return plan;
    const path = join(dir, plan.artifact.name);
    if (plan.outcome === 'invalid') return { ...plan, outcome: 'invalid', path };
    return folder.create(plan.artifact) ?? { ...plan, outcome: 'written', path };
  } finally {
    folder.close();
  }
}

/**
 * The diagnostics of an append, pointers into the artifact, placed at the line and column of the
 * same value in the brief as it was given (`locate`, its text's locator), where the brief is
 * written and fixed. The brief is the artifact's `/brief`: a pointer outside it stays unplaced,
 * and so does every one without a locator (a brief passed as an object).
 */
export function placeInBrief(diagnostics: Diagnostic[], locate: Locator | undefined): Diagnostic[] {
  return placeDiagnostics(
    diagnostics,
    locate === undefined
      ? undefined
      : (pointer) => {
          const inBrief = briefPointer(pointer);
          return inBrief === undefined ? undefined : locate(inBrief);
        },
  );
}

/** The pointer into the brief of a pointer into the artifact: the brief is the artifact's `/brief`; undefined outside it. */
function briefPointer(pointer: string): string | undefined {
  if (pointer === ARTIFACT_BRIEF_POINTER) return '';
  return pointer.startsWith(`${ARTIFACT_BRIEF_POINTER}/`) ? pointer.slice(ARTIFACT_BRIEF_POINTER.length) : undefined;
}
