import { type Dirent, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isWithin, realPathOrNull } from '../common/real-path.js';
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

/** The artifacts of a folder: its files (or links to files) named `<hypothesisId>-NNNN.json`. */
export function listArtifacts(folder: string, shown: string): Listing {
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
  const artifacts: ArtifactName[] = [];
  const linksOut: string[] = [];
  const realFolder = realPathOrNull(folder);
  for (const entry of entries) {
    const named = parseArtifactName(entry.name);
    if (named === undefined) continue;
    if (!entry.isFile() && !(entry.isSymbolicLink() && isFile(join(folder, entry.name)))) continue;
    // The folder walk's policy (findFixtures): a link that leads out of the folder is not read.
    if (entry.isSymbolicLink() && !isInside(join(folder, entry.name), realFolder)) linksOut.push(entry.name);
    else artifacts.push({ name: entry.name, ...named });
  }
  return { ok: true, artifacts: artifacts.sort((a, b) => compareStrings(a.name, b.name)), linksOut: linksOut.sort(compareStrings) };
}

function isInside(path: string, realFolder: Buffer | null): boolean {
  const real = realPathOrNull(path);
  return realFolder !== null && real !== null && isWithin(real, realFolder);
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
