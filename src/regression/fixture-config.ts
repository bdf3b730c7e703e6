import { dirname, resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import type { FolderBound } from '../common/folder-bound.js';
import { pathText, type RawPath } from '../common/raw-path.js';
import { type Compiler, compilerCache, UsageError } from '../compile.js';
import { type ConfigOverride, layerConfig } from '../config/layers.js';
import { ConfigError, type ConfigLookup, createConfigLookup, type ResolvedConfig, readSidecarConfig } from '../config/resolve.js';
import type { ExpectationFile } from './expectation.js';

/** How the command line configures a test run; plain data, so that worker threads get it as it is. */
export interface FixtureConfiguration {
  /** --config, relative to the working directory. */
  config?: string;
  /** INVESTIGATION_CONFIG. */
  envConfig?: string;
  /** --preset. */
  preset?: string;
  /** The content of the --policy file. */
  policy?: unknown;
}

export type FixtureJudge = { ok: true; compiler: Compiler; config: ResolvedConfig } | { ok: false; problem: string };

/**
 * Judges the fixtures of one run: each configuration is read, and each compiler created, once.
 * `inside` is the fixture's folder, in which a configuration its expectation names must lie.
 */
export type FixtureJudges = (spec: RawPath, found: ExpectationFile | null, inside: FolderBound) => FixtureJudge;

/**
 * The compiler a fixture is judged by: the configuration its expectation names (relative to the
 * expectation file, and inside the fixture's folder), else the command line's (--config,
 * INVESTIGATION_CONFIG) or the nearest one walking up from the spec's folder; then --preset and
 * --policy, then the expectation's own preset and policy. A configuration or policy that cannot be
 * used is the fixture's problem.
 */
export function createFixtureJudges(configuration: FixtureConfiguration, cwd: string): FixtureJudges {
  const compilerFor = compilerCache();
  let lookup: ConfigLookup | undefined;
  const flags = pickOverride(configuration.preset, configuration.policy);
  return (spec, found, inside) => {
    const expectation = found?.expectation;
    try {
      let config: ResolvedConfig;
      if (found !== null && expectation?.config !== undefined) {
        const namedBy = displayPath(pathText(found.file), cwd);
        config = readSidecarConfig(resolve(dirname(pathText(found.file)), expectation.config), namedBy, cwd, inside);
      } else {
        lookup ??= createConfigLookup(configuration.config, configuration.envConfig, cwd);
        config = lookup.forFolder(dirname(pathText(spec)));
      }
      const own = pickOverride(expectation?.preset, expectation?.policy);
      return { ok: true, compiler: compilerFor(layerConfig(config.config, flags, own)), config };
    } catch (error) {
      if (error instanceof ConfigError) return { ok: false, problem: error.message };
      if (error instanceof UsageError) return { ok: false, problem: `cannot be judged: ${error.message}` };
      throw error;
    }
  };
}

function pickOverride(preset: string | undefined, policy: unknown): ConfigOverride {
  return { ...definedFields({ preset, policy }) };
}
