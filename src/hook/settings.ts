// What the hook guards and how: the spec (--spec, relative to the payload's cwd, else the
// configuration's hooks.spec, relative to the configuration file), where the ledgers live, and the
// configuration's hooks settings. The configuration is the one compile would find from the
// payload's cwd (INVESTIGATION_CONFIG, else the nearest walking up). Only its `hooks` section is
// read, and a JSON file without the rest of the configuration's checks, so that a tool call's
// decision does not load the policy's schemas; a YAML file is read by the whole configuration
// reader, loaded then.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { lookupBoundary } from '../common/lookup-boundary.js';
import { fileFinder } from '../common/walk-up.js';
import { CONFIG_NAMES, type FoundHooks, type HookSettings, type HooksConfig, hooksProblems } from '../config/hooks.js';

/** What the command line gives the hook. */
export interface HookFlags {
  spec?: string;
  stateDir?: string;
}

/** The folder of the project the ledgers go in by default: hidden, so a folder walk leaves it out. */
export const DEFAULT_STATE_DIR = '.compile-investigation/hooks';
export const DEFAULT_MAX_STOP_BLOCKS = 3;
/** A configuration file's bound, as the configuration reader's. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** The settings for a payload made in `cwd` (absolute), with `env` read for INVESTIGATION_CONFIG. */
export async function hookSettings(flags: HookFlags, cwd: string, env: Record<string, string | undefined>): Promise<HookSettings> {
  const { hooks, folder } = await configuredHooks(cwd, env);
  // A configuration's paths are relative to its own folder, as its ignores are.
  const base = folder ?? cwd;
  const spec = flags.spec !== undefined ? resolve(cwd, flags.spec) : hooks.spec !== undefined ? resolve(base, hooks.spec) : undefined;
  const stateDir =
    flags.stateDir !== undefined
      ? resolve(cwd, flags.stateDir)
      : hooks.stateDir !== undefined
        ? resolve(base, hooks.stateDir)
        : join(lookupBoundary(cwd)(cwd)?.folder ?? cwd, DEFAULT_STATE_DIR);
  return {
    spec,
    specShown: flags.spec ?? hooks.spec,
    stateDir,
    blindReads: hooks.blindReads ?? 'deny',
    maxStopBlocks: hooks.maxStopBlocks ?? DEFAULT_MAX_STOP_BLOCKS,
    failClosed: hooks.failClosed === true,
  };
}

async function configuredHooks(cwd: string, env: Record<string, string | undefined>): Promise<FoundHooks> {
  const named = env['INVESTIGATION_CONFIG'];
  const file = named !== undefined && named !== '' ? resolve(cwd, named) : fileFinder(CONFIG_NAMES, lookupBoundary(cwd))(cwd).file;
  if (file === null) return { hooks: {}, folder: null };
  const json = file.endsWith('.json') ? jsonHooks(file) : undefined;
  if (json !== undefined) return { hooks: json, folder: dirname(file) };
  const { hooksOfConfig } = await import('./engine-part.js');
  return hooksOfConfig(cwd, env);
}

/** A JSON configuration's hooks section, checked; undefined when the file is not plain JSON (the whole reader says why). */
function jsonHooks(file: string): HooksConfig | undefined {
  let data: unknown;
  try {
    const bytes = readFileSync(file);
    if (bytes.length > MAX_CONFIG_BYTES) return undefined;
    data = JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    return undefined;
  }
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const hooks = (data as Record<string, unknown>)['hooks'];
  if (hooks === undefined) return {};
  const [problem] = hooksProblems(hooks);
  if (problem !== undefined) throw new Error(`${file}: ${problem}`);
  return hooks as HooksConfig;
}

/** Whether failures close: read on its own, for an error met before the settings were whole. */
export async function failsClosed(cwd: string | undefined, env: Record<string, string | undefined>): Promise<boolean> {
  if (cwd === undefined) return false;
  try {
    return (await configuredHooks(cwd, env)).hooks.failClosed === true;
  } catch {
    return false;
  }
}
