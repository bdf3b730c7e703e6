import { round4 } from '../common/numbers.js';
import type { Metrics } from './types.js';

/** One deep read as the figures count it: the node read, whether it carries a provenance tag, whether it invalidated. */
export interface CountedRead {
  node: unknown;
  tagged: boolean;
  invalidates: boolean;
}

/**
 * The figures of how an investigation spent its reads, whatever the dialect: budget use, the
 * mapped surface and how much of it was read, blind reads, provenance and replans per invalidation.
 */
export function readFigures(
  reads: readonly CountedRead[],
  mapped: ReadonlySet<string>,
  replans: number,
  budget: { used: number | null; total: number | null },
): Omit<Metrics, 'discovery'> {
  const nodesRead = new Set<string>();
  let blindReads = 0;
  for (const { node } of reads) {
    if (typeof node !== 'string') continue;
    nodesRead.add(node);
    if (!mapped.has(node)) blindReads++;
  }
  const tagged = reads.filter((read) => read.tagged).length;
  const invalidations = reads.filter((read) => read.invalidates).length;
  const { used, total } = budget;
  return {
    budgetUsedRatio: used !== null && total !== null && total !== 0 ? round4(used / total) : null,
    nodesMapped: mapped.size,
    nodesRead: nodesRead.size,
    readCoverage: mapped.size > 0 ? round4(nodesRead.size / mapped.size) : null,
    blindReads,
    provenanceRatio: reads.length > 0 ? round4(tagged / reads.length) : null,
    replansPerInvalidation: invalidations > 0 ? round4(replans / invalidations) : null,
  };
}
