import type { Trace, TraceCall } from '../../src/trace/types.js';

/** A hook-payload trace of `calls` and nothing else: no skipped lines, no orphans, the default bounds on kept paths. */
export function bareTrace(calls: TraceCall[]): Trace {
  return {
    format: 'hook-payloads',
    sha256: '',
    lines: calls.length,
    versions: [],
    calls,
    skipped: [],
    skippedCount: 0,
    unknownTypes: {},
    orphanResults: [],
    orphanResultCount: 0,
    duplicateIds: [],
    outOfOrder: 0,
    pathsKept: { only: 'first', perCall: 1_000, total: 200_000, leftOut: 0 },
  };
}
