// The configuration's `hooks` section (docs/hooks.md), checked on its own: the hook reads it
// before every deep read, and must not load the rest of the configuration's checks (the policy's
// schemas) to do so. validate.ts checks it the same way as part of a whole configuration.
import { isRecord } from '../common/guards.js';
import { didYouMean } from '../common/suggest.js';
import { show } from '../common/text.js';

/** The names a configuration file is found by, walking up. */
export const CONFIG_NAMES = ['investigation.config.json', 'investigation.config.yaml', 'investigation.config.yml'] as const;

/** What the hook does with a read of a node no map call of the session surfaced. */
export type BlindReads = 'deny' | 'warn' | 'off';

/** The `hooks` section: paths relative to the configuration file's folder. */
export interface HooksConfig {
  /** The spec the hooks guard. */
  spec?: string;
  blindReads?: BlindReads;
  /** Stops blocked in a row before the hook lets the agent stop (default 3). */
  maxStopBlocks?: number;
  /** An internal error of the hook blocks the call instead of letting it through. */
  failClosed?: boolean;
  /** Where the session ledgers go (default: .compile-investigation/hooks/ at the top of the project). */
  stateDir?: string;
}

const HOOK_KEYS: readonly string[] = ['spec', 'blindReads', 'maxStopBlocks', 'failClosed', 'stateDir'];
const BLIND_READS: readonly string[] = ['deny', 'warn', 'off'];

/** What is wrong with a `hooks` value, a sentence each; none when it can be used. */
export function hooksProblems(hooks: unknown): string[] {
  if (!isRecord(hooks)) return ['hooks must be an object such as {"spec": "investigation.yaml"}'];
  const problems: string[] = [];
  for (const key of Object.keys(hooks))
    if (!HOOK_KEYS.includes(key))
      problems.push(`hooks: unknown key ${show(key)}; hooks holds ${HOOK_KEYS.join(', ')}.${didYouMean(key, HOOK_KEYS)}`);
  const { spec, blindReads, maxStopBlocks, failClosed, stateDir } = hooks;
  for (const [key, value] of [
    ['spec', spec],
    ['stateDir', stateDir],
  ] as const)
    if (value !== undefined && (typeof value !== 'string' || value === ''))
      problems.push(`hooks.${key} must be a path, relative to the configuration's folder`);
  if (blindReads !== undefined && (typeof blindReads !== 'string' || !BLIND_READS.includes(blindReads)))
    problems.push(`hooks.blindReads ${show(blindReads)} must be deny, warn or off`);
  if (maxStopBlocks !== undefined && !(Number.isSafeInteger(maxStopBlocks) && (maxStopBlocks as number) >= 0))
    problems.push(`hooks.maxStopBlocks ${show(maxStopBlocks)} must be a whole number (0 or more)`);
  if (failClosed !== undefined && typeof failClosed !== 'boolean') problems.push('hooks.failClosed must be true or false');
  return problems;
}

/** The configuration's hooks section and the folder of its file (null: none found), as the hook finds them. */
export interface FoundHooks {
  hooks: HooksConfig;
  folder: string | null;
}

/** The settings one payload is answered with: the flags over the configuration's hooks section, paths made absolute. */
export interface HookSettings {
  /** The spec guarded, absolute; undefined when none is named (the hook then does nothing). */
  spec: string | undefined;
  /** The spec as named, for messages. */
  specShown: string | undefined;
  stateDir: string;
  blindReads: BlindReads;
  maxStopBlocks: number;
  failClosed: boolean;
}
