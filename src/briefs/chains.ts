import { show } from '../common/text.js';
import { type Artifact, artifactFileName, BRIEF_CHAIN_RULE_ID } from './artifact-model.js';

/** Sequences, parents, hashes and forks, per hypothesis (from the file names). */
export function checkChains(artifacts: Artifact[]): void {
  markForks(artifacts);
  const byName = new Map(artifacts.map((artifact) => [artifact.name, artifact]));
  const groups = new Map<string, Artifact[]>();
  for (const artifact of artifacts) {
    let group = groups.get(artifact.hypothesisId);
    if (!group) groups.set(artifact.hypothesisId, (group = []));
    group.push(artifact);
  }
  for (const [hypothesisId, group] of groups) {
    group.sort((a, b) => a.sequence - b.sequence);
    let previous: Artifact | undefined;
    for (const artifact of group) {
      const expected = (previous?.sequence ?? 0) + 1;
      if (artifact.sequence === 0) {
        addChainProblem(
          artifact,
          '/sequence',
          `sequence 0: sequences start at 1; rename the file to ${artifactFileName(hypothesisId, 1)} and renumber the rest.`,
        );
        continue;
      }
      if (artifact.sequence !== expected) {
        const missing =
          artifactFileName(hypothesisId, expected) +
          (artifact.sequence - expected > 1 ? ` to ${artifactFileName(hypothesisId, artifact.sequence - 1)}` : '');
        addChainProblem(
          artifact,
          '/sequence',
          `sequence ${artifact.sequence} ${previous ? `follows ${previous.sequence}` : 'starts the chain'}, but ${missing} ${artifact.sequence - expected > 1 ? 'are' : 'is'} missing; sequences run 1, 2, 3, ... without gaps.`,
        );
      } else if (artifact.parent !== undefined && !artifact.forked) {
        checkParent(artifact, previous, byName);
      }
      previous = artifact;
    }
  }
}

/** A fork: a second artifact naming a parent another one already names. */
function markForks(artifacts: Artifact[]): void {
  const firstChild = new Map<string, Artifact>();
  for (const artifact of artifacts) {
    if (!artifact.parent) continue;
    const first = firstChild.get(artifact.parent.file);
    if (first === undefined) {
      firstChild.set(artifact.parent.file, artifact);
      continue;
    }
    artifact.forked = true;
    addChainProblem(
      artifact,
      '/parent',
      `${first.name} already names ${artifact.parent.file} as its parent; a chain of briefs has no forks. Make this version follow the latest one, or drop it.`,
    );
  }
}

/** The parent of an artifact in sequence: none for the first, else the previous file with the hash of its bytes. */
function checkParent(artifact: Artifact, previous: Artifact | undefined, byName: ReadonlyMap<string, Artifact>): void {
  const parent = artifact.parent;
  if (previous === undefined) {
    if (parent !== null && parent !== undefined)
      addChainProblem(
        artifact,
        '/parent',
        `the first version of a brief has no parent, but this one names ${show(parent.file)}; set parent to null.`,
      );
    return;
  }
  if (parent === null || parent === undefined) {
    addChainProblem(
      artifact,
      '/parent',
      `parent is null, but sequence ${artifact.sequence} follows ${previous.name}; set parent to {"file": ${show(previous.name)}, "sha256": ...}.`,
    );
    return;
  }
  if (parent.file !== previous.name) {
    const exists = byName.has(parent.file) ? '' : ', which does not exist';
    addChainProblem(
      artifact,
      '/parent/file',
      `parent.file names ${show(parent.file)}${exists}; the parent of sequence ${artifact.sequence} is the previous version, ${show(previous.name)}.`,
    );
    return;
  }
  if (previous.sha256 !== undefined && previous.sha256 !== parent.sha256) {
    addChainProblem(
      artifact,
      '/parent/sha256',
      `parent.sha256 does not match ${previous.name}: its bytes hash to ${previous.sha256}. The parent was changed after this version was written, or the hash is wrong.`,
    );
  }
}

/** Only an artifact that parsed has problems; one that did not is an input error already. */
function addChainProblem(artifact: Artifact, path: string, message: string): void {
  artifact.problems?.push({ ruleId: BRIEF_CHAIN_RULE_ID, severity: 'error', path, message });
}
