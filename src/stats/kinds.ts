// How many files of each kind a corpus holds: the specs and katas reports judged (and those that
// could not be read as a document at all), and the briefs and the tool's own outputs that the walk
// left out. A brief is counted as a brief, never as a spec without a verdict.
import { type DocumentKind, dialectName, documentKinds, isJudgedKind, type OtherKind, otherKind } from '../dialects/kinds.js';
import type { FileOutcome } from '../report/outcome.js';

/** A document's kind, or `unreadable` for a file judged that could not be read as an object (an input error). */
export type StatsKind = DocumentKind | 'unreadable';

export interface KindCount {
  kind: StatsKind;
  files: number;
  /** Whether files of the kind were judged (a dialect's, or unreadable) or left out. */
  judged: boolean;
}

/** Every kind, with 0 for those the corpus lacks: the dialects in the registry's order, `unreadable`, then the kinds left out. */
export function countKinds(files: ReadonlyArray<Pick<FileOutcome, 'dialect'>>, leftOut: ReadonlyArray<{ kind: OtherKind }>): KindCount[] {
  const counts = new Map<StatsKind, number>();
  const add = (kind: StatsKind): void => {
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  };
  for (const file of files) add(file.dialect ?? 'unreadable');
  for (const file of leftOut) add(file.kind);
  const kinds = documentKinds();
  const judged = kinds.filter(isJudgedKind);
  const order: StatsKind[] = [...judged, 'unreadable', ...kinds.filter((kind) => !isJudgedKind(kind))];
  return order.map((kind) => ({ kind, files: counts.get(kind) ?? 0, judged: kind === 'unreadable' || isJudgedKind(kind) }));
}

/** How a listing names a kind: "investigation spec", "brief artifact", … */
export function kindLabel(kind: StatsKind): string {
  if (kind === 'unreadable') return 'unreadable (input error)';
  return isJudgedKind(kind) ? dialectName(kind) : otherKind(kind).singular;
}
