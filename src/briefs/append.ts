import { lstatSync, mkdirSync, type Stats, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createFileSafely } from '../common/write-file.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { readInput } from '../load/read-input.js';
import type { EvidenceRegistry } from '../rules/briefs/check.js';
import { type AppendRefusal, type FolderArtifact, type PlannedArtifact, planAppend, refuse, refuseHypothesisId } from './append-plan.js';
import { listArtifacts } from './listing.js';

export interface AppendBriefOptions {
  /** The registry the brief's evidence refs must be in (readEvidenceRegistry); undefined: not checked. */
  registry: EvidenceRegistry | undefined;
  /** The largest artifact read, and written: briefs --max-bytes. */
  maxBytes: number;
  /** How messages name the folder; the path itself by default. */
  shown?: string;
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
 * missing or non-folder `dir` is refused. Never throws on odd input or a file system error: every
 * failure is a refusal with a code.
 */
export function appendBrief(dir: string, hypothesisId: string, brief: unknown, options: AppendBriefOptions): AppendResult {
  const shown = options.shown ?? dir;
  // An id that cannot name a file is refused before anything is read with it.
  const invalid = refuseHypothesisId(hypothesisId, 1);
  if (invalid !== undefined) return invalid;
  const folder = folderState(dir, shown);
  if (folder.outcome === 'refused') return folder;
  const artifacts = folder.exists ? readArtifacts(dir, shown, options.maxBytes) : [];
  if (!Array.isArray(artifacts)) return artifacts;

  const plan = planAppend({ hypothesisId, brief, artifacts, registry: options.registry, maxBytes: options.maxBytes });
  if (plan.outcome === 'refused') return plan;
  const path = join(dir, plan.artifact.name);
  if (plan.outcome === 'invalid') return { ...plan, outcome: 'invalid', path };
  if (lstatOrNull(path) !== null)
    return refuse(
      'ARTIFACT_EXISTS',
      `${plan.artifact.name} exists in ${shown} but is not an artifact briefs reads (a folder, or a symbolic link that leads out of the folder or nowhere); nothing was written. Move it away, then append again.`,
    );
  try {
    if (!folder.exists) createFolder(dir);
    createFileSafely(path, plan.artifact.text);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST')
      return refuse(
        'ARTIFACT_EXISTS',
        `${plan.artifact.name} was created in ${shown} by another run while this one wrote it (two appends to the chain of the same hypothesis at once); nothing was written. Append again to follow it.`,
      );
    return refuse('NOT_WRITABLE', `${join(shown, plan.artifact.name)} cannot be written (${code ?? 'unknown error'}); nothing was written`);
  }
  return { ...plan, outcome: 'written', path };
}

/** Whether the folder is there to list, or to be created (its parent is a folder). */
function folderState(dir: string, shown: string): { outcome: 'folder'; exists: boolean } | AppendRefusal {
  const stats = statOrNull(dir);
  if (stats?.isDirectory() === true) return { outcome: 'folder', exists: true };
  if (stats !== null) return refuse('NOT_A_DIRECTORY', `${shown} is not a folder; give the folder of brief artifacts`);
  if (statOrNull(dirname(dir))?.isDirectory() === true) return { outcome: 'folder', exists: false };
  return refuse(
    'NOT_A_DIRECTORY',
    `${shown} does not exist, and neither does the folder it would be in; only the last folder of the path is created. Create the folder first.`,
  );
}

/** Every artifact of the folder, read within the size limit, as briefs lists them (a link that leads out is not one). */
function readArtifacts(dir: string, shown: string, maxBytes: number): FolderArtifact[] | AppendRefusal {
  const listed = listArtifacts(dir, shown);
  if (!listed.ok) return refuse(listed.problem.subcode === 'UNREADABLE' ? 'UNREADABLE' : 'NOT_A_DIRECTORY', listed.problem.message);
  return listed.artifacts.map(({ name }): FolderArtifact => {
    const read = readInput(join(dir, name), maxBytes, name);
    return read.ok ? { name, bytes: read.bytes } : { name, problem: { subcode: read.subcode, message: read.message } };
  });
}

/** The folder, unless another run created it meanwhile, which is as good. */
function createFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}

function lstatOrNull(path: string): Stats | null {
  try {
    return lstatSync(path);
  } catch {
    return null;
  }
}
