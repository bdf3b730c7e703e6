// An agent's trace read from a file, as every caller takes it: the command line's --trace and
// `trace` commands, a spec's own x-trace, the MCP tools. Its failures are input problems, said in
// one line; nothing here throws for a trace that cannot be read.
import { realpathSync } from 'node:fs';
import { dirname, posix, resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { type FolderBound, namedInside, resolvesInside } from '../common/folder-bound.js';
import type { InputProblem } from '../load/input-error.js';
import type { Policy } from '../policy/types.js';
import { type TraceEvidence, traceEvidence } from '../trace/evidence.js';
import { TraceFileError, traceFileChunks } from '../trace/file.js';
import type { TraceLink } from '../trace/link.js';
import { readTrace, UnreadableTraceError } from '../trace/read-trace.js';
import { shellProgramsWith } from '../trace/shell-table.js';
import { isTraceTime } from '../trace/time.js';
import { narrowTrace, UnnarrowableTraceError } from '../trace/window.js';

export type TraceRead = { ok: true; evidence: TraceEvidence } | { ok: false; problem: InputProblem; unnarrowable?: true };

/**
 * The trace at the absolute `path` (shown as `shown`), read with the policy's shell programs,
 * narrowed to `link`'s window and placed under its root; what is opened must lie inside each of
 * `within`. With `nodes` (a spec's), only the surfaced paths that may be one of them are kept;
 * without, the first ones within bounds. A window asked of a trace without times is a problem
 * marked `unnarrowable` (on the command line, a usage mistake of its flags). With `keepGiven`, each
 * call keeps what it was given (`trace export`).
 */
export function readTraceFile(
  path: string,
  shown: string,
  link: Omit<TraceLink, 'path'>,
  policy: Policy,
  within: readonly FolderBound[] = [],
  nodes?: readonly string[],
  keepGiven = false,
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
    const programs = shellProgramsWith(policy.traceShellPrograms);
    const trace = readTrace(traceFileChunks(path, shown, within), { programs, ...named, ...(keepGiven ? { keepGiven } : {}) });
    const window = definedFields({ since: link.since, until: link.until, turn: link.turn });
    return { ok: true, evidence: traceEvidence(narrowTrace(trace, window), shown, link.root) };
  } catch (error) {
    if (error instanceof TraceFileError) return { ok: false, problem: { subcode: error.subcode, message: error.message } };
    if (error instanceof UnreadableTraceError)
      return { ok: false, problem: { subcode: 'NOT_A_TRACE', message: `${shown}: ${error.message}` } };
    if (error instanceof UnnarrowableTraceError)
      return { ok: false, problem: { subcode: 'NOT_A_TRACE', message: `${shown}: ${error.message}` }, unnarrowable: true };
    throw error;
  }
}

/** Where a spec's own x-trace may lie. */
export interface TraceBounds {
  /** The project's tree (projectTree; an MCP server's roots; an editor's workspace): never a trace outside it. */
  tree: FolderBound;
  /** For a spec found in a folder or by a glob (or for a fixture), that folder as well. */
  folder?: FolderBound;
}

/**
 * How a spec file's x-trace is followed: its path from the spec's folder (`spec.open`, absolute),
 * shown as the spec's own path is (`spec.shown`, from the working directory), so that the report
 * and its messages name the trace as --trace would. The spec chose that path, not the person
 * running the tool: it is followed only inside `bounds`, checked by its name before anything is
 * looked at (so that the refusal is the same whatever is there: no file, a folder, a secret),
 * then with its links resolved, then on what was opened. A trace elsewhere is named with --trace.
 */
export function traceFollower(
  spec: { open: string; shown: string },
  policy: Policy,
  bounds: TraceBounds,
): (link: TraceLink, nodes: readonly string[]) => TraceEvidence | InputProblem {
  const within = bounds.folder === undefined || bounds.folder === bounds.tree ? [bounds.tree] : [bounds.tree, bounds.folder];
  return (link, nodes) => {
    const folder = dirname(spec.open);
    // From the spec's folder as it really is: the path checked by name is then the path opened,
    // and a ".." in the link cannot climb a link of the folder's path to somewhere else.
    const path = resolve(realFolderOf(folder), link.path);
    // From the spec's folder as the spec's own path shows it: relative, even for an absolute link.
    const fromSpec = displayPath(resolve(folder, link.path), folder);
    const shown = posix.normalize(posix.join(posix.dirname(spec.shown), fromSpec));
    const outside = within.find((bound) => !namedInside(path, bound) || !resolvesInside(path, bound));
    if (outside !== undefined)
      return {
        subcode: 'LINK_OUT',
        message: `x-trace: ${shown} lies outside ${outside.shown}; not read${outside === bounds.tree ? ' (a spec names only a trace of its project: name one elsewhere with --trace)' : ''}`,
      };
    const read = readTraceFile(path, shown, link, policy, within, nodes);
    if (read.ok) return { ...read.evidence, spec: spec.open };
    return { ...read.problem, message: `x-trace: ${read.problem.message}` };
  };
}

/** The real path of `folder`, else `folder` as it is (a check by name of what lies in it then fails safe). */
function realFolderOf(folder: string): string {
  try {
    return realpathSync.native(folder);
  } catch {
    return folder;
  }
}
