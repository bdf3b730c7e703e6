import { type Dirent, readdirSync, statSync } from 'node:fs';
import { boundContains, type FolderBound } from '../common/folder-bound.js';
import { type FolderHandle, openFolder } from '../common/folder-handle.js';
import { realPathOrNull } from '../common/real-path.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { type InputProblem, inputProblem } from '../load/input-error.js';
import { type ArtifactName, parseArtifactName } from './artifact-model.js';

export type Listing =
  | {
      ok: true;
      /** In code-unit order of the names. */
      artifacts: ArtifactName[];
      /** Names of symbolic links that lead out of the folder, in code-unit order. */
      linksOut: string[];
    }
  | { ok: false; problem: InputProblem };

/** The folder of artifacts that `briefs` checks, opened once: everything is read through it. */
export function openArtifactFolder(path: string, shown: string): { ok: true; folder: FolderHandle } | { ok: false; problem: InputProblem } {
  try {
    return { ok: true, folder: openFolder(path) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      return { ok: false, problem: inputProblem('NOT_FOUND', `${shown} does not exist; give the folder of brief artifacts`) };
    if (code === 'ENOTDIR')
      return { ok: false, problem: inputProblem('NOT_A_FILE', `${shown} is not a folder; give the folder of brief artifacts`) };
    return { ok: false, problem: inputProblem('UNREADABLE', `${shown} cannot be read (${code ?? 'unknown error'})`) };
  }
}

/**
 * The artifacts of an opened folder: its files (or links to files) named `<hypothesisId>-NNNN.json`.
 * A link that leads out of the folder is not one (the folder walk's policy, findFixtures): it is
 * listed in `linksOut`, never read.
 */
export function listArtifacts(folder: FolderHandle, shown: string): Listing {
  let entries: Dirent[];
  try {
    entries = readdirSync(folder.at(''), { withFileTypes: true });
  } catch (error) {
    return {
      ok: false,
      problem: inputProblem('UNREADABLE', `${shown} cannot be read (${(error as NodeJS.ErrnoException).code ?? 'unknown error'})`),
    };
  }
  const artifacts: ArtifactName[] = [];
  const linksOut: string[] = [];
  const inside = insideOf(folder, shown);
  for (const entry of entries) {
    const named = parseArtifactName(entry.name);
    if (named === undefined) continue;
    if (!entry.isFile() && !(entry.isSymbolicLink() && isFile(folder.at(entry.name)))) continue;
    const real = entry.isSymbolicLink() ? realPathOrNull(folder.at(entry.name)) : null;
    if (entry.isSymbolicLink() && (real === null || !boundContains(inside, real))) linksOut.push(entry.name);
    else artifacts.push({ name: entry.name, ...named });
  }
  return { ok: true, artifacts: artifacts.sort((a, b) => compareStrings(a.name, b.name)), linksOut: linksOut.sort(compareStrings) };
}

/**
 * What an artifact of the folder may be: a file inside it. The listing leaves links out aside, and
 * each artifact is read within this bound too, checked on what was opened, so that a file
 * swapped for a link out after the listing is refused rather than read.
 */
export function insideOf(folder: FolderHandle, shown: string): FolderBound {
  return { reals: [folder.realPath], shown };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
