import { resolve } from 'node:path';
import { displayFolder, shownPath } from '../common/display-path.js';
import { type FolderBound, resolvesInside } from '../common/folder-bound.js';
import { boundaryBound, boundaryText, lookupBoundary } from '../common/lookup-boundary.js';
import { sha256Hex } from '../common/sha256.js';
import { fileFinder, type WalkUp } from '../common/walk-up.js';
import { readDocument } from '../load/document.js';
import { CONFIG_NAMES } from './hooks.js';
import { ConfigError, type ConfigFile, validateConfig } from './validate.js';

export { ConfigError, type ConfigFile };

export type ConfigSource = 'flag' | 'env' | 'walk-up' | 'sidecar' | 'default';

export interface ResolvedConfig {
  /** Where the configuration came from, relative to the working directory; null for the built-in defaults. */
  path: string | null;
  source: ConfigSource;
  config: ConfigFile;
  warnings: string[];
  /** The SHA-256 of the file's bytes; absent for the built-in defaults. */
  sha256?: string;
}

/** The configuration that judges the files of one folder; each folder's is looked up once. */
export interface ConfigLookup {
  /** For a file in `folder` (absolute), or for standard input with null: the working directory's. */
  forFolder(folder: string | null): ResolvedConfig;
  /** The notes on files the walk-up found above where it stops and ignored, each once, that no earlier call returned. */
  takeNotes(): string[];
}

const MAX_CONFIG_BYTES = 1024 * 1024;
const DEFAULTS: ResolvedConfig = { path: null, source: 'default', config: {}, warnings: [] };

/** --config FILE, then INVESTIGATION_CONFIG, then the nearest config walking up from cwd, then the defaults. */
export function resolveConfig(flag: string | undefined, env: string | undefined, cwd: string): ResolvedConfig {
  return createConfigLookup(flag, env, cwd).forFolder(null);
}

/**
 * --config FILE, then INVESTIGATION_CONFIG, both read at once (a broken one throws here) and
 * wherever they are: the user named them. Else, per folder, the nearest config walking up from
 * it, then from the working directory, as .editorconfig is found, but never above the boundary
 * (lookup-boundary.ts: the repository's top, or the MCP server's `roots`); else the defaults. A
 * file above the boundary is ignored with a note. A file found is read only if what is opened lies
 * inside the boundary: one that is a link out of it is a ConfigError, never skipped for a file
 * further up, which could be more lenient. Each file is read and checked once, when first needed.
 */
export function createConfigLookup(
  flag: string | undefined,
  env: string | undefined,
  cwd: string,
  roots?: readonly string[],
): ConfigLookup {
  if (flag !== undefined) return pinned(load(flag, 'flag', cwd, []));
  if (env !== undefined && env !== '') return pinned(load(env, 'env', cwd, []));
  const useInstead =
    roots !== undefined
      ? "set INVESTIGATION_CONFIG in the server's environment to use it"
      : 'name it with --config or INVESTIGATION_CONFIG to use it';
  const byFile = new Map<string, ResolvedConfig>();
  const nearest = fileFinder(CONFIG_NAMES, lookupBoundary(cwd, roots));
  const noted = new Set<string>();
  let notes: string[] = [];
  const noteIgnored = (walk: WalkUp | null, used: string | null): void => {
    if (walk?.beyond == null || walk.boundary === null || walk.beyond === used || noted.has(walk.beyond)) return;
    noted.add(walk.beyond);
    const shown = shownPath(walk.beyond, cwd);
    const how =
      roots !== undefined
        ? `set INVESTIGATION_CONFIG=${walk.beyond} in the server's environment to use it`
        : `name it with --config ${shown} or INVESTIGATION_CONFIG=${shown} to use it`;
    notes.push(`ignored ${shown}: it lies above ${boundaryText(walk.boundary, displayFolder(walk.boundary.folder, cwd))}; ${how}`);
  };
  return {
    forFolder(folder) {
      const start = folder ?? cwd;
      const own = nearest(start);
      const fallback = own.file === null ? nearest(cwd) : null;
      const walk = own.file !== null ? own : fallback;
      const found = walk?.file ?? null;
      noteIgnored(own, found);
      noteIgnored(fallback, found);
      if (walk?.boundary == null || found === null) return DEFAULTS;
      // One file has one boundary, whichever start found it: the nearest repository top (or root,
      // or working directory) above its folder.
      let config = byFile.get(found);
      if (config === undefined) {
        const shown = shownPath(found, cwd);
        const from = own.file === null || resolve(start) === resolve(cwd) ? 'the working directory' : shownPath(start, cwd);
        const inside = boundaryBound(walk.boundary, displayFolder(walk.boundary.folder, cwd), roots);
        config = load(
          found,
          'walk-up',
          cwd,
          [`using ${shown}, found by walking up from ${from}; pin it with --config ${shown} or INVESTIGATION_CONFIG=${shown}`],
          {
            inside,
            linkOut: `config ${shown} is a symbolic link out of ${inside.shown}; not read: a configuration found by walking up must be a file of the project (replace the link with the file, or ${useInstead})`,
          },
        );
        byFile.set(found, config);
      }
      return config;
    },
    takeNotes() {
      const taken = notes;
      notes = [];
      return taken;
    },
  };
}

/**
 * A configuration file named by a fixture's expectation file (`namedBy`, as shown), at the
 * absolute `path`. The expectation was found in a folder, not named by the user, so what it names
 * must lie inside that folder (`inside`) once links are resolved: a path out of it is refused
 * before it is opened (and checked again on what was opened), and the refusal quotes nothing of it.
 */
export function readSidecarConfig(path: string, namedBy: string, cwd: string, inside: FolderBound): ResolvedConfig {
  if (!resolvesInside(path, inside))
    throw new ConfigError(
      'INVALID_CONFIG',
      `${namedBy}: config ${shownPath(path, cwd)} lies outside ${inside.shown}; refused (a sidecar names only a configuration inside the folder given to test)`,
    );
  return load(path, 'sidecar', cwd, [], { namedBy: `${namedBy}: config`, inside });
}

function pinned(config: ResolvedConfig): ConfigLookup {
  return { forFolder: () => config, takeNotes: () => [] };
}

/** How a configuration the user did not name is read: who named it, the folder it must lie in, and what a link out of it is told. */
interface Unnamed {
  /** How messages name what named the file (a sidecar's "NAME.expect.json: config"); "config" by default. */
  namedBy?: string;
  /** What is opened must lie inside, else it is refused (LINK_OUT) before a byte is read. */
  inside?: FolderBound;
  /** The whole message of that refusal, in place of the reader's. */
  linkOut?: string;
}

function load(path: string, source: ConfigSource, cwd: string, warnings: string[], unnamed: Unnamed = {}): ResolvedConfig {
  const { namedBy, inside, linkOut } = unnamed;
  const origin = namedBy ?? (source === 'env' ? 'INVESTIGATION_CONFIG' : source === 'flag' ? '--config' : 'config');
  const parsed = readDocument(resolve(cwd, path), {
    maxBytes: MAX_CONFIG_BYTES,
    limitNote: 'a configuration file holds at most 1 MiB: its policy lists at most 1,000 names each',
    inside,
    notAnObject: () => 'a configuration file holds an object with preset, policy and rules',
  });
  const where = `${origin} ${source === 'walk-up' || source === 'sidecar' ? shownPath(path, cwd) : path}`;
  if (!parsed.ok) {
    if (parsed.problem.subcode === 'LINK_OUT' && linkOut !== undefined) throw new ConfigError('INVALID_CONFIG', linkOut);
    const subcode = parsed.problem.subcode === 'NOT_FOUND' ? 'CONFIG_NOT_FOUND' : 'INVALID_CONFIG';
    throw new ConfigError(subcode, `${where}: ${parsed.problem.message}`);
  }
  const sha256 = sha256Hex(parsed.bytes as Uint8Array);
  return { path: shownPath(resolve(cwd, path), cwd), source, config: validateConfig(parsed.data, where), warnings, sha256 };
}
