import {
  type BriefProblem,
  checkBriefHistory,
  checkBriefIds,
  checkBriefLimits,
  type EvidenceRegistry,
} from '../rules/briefs/brief-checks.js';
import { ARTIFACT_BRIEF_POINTER, type Artifact } from './artifact-model.js';

/**
 * The content of each brief artifact, judged by the spec's brief rules (their checks are in
 * src/rules/briefs/brief-checks.ts): brief-limits and brief-ids on every valid brief, brief-history
 * on consecutive ones. The chain of files is judged in ./chains.ts.
 */
export function checkBriefs(artifacts: Artifact[], registry: EvidenceRegistry | undefined): void {
  const byKey = new Map(artifacts.map((artifact) => [`${artifact.hypothesisId}\u0000${artifact.sequence}`, artifact]));
  for (const artifact of artifacts) {
    const { brief, problems } = artifact;
    if (brief === undefined || problems === undefined) continue;
    const add = (found: BriefProblem[]): void => {
      for (const problem of found) problems.push({ ...problem, severity: 'error' });
    };
    add(checkBriefLimits(brief, ARTIFACT_BRIEF_POINTER));
    add(checkBriefIds(brief, ARTIFACT_BRIEF_POINTER, registry));
    if (artifact.sequence === 1) {
      add(checkBriefHistory(undefined, brief, ARTIFACT_BRIEF_POINTER, { previousLabel: '', registry, visibleText: true }));
      continue;
    }
    const previous = byKey.get(`${artifact.hypothesisId}\u0000${artifact.sequence - 1}`);
    if (previous?.brief === undefined || artifact.forked === true) continue;
    add(checkBriefHistory(previous.brief, brief, ARTIFACT_BRIEF_POINTER, { previousLabel: previous.name, registry, visibleText: true }));
  }
}
