import { createHash } from 'node:crypto';
import type { FolderHandle } from '../common/folder-handle.js';
import { parseDocument } from '../load/document.js';
import { inputProblem } from '../load/input-error.js';
import { readInput } from '../load/read-input.js';
import type { Artifact, ArtifactName } from './artifact-model.js';
import { checkEnvelope } from './envelope.js';
import { insideOf } from './listing.js';

const NOT_AN_ARTIFACT = 'the artifact is not an object; a brief artifact is a JSON object {hypothesisId, sequence, parent, brief}';

/**
 * Reads one artifact of an opened folder (named `folderShown` in messages) and parses it as
 * parseArtifact does. A file that cannot be read, or that leads out of the folder by the time it is
 * opened, keeps its input problem in `error`, and nothing of its content.
 */
export function loadArtifact(folder: FolderHandle, folderShown: string, named: ArtifactName, display: string, maxBytes: number): Artifact {
  const read = readInput(folder.at(named.name), { maxBytes, shown: display, inside: insideOf(folder, folderShown) });
  if (!read.ok) return { ...named, display, error: inputProblem(read.subcode, read.message) };
  return parseArtifact(named, display, read.bytes);
}

/**
 * One artifact from its bytes: hashes them for the next version's parent, and checks the envelope.
 * Bytes that are not UTF-8 JSON holding an object keep their input problem in `error`. The writer
 * (./append-plan.ts) judges the bytes it is about to write through here, as the checker reads them.
 */
export function parseArtifact(named: ArtifactName, display: string, bytes: Uint8Array): Artifact {
  const artifact: Artifact = { ...named, display, sha256: createHash('sha256').update(bytes).digest('hex') };
  const parsed = parseDocument(bytes, { format: 'json', notAnObject: () => NOT_AN_ARTIFACT });
  if (parsed.text !== undefined) artifact.source = parsed.text;
  if (!parsed.ok) {
    artifact.error = parsed.problem;
    return artifact;
  }
  artifact.locate = parsed.locate;
  return Object.assign(artifact, checkEnvelope(parsed.data, named));
}
