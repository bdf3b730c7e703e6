import { lstatSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { statOrNull } from '../common/stat-or-null.js';
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
  const artifacts = readBriefFolder(dir, shown, options.maxBytes);
  if (!Array.isArray(artifacts)) return artifacts;
  const plan = planAppend({ hypothesisId, brief, artifacts, registry: options.registry, maxBytes: options.maxBytes });
  if (plan.outcome === 'refused') return plan;
  const path = join(dir, plan.artifact.name);
  if (plan.outcome === 'invalid') return { ...plan, outcome: 'invalid', path };
  return writeArtifact(dir, plan.artifact, shown) ?? { ...plan, outcome: 'written', path };
}

/**
 * What planAppend needs of the folder `dir`: every artifact in it, read within the size limit, as
 * briefs lists them (a link that leads out of the folder is not one); none when the folder is
 * missing but its parent is a folder, since writeArtifact then creates it.
 */
export function readBriefFolder(dir: string, shown: string, maxBytes: number): FolderArtifact[] | AppendRefusal {
  const stats = statOrNull(dir);
  if (stats === null) {
    if (statOrNull(dirname(dir))?.isDirectory() === true) return [];
    return refuse(
      'NOT_A_DIRECTORY',
      `${shown} does not exist, and neither does the folder it would be in; only the last folder of the path is created. Create the folder first.`,
    );
  }
  if (!stats.isDirectory()) return refuse('NOT_A_DIRECTORY', `${shown} is not a folder; give the folder of brief artifacts`);
  const listed = listArtifacts(dir, shown);
  if (!listed.ok) return refuse(listed.problem.subcode === 'UNREADABLE' ? 'UNREADABLE' : 'NOT_A_DIRECTORY', listed.problem.message);
  return listed.artifacts.map(({ name }): FolderArtifact => {
    const read = readInput(join(dir, name), { maxBytes, shown: name });
    return read.ok ? { name, bytes: read.bytes } : { name, problem: { subcode: read.subcode, message: read.message } };
  });
}

/**
 * Creates the planned artifact in `dir` (and `dir` itself, when it is missing), or says why not:
 * its name is taken by something briefs does not read, or another run created it since the folder
 * was read (ARTIFACT_EXISTS), or the file system refused (NOT_WRITABLE). Nothing is ever written
 * over, and nothing but the whole file is ever seen under its name (createFileSafely).
 */
export function writeArtifact(dir: string, artifact: PlannedArtifact, shown: string): AppendRefusal | undefined {
  const path = join(dir, artifact.name);
  try {
    createFolder(dir);
    createFileSafely(path, artifact.text);
    return undefined;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EEXIST')
      return refuse('NOT_WRITABLE', `${join(shown, artifact.name)} cannot be written (${code ?? 'unknown error'}); nothing was written`);
    // The folder was read without a file of this name, or it would have been in the chain.
    if (statOrNull(path, lstatSync)?.isFile() === true)
      return refuse(
        'ARTIFACT_EXISTS',
        `${artifact.name} was created in ${shown} by another run since this one read the folder (two appends to the chain of one hypothesis at once); nothing was written. Append again to follow it.`,
      );
    return refuse(
      'ARTIFACT_EXISTS',
      `${artifact.name} exists in ${shown} but is not an artifact briefs reads (a folder, or a symbolic link that leads out of the folder or nowhere); nothing was written. Move it away, then append again.`,
    );
  }
}

/** The folder, unless it is there already (or another run created it meanwhile, which is as good). */
function createFolder(dir: string): void {
  try {
    mkdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}
