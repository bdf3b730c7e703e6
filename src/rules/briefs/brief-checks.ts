import { isBlank, listOf, plural, show } from '../../common/text.js';
import { childPointer } from '../../diagnostics/pointer.js';
import type { Brief, BriefFinding, CausalReview } from '../../spec/types.js';

/**
 * The checks of versioned working briefs, as pure functions over values the schema accepted.
 * A brief is a model's assessment, not an observation: these checks judge its structure and its
 * history, never whether it is true. The spec rules (src/rules/briefs/) and the artifact checker
 * (src/briefs/) both call them.
 */

type BriefRuleId = 'brief-limits' | 'brief-ids' | 'brief-history' | 'brief-causal';

export interface BriefProblem {
  /** JSON Pointer to the offending value, in the document the caller checks. */
  path: string;
  /** What is wrong and how to fix it. */
  message: string;
  ruleId: BriefRuleId;
}

/** The limits of one brief. Lengths count Unicode code points, not UTF-16 units. */
export const BRIEF_LIMITS = {
  findings: 16,
  findingText: 300,
  findingScope: 200,
  findingEvidenceRefs: 8,
  uncertainties: 6,
  uncertainty: 240,
  nextQuestion: 300,
  note: 400,
} as const;

/**
 * The evidence ids briefs may cite. `absent` says the document has no registry at all, so that
 * every ref is unknown and the message can say why. Callers that cannot check refs (no registry
 * to check against) pass `undefined` instead of a registry, and the ref checks are skipped.
 */
export interface EvidenceRegistry {
  ids: ReadonlySet<string>;
  absent: boolean;
}

/** Length in Unicode code points: an emoji or a CJK character counts once. */
export function codePointLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/**
 * The registry of a parsed document (a spec): the string ids of its `evidence` array. When the
 * document has no `evidence` key, an empty registry marked absent. Undefined (do not check) when
 * `evidence` is there but is not an array, or holds an item without a string id: the schema
 * reports those, and concluding "unknown" from a broken registry would be a second diagnostic.
 */
export function registryOf(data: Record<string, unknown>): EvidenceRegistry | undefined {
  if (!Object.hasOwn(data, 'evidence')) return { ids: new Set(), absent: true };
  const raw = data['evidence'];
  if (!Array.isArray(raw)) return undefined;
  const ids = new Set<string>();
  for (const item of raw) {
    const id = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>)['id'] : undefined;
    if (typeof id !== 'string') return undefined;
    ids.add(id);
  }
  return { ids, absent: false };
}

/** brief-limits: counts and lengths of one brief at `path`. */
export function checkBriefLimits(brief: Brief, path: string): BriefProblem[] {
  const problems: BriefProblem[] = [];
  const report = (where: string, message: string): void => void problems.push({ path: where, message, ruleId: 'brief-limits' });
  const tooLong = (where: string, what: string, text: string, limit: number): void => {
    const length = codePointLength(text);
    if (length > limit)
      report(
        where,
        `${what} is ${length} characters long; the limit is ${limit}. Shorten it: a brief keeps the gist, the evidence keeps the detail.`,
      );
  };
  const findingsPath = childPointer(path, 'findings');
  if (brief.findings.length > BRIEF_LIMITS.findings) {
    report(
      findingsPath,
      `the brief has ${plural(brief.findings.length, 'finding')}; the limit is ${BRIEF_LIMITS.findings}. Merge related findings or drop the weakest.`,
    );
  }
  brief.findings.forEach((finding, index) => {
    const findingPath = childPointer(findingsPath, index);
    tooLong(childPointer(findingPath, 'text'), `the text of finding ${show(finding.id)}`, finding.text, BRIEF_LIMITS.findingText);
    tooLong(childPointer(findingPath, 'scope'), `the scope of finding ${show(finding.id)}`, finding.scope, BRIEF_LIMITS.findingScope);
    if (finding.evidenceRefs.length > BRIEF_LIMITS.findingEvidenceRefs) {
      report(
        childPointer(findingPath, 'evidenceRefs'),
        `finding ${show(finding.id)} cites ${plural(finding.evidenceRefs.length, 'evidence ref')}; the limit is ${BRIEF_LIMITS.findingEvidenceRefs}. Cite the strongest, or split the finding.`,
      );
    }
  });
  const uncertaintiesPath = childPointer(path, 'uncertainties');
  if (brief.uncertainties.length > BRIEF_LIMITS.uncertainties) {
    report(
      uncertaintiesPath,
      `the brief lists ${plural(brief.uncertainties.length, 'uncertainty', 'uncertainties')}; the limit is ${BRIEF_LIMITS.uncertainties}. Keep the ones that decide the next step.`,
    );
  }
  brief.uncertainties.forEach((uncertainty, index) => {
    tooLong(childPointer(uncertaintiesPath, index), `uncertainty ${index}`, uncertainty, BRIEF_LIMITS.uncertainty);
  });
  tooLong(childPointer(path, 'nextQuestion'), 'nextQuestion', brief.nextQuestion, BRIEF_LIMITS.nextQuestion);
  if (brief.note !== undefined) tooLong(childPointer(path, 'note'), 'the note', brief.note, BRIEF_LIMITS.note);
  return problems;
}

/**
 * brief-ids: finding ids unique within the brief at `path`, and every evidence ref of its
 * findings and changes in the registry (skipped when `registry` is undefined).
 */
export function checkBriefIds(brief: Brief, path: string, registry: EvidenceRegistry | undefined): BriefProblem[] {
  const problems: BriefProblem[] = [];
  const firstIndex = new Map<string, number>();
  brief.findings.forEach((finding, index) => {
    const findingPath = childPointer(path, 'findings', index);
    const first = firstIndex.get(finding.id);
    if (first === undefined) firstIndex.set(finding.id, index);
    else
      problems.push({
        path: childPointer(findingPath, 'id'),
        message: `duplicate finding id ${show(finding.id)}: finding ${first} of this brief already uses it. Give every finding of a brief its own id.`,
        ruleId: 'brief-ids',
      });
    problems.push(...checkEvidenceRefs(finding.evidenceRefs, childPointer(findingPath, 'evidenceRefs'), registry));
  });
  brief.changes.forEach((change, index) => {
    problems.push(...checkEvidenceRefs(change.evidenceRefs, childPointer(path, 'changes', index, 'evidenceRefs'), registry));
  });
  return problems;
}

/** brief-ids: every ref of a list at `path` is in the registry (nothing when `registry` is undefined). */
export function checkEvidenceRefs(refs: readonly string[], path: string, registry: EvidenceRegistry | undefined): BriefProblem[] {
  if (registry === undefined) return [];
  const problems: BriefProblem[] = [];
  refs.forEach((ref, index) => {
    if (registry.ids.has(ref)) return;
    const message = registry.absent
      ? `evidence ref ${show(ref)} cannot be resolved: there is no evidence registry. Add an "evidence" list with an entry {"id": ${show(ref)}, ...}.`
      : `evidence ref ${show(ref)} is not in the evidence registry; add it to "evidence" or cite an id that is there.`;
    problems.push({ path: childPointer(path, index), message, ruleId: 'brief-ids' });
  });
  return problems;
}

/**
 * brief-causal: the evidence refs of the latest brief's `support` findings equal
 * `causalReview.support` as a set, and those of its `against` findings `causalReview.against`.
 * `reviewPath` points at the causalReview.
 */
export function checkBriefCausal(latest: Brief, review: CausalReview, reviewPath: string, latestLabel: string): BriefProblem[] {
  const problems: BriefProblem[] = [];
  for (const direction of ['support', 'against'] as const) {
    const cited = new Set<string>();
    for (const finding of latest.findings) if (finding.direction === direction) for (const ref of finding.evidenceRefs) cited.add(ref);
    const listed = new Set(review[direction]);
    const listPath = childPointer(reviewPath, direction);
    const reported = new Set<string>();
    review[direction].forEach((ref, index) => {
      if (cited.has(ref) || reported.has(ref)) return;
      reported.add(ref);
      problems.push({
        path: childPointer(listPath, index),
        message: `causalReview.${direction} lists ${show(ref)}, which no ${direction} finding of ${latestLabel} cites; drop it, or cite it in a ${direction} finding.`,
        ruleId: 'brief-causal',
      });
    });
    const missing = [...cited].filter((ref) => !listed.has(ref));
    if (missing.length > 0) {
      problems.push({
        path: listPath,
        message: `causalReview.${direction} lacks ${listOf(missing)}, cited by ${direction} findings of ${latestLabel}; it must hold exactly the evidence those findings cite.`,
        ruleId: 'brief-causal',
      });
    }
  }
  return problems;
}

/** What became of a finding of the previous brief in the newer one. */
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
