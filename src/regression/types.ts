import type { RawPath } from '../common/raw-path.js';
import type { ConfigSource } from '../config/resolve.js';

/** One way a fixture differs from its expectation or goldens. */
export interface Problem {
  /** One line: what differs. */
  message: string;
  /** More lines, such as the diff of a golden; absent when the message says it all. */
  detail?: string;
}

/**
 * - `none`: compare only.
 * - `goldens`: rewrite the goldens that exist, and create both goldens for fixtures whose verdict is pass.
 * - `all`: as `goldens`, and also write each fixture's expectation from its actual result.
 */
export type UpdateMode = 'none' | 'goldens' | 'all';

export interface FixtureResult {
  /** The spec file, as given: its raw bytes when its name is not UTF-8. */
  file: RawPath;
  /** The spec path relative to the working directory, with forward slashes, as shown and as compiled. */
  path: string;
  passed: boolean;
  problems: Problem[];
  /** Files written in an update mode (paths as shown), in the order written. */
  written: string[];
  /** Those of `written` that did not exist before. */
  created?: string[];
  /** The configuration file that judged the fixture; absent for the built-in defaults or when it was not compiled. */
  config?: { path: string; source: ConfigSource };
  /** What the compiler gave; null when the fixture was not compiled (unreadable spec or expectation). */
  exitCode: 0 | 1 | 3 | 4 | null;
}
