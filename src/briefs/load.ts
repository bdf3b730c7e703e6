import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readDocument } from '../load/document.js';
import type { Artifact, ArtifactName } from './artifact-model.js';
import { checkEnvelope } from './envelope.js';

const NOT_AN_ARTIFACT = 'the artifact is not an object; a brief artifact is a JSON object {hypothesisId, sequence, parent, brief}';

/**
 * Reads one artifact, hashes its exact bytes for the next version's parent, and checks its
 * envelope. An unreadable, non-JSON or non-object file keeps its input problem in `error`.
 */
export function loadArtifact(folder: string, named: ArtifactName, display: string, maxBytes: number): Artifact {
  const artifact: Artifact = { ...named, display };
  const parsed = readDocument(join(folder, named.name), { maxBytes, shown: display, format: 'json', notAnObject: () => NOT_AN_ARTIFACT });
  if (parsed.bytes) artifact.sha256 = createHash('sha256').update(parsed.bytes).digest('hex');
  if (parsed.text !== undefined) artifact.source = parsed.text;
  if (!parsed.ok) {
    artifact.error = parsed.problem;
    return artifact;
  }
  artifact.locate = parsed.locate;
  return Object.assign(artifact, checkEnvelope(parsed.data, named));
}
