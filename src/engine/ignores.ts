import { dirname, resolve } from 'node:path';
import { displayPath } from '../common/display-path.js';
import { ignoreMatcher, ignorePatternProblem, type PathMatcher } from '../common/glob-match.js';
import { show } from '../common/text.js';
import { usageError } from './contract.js';

/**
 * Which files a walk leaves out: for an absolute path, the pattern that ignores it (as messages
 * name it) or null. --ignore patterns are relative to the working directory; a configuration's
 * `ignores` to the configuration file's folder, the configuration being the one that would judge
 * the file.
 */
export type IgnoreCheck = (path: string) => string | null;

/** The part of a configuration an ignore check needs: where it is (relative to cwd; null for none) and its patterns. */
export interface IgnoringConfig {
  path: string | null;
  config: { ignores?: readonly string[] };
}

/** The check for --ignore patterns (refused as a usage error when one cannot be used) and, per folder, the configuration's ignores. */
export function ignoreCheck(patterns: readonly string[], cwd: string, configFor?: (folder: string) => IgnoringConfig): IgnoreCheck {
  for (const pattern of patterns) {
    const problem = ignorePatternProblem(pattern);
    if (problem !== null) throw usageError('INVALID_ARGUMENT', `--ignore ${show(pattern)} ${problem}`);
  }
  const own = patterns.map((pattern) => ({ pattern, match: ignoreMatcher(pattern) }));
  const byConfig = new Map<string, Array<{ pattern: string; match: PathMatcher }>>();
  return (path) => {
    for (const { pattern, match } of own) if (match(relativeTo(cwd, path))) return `--ignore ${show(pattern)}`;
    const config = configFor?.(dirname(path));
    if (config === undefined || config.path === null || !config.config.ignores) return null;
    let matchers = byConfig.get(config.path);
    if (matchers === undefined) {
      matchers = config.config.ignores.map((pattern) => ({ pattern, match: ignoreMatcher(pattern) }));
      byConfig.set(config.path, matchers);
    }
    const base = dirname(resolve(cwd, config.path));
    for (const { pattern, match } of matchers) if (match(relativeTo(base, path))) return `${show(pattern)} of ${config.path}`;
    return null;
  };
}

function relativeTo(base: string, path: string): string {
  return displayPath(path, base);
}
