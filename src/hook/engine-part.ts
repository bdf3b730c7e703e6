// What the hook needs of the whole tool, a bundle part of its own loaded only when needed: the
// stop's judgment by the engine, a YAML configuration and a spec that is not plain JSON read by
// the tool's readers. A tool call's decision never loads it for a JSON configuration and a spec
// whose facts are known.
import { dirname, resolve } from 'node:path';
import { readDocument } from '../compile.js';
import type { FoundHooks } from '../config/hooks.js';
import { createConfigLookup } from '../config/resolve.js';

export { decideStop } from './before-stop.js';

/** The hooks section of the configuration compile would use in `cwd`, read and checked whole. */
export function hooksOfConfig(cwd: string, env: Record<string, string | undefined>): FoundHooks {
  const resolved = createConfigLookup(undefined, env['INVESTIGATION_CONFIG'], cwd).forFolder(null);
  return { hooks: resolved.config.hooks ?? {}, folder: resolved.path === null ? null : dirname(resolve(cwd, resolved.path)) };
}

/** A document's data as the tool reads it (JSON or YAML), or the problem that stops it. */
export function documentData(path: string, maxBytes: number): { ok: true; data: Record<string, unknown> } | { ok: false; message: string } {
  const read = readDocument(path, { maxBytes });
  return read.ok ? { ok: true, data: read.data } : { ok: false, message: read.problem.message };
}
