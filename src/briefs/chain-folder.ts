import { lstatSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { boundContains, type FolderBound } from '../common/folder-bound.js';
import { createFolderIn, type FolderHandle, openFolder } from '../common/folder-handle.js';
import { statOrNull } from '../common/stat-or-null.js';
import { createFileSafely } from '../common/write-file.js';
import { readInput } from '../load/read-input.js';
import { type AppendRefusal, type FolderArtifact, type PlannedArtifact, refuse } from './append-plan.js';
import { insideOf, listArtifacts } from './listing.js';

/**
 * The folder a chain is appended to, opened once: its artifacts are read, and the next one
 * created, through that one opening, never through its path again (see FolderHandle). A folder of
 * the path swapped for a link after it was opened and checked cannot redirect the write.
 */
export interface ChainFolder {
  /** Every artifact in it, read within the size limit, as briefs lists them (a link out of the folder is not one); none when the folder is still to be created. */
  artifacts(maxBytes: number): FolderArtifact[] | AppendRefusal;
  /**
   * Creates the planned artifact in the folder (and the folder itself, when it is missing), or
   * says why not: its name is taken by something briefs does not read, or another run created it
   * since the folder was read (ARTIFACT_EXISTS), or the file system refused (NOT_WRITABLE).
   * Nothing is ever written over, and nothing but the whole file is ever seen under its name
   * (createFileSafely).
   */
  create(artifact: PlannedArtifact): AppendRefusal | undefined;
  close(): void;
}

/**
 * Opens the folder `dir` (absolute; named `shown` in messages), or, when it is missing, the folder
 * it would be in, which must exist: only the last folder of the path is created, by create().
 * With a bound (`inside`: an MCP server's roots), what was opened must lie inside it, and so must
 * the folder created: anything else is refused (OUTSIDE) before a file is read or written.
 */
export function openChainFolder(dir: string, shown: string, inside?: FolderBound): ChainFolder | AppendRefusal {
  let folder: FolderHandle;
  try {
    folder = openFolder(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return toBeCreated(dir, shown, inside);
    if (code === 'ENOTDIR') return refuse('NOT_A_DIRECTORY', `${shown} is not a folder; give the folder of brief artifacts`);
    return refuse('UNREADABLE', `${shown} cannot be read (${code ?? 'unknown error'})`);
  }
  const outside = refuseOutside(folder, shown, inside);
  if (outside === undefined) return existing(folder, shown);
  folder.close();
  return outside;
}

function existing(folder: FolderHandle, shown: string): ChainFolder {
  return {
    artifacts(maxBytes) {
      const listed = listArtifacts(folder, shown);
      if (!listed.ok) return refuse('UNREADABLE', listed.problem.message);
      const inside = insideOf(folder, shown);
      return listed.artifacts.map(({ name }): FolderArtifact => {
        const read = readInput(folder.at(name), { maxBytes, shown: name, inside });
        return read.ok ? { name, bytes: read.bytes } : { name, problem: { subcode: read.subcode, message: read.message } };
      });
    },
    create: (artifact) => createArtifact(folder, artifact, shown),
    close: () => folder.close(),
  };
}

/** A missing folder: its parent is opened now, and the folder created in it only when an artifact is written. */
function toBeCreated(dir: string, shown: string, inside: FolderBound | undefined): ChainFolder | AppendRefusal {
  let parent: FolderHandle;
  try {
    parent = openFolder(dirname(dir));
  } catch {
    return refuse(
      'NOT_A_DIRECTORY',
      `${shown} does not exist, and neither does the folder it would be in; only the last folder of the path is created. Create the folder first.`,
    );
  }
  const outside = refuseOutside(parent, dirname(shown), inside);
  if (outside !== undefined) {
    parent.close();
    return outside;
  }
  return {
    artifacts: () => [],
    create(artifact) {
      let folder: FolderHandle;
      try {
        folder = createFolderIn(parent, basename(dir));
      } catch (error) {
        return refuse(
          'NOT_WRITABLE',
          `${shown} cannot be created (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}); nothing was written`,
        );
      }
      try {
        return refuseOutside(folder, shown, inside) ?? createArtifact(folder, artifact, shown);
      } finally {
        folder.close();
      }
    },
    close: () => parent.close(),
  };
}

function refuseOutside(folder: FolderHandle, shown: string, inside: FolderBound | undefined): AppendRefusal | undefined {
  if (inside === undefined || boundContains(inside, folder.realPath)) return undefined;
  return refuse('OUTSIDE', `${shown} leads outside ${inside.shown}; nothing was read or written`);
}

function createArtifact(folder: FolderHandle, artifact: PlannedArtifact, shown: string): AppendRefusal | undefined {
  const path = folder.at(artifact.name);
  try {
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
