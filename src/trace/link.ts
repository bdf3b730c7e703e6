// How a spec names its own trace: `x-trace: {path, root?, since?, until?, turn?}`, followed when the spec
// is compiled from a file unless --trace names another.
import { TRACE_TIME } from './time.js';

export interface TraceLink {
  /** The trace file, relative to the spec's folder (or absolute). */
  path: string;
  /** As --trace-root: the absolute folder, in the trace's paths, the spec's nodes are relative to. */
  root?: string;
  /** As --trace-since and --trace-until. */
  since?: string;
  until?: string;
  /** As --trace-turn: one turn of the session, from 1. */
  turn?: number;
}

/**
 * The spec's `x-trace` when its fields are ones the schema accepts, else undefined: a malformed one
 * is the schema's to report (assets/investigation.schema.json, $defs.traceLink), never followed.
 * A key it does not know is only unknown-field's warning: the link is followed all the same, so
 * that a typo beside it cannot turn the trace rules off.
 */
export function traceLinkOf(data: Record<string, unknown>): TraceLink | undefined {
  if (!Object.hasOwn(data, 'x-trace')) return undefined;
  const link = data['x-trace'];
  if (link === null || typeof link !== 'object' || Array.isArray(link)) return undefined;
  const fields = link as Record<string, unknown>;
  const { path, root, since, until, turn } = fields;
  if (typeof path !== 'string' || path === '') return undefined;
  if (root !== undefined && (typeof root !== 'string' || !root.startsWith('/'))) return undefined;
  for (const time of [since, until]) if (time !== undefined && (typeof time !== 'string' || !TRACE_TIME.test(time))) return undefined;
  if (turn !== undefined && !(typeof turn === 'number' && Number.isSafeInteger(turn) && turn >= 1)) return undefined;
  return {
    path,
    ...(root === undefined ? {} : { root: root as string }),
    ...(since === undefined ? {} : { since: since as string }),
    ...(until === undefined ? {} : { until: until as string }),
    ...(turn === undefined ? {} : { turn: turn as number }),
  };
}
