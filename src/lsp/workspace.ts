// The folders an editor opened: configuration, baselines and traces are looked up inside them
// only, and a document outside them is judged as text alone.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Compiler, type CompilerOptions, compilerCache } from '../compile.js';
import type { KeptLookups } from '../engine/one-spec.js';
import type { Io } from '../engine/result.js';
import { createRoots, type Roots } from '../engine/roots.js';

export interface Workspace {
  /** The workspace folders, by their real paths; null when the editor opened none. */
  roots: Roots | null;
  maxBytes: number;
  /** How the commands under the server see it: the first folder as working directory, lookups inside the folders. */
  io: Io;
  /** The compilers kept warm between checks, by their settings: a few, for the configurations in use. */
  compilers: (options: CompilerOptions) => Compiler;
  /** The configuration and baseline lookups kept between checks, with the files they read; emptied by `forget`. */
  kept: KeptLookups;
  /** Lets go of the files read: a configuration, policy or baseline file changed, or may have. */
  forget(): void;
}

/** How many compilers stay made: one per configuration an editor session meets at once is plenty. */
const WARM_COMPILERS = 8;

/** The workspace of the folders an editor names (file URIs), those that exist. */
export function createWorkspace(
  folderUris: readonly string[],
  maxBytes: number,
  env: Record<string, string | undefined>,
  cwd: string,
): Workspace {
  const folders = folderUris
    .filter((uri) => uri.startsWith('file:'))
    .map((uri) => fileURLToPath(uri))
    .filter((folder) => existsSync(folder));
  const roots = folders.length === 0 ? null : createRoots(folders, cwd);
  const kept: KeptLookups = {};
  return {
    roots,
    maxBytes,
    io: {
      cwd: roots?.folders[0] ?? cwd,
      env,
      // What a command would warn of comes back with its document's check; nothing goes to the protocol's streams.
      stderr: { write: () => true },
      stdoutIsTTY: false,
      ...(roots === null ? {} : { roots: roots.folders }),
    },
    compilers: compilerCache(WARM_COMPILERS),
    kept,
    forget() {
      delete kept.config;
      delete kept.baselines;
    },
  };
}
