// An agent's trace read from a file, as every caller takes it: the command line's --trace and
// `trace` commands, a spec's own x-trace, the MCP tools. Its failures are input problems, said in
// one line; nothing here throws for a trace that cannot be read.
import { dirname, posix, relative, resolve, sep } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { type FolderBound, resolvesInside } from '../common/folder-bound.js';
import type { InputProblem } from '../load/input-error.js';
import type { Policy } from '../policy/types.js';
import { type TraceEvidence, traceEvidence } from '../trace/evidence.js';
import { TraceFileError, traceFileChunks } from '../trace/file.js';
import type { TraceLink } from '../trace/link.js';
import { readTrace, UnreadableTraceError } from '../trace/read-trace.js';
import { shellProgramsWith } from '../trace/shell-table.js';
import { isTraceTime, narrowTrace, UntimedTraceError } from '../trace/window.js';

export type TraceRead = { ok: true; evidence: TraceEvidence } | { ok: false; problem: InputProblem; untimed?: true };

/**
 * The trace at the absolute `path` (shown as `shown`), read with the policy's shell programs,
 * narrowed to `link`'s window and placed under its root. With `nodes` (a spec's), only the
 * surfaced paths that may be one of them are kept; without, the first ones within bounds. A window
 * asked of a trace without times is a problem marked `untimed` (on the command line, a usage
 * mistake of its flags).
 */
export function readTraceFile(
  path: string,
  shown: string,
  link: Omit<TraceLink, 'path'>,
  policy: Policy,
  inside?: FolderBound,
  nodes?: readonly string[],
): TraceRead {
  for (const [name, value] of [
    ['since', link.since],
    ['until', link.until],
  ] as const) {
    if (value !== undefined && !isTraceTime(value))
      return {
        ok: false,
        problem: { subcode: 'NOT_A_TRACE', message: `${shown}: ${name} ${JSON.stringify(value)} is no time that exists` },
      };
  }
  try {
    const named = nodes === undefined ? {} : { named: { nodes, ...definedFields({ root: link.root }) } };
    const trace = readTrace(traceFileChunks(path, shown, inside), { programs: shellProgramsWith(policy.traceShellPrograms), ...named });
    const window = {
      ...(link.since === undefined ? {} : { since: link.since }),
      ...(link.until === undefined ? {} : { until: link.until }),
    };
    return { ok: true, evidence: traceEvidence(narrowTrace(trace, window), shown, link.root) };
  } catch (error) {
    if (error instanceof TraceFileError) return { ok: false, problem: { subcode: error.subcode, message: error.message } };
    if (error instanceof UnreadableTraceError)
      return { ok: false, problem: { subcode: 'NOT_A_TRACE', message: `${shown}: ${error.message}` } };
    if (error instanceof UntimedTraceError)
      return { ok: false, problem: { subcode: 'NOT_A_TRACE', message: `${shown}: ${error.message}` }, untimed: true };
    throw error;
  }
}

/**
 * How a spec file's x-trace is followed: its path from the spec's folder (`spec.open`, absolute),
 * shown as the spec's own path is (`spec.shown`, from the working directory), so that the report
 * and its messages name the trace as --trace would. A spec found in a folder (or under an MCP
 * server's roots) names only a trace inside that bound, as a fixture's side files: a path out of
 * it is refused before it is opened, and what was opened is checked again.
 */
export function traceFollower(
  spec: { open: string; shown: string },
  policy: Policy,
  inside?: FolderBound,
): (link: TraceLink, nodes: readonly string[]) => TraceEvidence | InputProblem {
  return (link, nodes) => {
    const path = resolve(dirname(spec.open), link.path);
    // From the spec's folder as the spec's own path shows it: relative, even for an absolute link.
    const fromSpec = relative(dirname(spec.open), path).split(sep).join('/');
    const shown = posix.normalize(posix.join(posix.dirname(spec.shown), fromSpec));
    if (inside !== undefined && !resolvesInside(path, inside))
      return { subcode: 'LINK_OUT', message: `x-trace: ${shown} lies outside ${inside.shown}; not read` };
    const read = readTraceFile(path, shown, link, policy, inside, nodes);
    if (read.ok) return read.evidence;
    return { ...read.problem, message: `x-trace: ${read.problem.message}` };
  };
}
