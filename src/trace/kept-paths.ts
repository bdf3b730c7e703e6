// Which of the paths the map calls surfaced a trace reader keeps. A `find` of a large tree lists
// tens of thousands of paths, call after call: kept whole, a trace of 150 MB took 1.15 GB. A spec
// is checked only on the nodes it names, so with a spec only the paths that may be one of them are
// kept; without one (`trace show`, `trace draft`), the first ones, within bounds that the output
// names when they are met. Every call still counts all it surfaced.
import { posix } from 'node:path';
import { resolveTracePath } from './paths.js';
import type { PathsKept } from './types.js';

/** The paths a call keeps without a spec; past them it counts. */
export const MAX_KEPT_A_CALL = 1_000;
/** The paths all calls keep without a spec; past them, each call keeps only its first. */
export const MAX_KEPT = 200_000;
/** Folders remembered as the trace's root may be one of them (a spec naming "." or ".."): a hostile trace may name a new one on every line. */
const MAX_FOLDERS = 10_000;

/** The nodes a spec names, for the reader to keep the surfaced paths that may be one of them. */
export interface NamedNodes {
  nodes: readonly string[];
  /** The absolute folder the relative nodes are under, when it is known before reading (--trace-root, x-trace's root). */
  root?: string;
}

/** What one call keeps of the paths it surfaces. */
export interface SurfacedPaths {
  add(path: string): void;
  /** The paths kept, and how many were surfaced. */
  done(): { kept: string[]; count: number };
}

export interface PathKeeper {
  /** The paths of a call made in the folder `cwd`. */
  call(cwd: string | undefined): SurfacedPaths;
  /** What was kept, for the trace to say. */
  summary(): PathsKept;
}

/** With `named`, the paths that may be its nodes; without, the first ones within the bounds. */
export function pathKeeper(named?: NamedNodes): PathKeeper {
  return named === undefined ? firstPaths() : namedPaths(named);
}

/** The first `perCall` paths of each call, and `allCalls` in all; the hook's ledger keeps every call's list up to its own bound (`allCalls` unbounded). */
export function firstPaths(perCall = MAX_KEPT_A_CALL, allCalls = MAX_KEPT): PathKeeper {
  let keptInAll = 0;
  let leftOut = 0;
  return {
    call() {
      const kept: string[] = [];
      let count = 0;
      return {
        add(path) {
          count++;
          // Past the bound of all calls, a call still keeps its first path: every call that surfaced a name can show one.
          if (kept.length < perCall && (keptInAll < allCalls || kept.length === 0)) {
            kept.push(path);
            keptInAll++;
          } else leftOut++;
        },
        done: () => ({ kept, count }),
      };
    },
    summary: () => ({ only: 'first', perCall, total: allCalls, leftOut }),
  };
}

/**
 * A path may be a node: it is the node resolved against the root when the root is known; when it
 * is not (the cwd of the trace's first call, known only once the trace is read and narrowed), it
 * ends with the node's path (its leading "../" taken off), or, for a node naming the root or a
 * folder above it ("." or ".."), it is a folder the trace's calls so far ran in or one above.
 */
function namedPaths(named: NamedNodes): PathKeeper {
  const exact = new Set<string>();
  /** Relative nodes' paths, by their last segment. */
  const endings = new Map<string, string[]>();
  let aboveRoot = false;
  for (const node of named.nodes) {
    const resolved = resolveTracePath(named.root, node);
    if (resolved !== undefined) {
      exact.add(resolved);
      continue;
    }
    if (node === '') continue;
    let ending = posix.normalize(node).replace(/\/+$/, '');
    while (ending === '..' || ending.startsWith('../')) ending = ending.slice(3);
    if (ending === '' || ending === '.') {
      aboveRoot = true;
      continue;
    }
    const last = ending.slice(ending.lastIndexOf('/') + 1);
    const same = endings.get(last);
    if (same === undefined) endings.set(last, [`/${ending}`]);
    else same.push(`/${ending}`);
  }
  const folders = new Set<string>();
  const seen = new Set<string>();
  // A path kept by many calls is one string, not a copy a call.
  const strings = new Map<string, string>();
  const mayBeNode = (path: string): boolean => {
    if (exact.has(path) || (aboveRoot && folders.has(path))) return true;
    const candidates = endings.get(path.slice(path.lastIndexOf('/') + 1));
    return candidates?.some((ending) => path.endsWith(ending)) === true;
  };
  return {
    call(cwd) {
      if (aboveRoot && cwd !== undefined && !seen.has(cwd) && seen.size < MAX_FOLDERS) {
        seen.add(cwd);
        for (let folder = cwd; folder.startsWith('/'); folder = posix.dirname(folder)) {
          folders.add(folder);
          if (folder === '/') break;
        }
      }
      const kept: string[] = [];
      let count = 0;
      return {
        add(path) {
          count++;
          if (!mayBeNode(path)) return;
          let shared = strings.get(path);
          if (shared === undefined) strings.set(path, (shared = path));
          kept.push(shared);
        },
        done: () => ({ kept, count }),
      };
    },
    summary: () => ({ only: 'named', nodes: named.nodes.length }),
  };
}

/**
 * The nodes a spec's data names, whatever its shape (it is read before the schema checks it):
 * the surface map's and the hypotheses' candidate nodes and the deep dives' nodes, strings only,
 * each once.
 */
export function namedNodesOf(data: Record<string, unknown>): string[] {
  const nodes = new Set<string>();
  const each = (section: string, visit: (item: Record<string, unknown>) => void): void => {
    const items = data[section];
    if (!Array.isArray(items)) return;
    for (const item of items) if (item !== null && typeof item === 'object' && !Array.isArray(item)) visit(item as Record<string, unknown>);
  };
  const candidates = (item: Record<string, unknown>): void => {
    const list = item['candidateNodes'];
    if (Array.isArray(list)) for (const node of list) if (typeof node === 'string') nodes.add(node);
  };
  each('surfaceMap', candidates);
  each('hypotheses', candidates);
  each('deepDives', (dive) => {
    if (typeof dive['node'] === 'string') nodes.add(dive['node']);
  });
  return [...nodes];
}
