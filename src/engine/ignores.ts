import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { displayPath } from '../common/display-path.js';
import { type FolderBound, openedInside } from '../common/folder-bound.js';
import { ignoreMatcher, ignorePatternProblem, type PathMatcher } from '../common/glob-match.js';
import type { RawPath } from '../common/raw-path.js';
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

/** The first bytes of the tool's own JSON outputs, as it writes them: envelope, report, SARIF log. */
const REPORT = {
  kind: 'JSON report (--format json)',
  head: /^\{\s*"reportVersion":\s*\d+,\s*"tool":\s*\{\s*"name":\s*"compile-investigation"/,
};
const OWN_OUTPUTS: ReadonlyArray<{ kind: string; head: RegExp }> = [
  { kind: 'JSON envelope (--json)', head: /^\{\s*"schema":\s*"\d+",\s*"ok":\s*(?:true|false),\s*"command":/ },
  REPORT,
  {
    kind: 'SARIF log',
    head: /^\{\s*"\$schema":[^\n]*sarif[^\n]*,\s*"version":\s*"2\.1\.0",\s*"runs":\s*\[\s*\{\s*"tool":\s*\{\s*"driver":\s*\{\s*"name":\s*"compile-investigation"/,
  },
];
const HEAD_BYTES = 1024;

/**
 * Which of the tool's own outputs a file found in a folder is, or null: an envelope, report or
 * SARIF log written beside the specs (a CI step's results) is not a spec. Only the first bytes
 * are read, never shown, and only from a file that still lies inside `inside`. With `withReports`
 * (compare, which reads reports), a JSON report is taken.
 */
export function ownOutputKind(path: RawPath, inside: FolderBound | undefined, withReports = false): string | null {
  let descriptor: number;
  try {
    descriptor = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    if (!fstatSync(descriptor).isFile() || (inside !== undefined && !openedInside(descriptor, path, inside))) return null;
    const head = Buffer.alloc(HEAD_BYTES);
    const text = head.subarray(0, readSync(descriptor, head, 0, HEAD_BYTES, 0)).toString('utf8');
    return OWN_OUTPUTS.find((output) => (!withReports || output !== REPORT) && output.head.test(text))?.kind ?? null;
  } catch {
    return null;
  } finally {
    closeSync(descriptor);
  }
}
