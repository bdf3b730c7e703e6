import type { Io } from '../engine/result.js';
import type { Roots } from '../engine/roots.js';

export interface ToolContext {
  roots: Roots;
  maxBytes: number;
  /**
   * The working directory of every call is the first root: configuration is found from each spec's
   * folder (a spec given as text: from the first root) up to the root that holds it, never above
   * (`io.roots`).
   */
  io: Io;
}

/** The context every call of a server runs in: in the first root, looking configuration up inside the roots only. */
export function toolContext(roots: Roots, maxBytes: number, env: Record<string, string | undefined>): ToolContext {
  return {
    roots,
    maxBytes,
    io: {
      cwd: roots.folders[0] as string,
      env,
      // A command's warnings come back in its tool result; kept here too, they would pile up call after call.
      stderr: { write: () => true },
      stdoutIsTTY: false,
      roots: roots.folders,
    },
  };
}
