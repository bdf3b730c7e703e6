import { isBlank, show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import type { Brief, BriefFinding } from '../../spec/types.js';
import type { BriefProblem, EvidenceRegistry } from './check.js';

type Fate = 'unchanged' | 'renamed' | 'modified' | 'removed';

export interface HistoryOptions {
  /** How messages name the previous brief: "brief 0", "H1-0001.json". */
  previousLabel: string;
  registry: EvidenceRegistry | undefined;
  /** Judge blank reasons as a reader sees them (the policy's strict.visibleText); off by default. */
  visibleText?: boolean;
}

/**
 * brief-history: the brief at `path` against the one before it (`previous`; undefined for the
 * first brief, which may have no changes). An unchanged finding keeps its id; every finding of
 * the previous brief that was modified (same id, other content) or removed has exactly one
 * change entry of that kind, with a non-blank reason and an evidence ref from the registry (any
 * ref, when there is no registry to check against); no change names a finding the previous
 * brief did not have.
 */
export function checkBriefHistory(previous: Brief | undefined, current: Brief, path: string, options: HistoryOptions): BriefProblem[] {
  const problems: BriefProblem[] = [];
  const report = (where: string, message: string): void => void problems.push({ path: where, message, ruleId: 'brief-history' });
  const changesPath = childPointer(path, 'changes');

  if (previous === undefined) {
    current.changes.forEach((change, index) => {
      report(
        childPointer(changesPath, index, 'findingId'),
        `change entry for ${show(change.findingId)} in the first brief: there is no previous brief to change. Drop it; the first brief has no changes.`,
      );
    });
    return problems;
  }

  const label = options.previousLabel;
  const previousById = new Map<string, BriefFinding>();
  for (const finding of previous.findings) if (!previousById.has(finding.id)) previousById.set(finding.id, finding);
  const currentById = new Map<string, { finding: BriefFinding; index: number }>();
  current.findings.forEach((finding, index) => {
    if (!currentById.has(finding.id)) currentById.set(finding.id, { finding, index });
  });

  // Findings by content, so that matching a brief against the previous one is linear.
  const previousByContent = new Map<string, BriefFinding[]>();
  for (const old of previous.findings) {
    const key = contentKey(old);
    const same = previousByContent.get(key);
    if (same) same.push(old);
    else previousByContent.set(key, [old]);
  }
  const currentContents = new Set(current.findings.map(contentKey));

  // An unchanged finding keeps its id.
  current.findings.forEach((finding, index) => {
    const same = previousByContent.get(contentKey(finding)) ?? [];
    if (same.length === 0 || same.some((old) => old.id === finding.id)) return;
    const oldId = (same[0] as BriefFinding).id;
    report(
      childPointer(path, 'findings', index, 'id'),
      `finding ${show(finding.id)} repeats finding ${show(oldId)} of ${label} unchanged under a new id; an unchanged finding keeps its id, so name it ${show(oldId)}.`,
    );
  });

  const fates = new Map<string, Fate>();
  for (const [id, old] of previousById) {
    const now = currentById.get(id);
    if (now) fates.set(id, sameContent(old, now.finding) ? 'unchanged' : 'modified');
    else fates.set(id, currentContents.has(contentKey(old)) ? 'renamed' : 'removed');
  }

  const entries = new Map<string, number[]>();
  current.changes.forEach((change, index) => {
    const changePath = childPointer(changesPath, index);
    const fate = fates.get(change.findingId);
    if (fate === undefined) {
      report(
        childPointer(changePath, 'findingId'),
        `change entry names finding ${show(change.findingId)}, which ${label} does not have; name a finding of the previous brief, or drop the entry.`,
      );
      return;
    }
    const seen = entries.get(change.findingId);
    if (seen) {
      seen.push(index);
      report(
        childPointer(changePath, 'findingId'),
        `a second change entry for finding ${show(change.findingId)} (change ${seen[0]} already explains it); keep exactly one entry per finding.`,
      );
    } else {
      entries.set(change.findingId, [index]);
      if (fate === 'unchanged') {
        report(
          childPointer(changePath, 'kind'),
          `change entry says finding ${show(change.findingId)} was ${change.kind}, but it is unchanged since ${label}; drop the entry.`,
        );
      } else if ((fate === 'modified' || fate === 'removed') && change.kind !== fate) {
        report(
          childPointer(changePath, 'kind'),
          `change entry says finding ${show(change.findingId)} was ${change.kind}, but it was ${fate}${fate === 'modified' ? ' (same id, different content)' : ' (no finding of this brief has its id)'}; set kind to ${show(fate)}.`,
        );
      }
    }
    if (isBlank(change.reason, options.visibleText))
      report(childPointer(changePath, 'reason'), `the change of finding ${show(change.findingId)} gives no reason; say why it changed.`);
    const refsPath = childPointer(changePath, 'evidenceRefs');
    if (change.evidenceRefs.length === 0) {
      report(
        refsPath,
        `the change of finding ${show(change.findingId)} cites no evidence; cite at least one evidence id that shows why it changed.`,
      );
    } else if (options.registry !== undefined && !change.evidenceRefs.some((ref) => options.registry?.ids.has(ref))) {
      report(
        refsPath,
        `the change of finding ${show(change.findingId)} cites no evidence from the registry; cite at least one evidence id that is in "evidence".`,
      );
    }
  });

  for (const [id, fate] of fates) {
    if ((fate !== 'modified' && fate !== 'removed') || entries.has(id)) continue;
    const entry = `{"findingId": ${show(id)}, "kind": "${fate}", "reason": ..., "evidenceRefs": [...]}`;
    if (fate === 'modified') {
      const now = currentById.get(id) as { index: number };
      report(
        childPointer(path, 'findings', now.index),
        `finding ${show(id)} changed since ${label} but no change entry explains it; add ${entry} to changes.`,
      );
    } else {
      report(changesPath, `finding ${show(id)} of ${label} was removed but no change entry explains it; add ${entry} to changes.`);
    }
  }
  return problems;
}

/** Same direction, text, scope and evidence refs (in the same order). */
function sameContent(a: BriefFinding, b: BriefFinding): boolean {
  return contentKey(a) === contentKey(b);
}

/** A finding's content as one string: two findings have the same content exactly when their keys are equal. */
function contentKey(finding: BriefFinding): string {
  return JSON.stringify([finding.direction, finding.text, finding.scope, finding.evidenceRefs]);
}
