// A run as code asks for it (ESLint's `new ESLint().lintFiles()`): the files that paths, folders
// and globs name, each judged by the configuration found from its own folder and by its baseline,
// as `compile-investigation PATHS` judges them; one document judged as the language server and
// the MCP server judge one. Nothing is printed or written: notes and warnings come back as data.
import { resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { pathText } from '../common/raw-path.js';
import type { Stage } from '../compile.js';
import type { FileOutcome } from '../run/compile-file.js';
import { DEFAULT_MAX_BYTES } from '../run/input-file.js';
import {
  type BaselineFindings,
  type BaselineFlags,
  baselineFindings,
  baselineOf,
  baselineWarnings,
  failingUnused,
  planBaselines,
} from './baselines.js';
import { fileCompiler } from './compile-job.js';
import { type RunSummary, summarizeRun } from './compile-outcome.js';
import { expandInputs } from './inputs.js';
import { type CompilerFlags, judgeInputs, runConfiguration, walkOptions } from './judges.js';
import { judgeOneSpec, type OneSpec, type OneSpecFlags, type SpecSource } from './one-spec.js';
import type { Io } from './result.js';

/** What a workspace judges with: compile's flags, as options; every one may be left out. */
export interface WorkspaceOptions
  extends Partial<Pick<CompilerFlags, 'preset' | 'policy' | 'config' | 'ignore' | 'maxBytes' | 'failOn'>>,
    Pick<BaselineFlags, 'suppressions' | 'failOnUnusedSuppressions'> {
  /** The folder paths are resolved from and shown relative to (default: the process's). */
  cwd?: string;
  /** Folders the configuration and baseline lookups stay inside (default: up to the top of the repository). */
  roots?: readonly string[];
  /** The environment read for INVESTIGATION_CONFIG (default: the process's). */
  env?: Record<string, string | undefined>;
  /** draft: judge unfinished specs, as `--stage draft`. */
  stage?: Stage;
  /** Fail the run past this many warnings (`--max-warnings`). */
  maxWarnings?: number;
}

/** The files a workspace judged, as `compile-investigation PATHS --json` reports them, without the printing. */
export interface JudgedFiles {
  /** Each file's outcome, in the order of its path. */
  files: FileOutcome[];
  summary: RunSummary;
  /** What the baselines came to: the files read, entries unused or exceeded. */
  suppressions: BaselineFindings;
  /** Configurations, baselines and links not followed, one sentence each. */
  warnings: string[];
  /** Files left out that are no fault (ignored, the tool's own output), one sentence each. */
  notes: string[];
}

export interface Workspace {
  readonly cwd: string;
  /** The files `patterns` name (paths, folders, quoted globs), ignores applied, as a report shows their paths. */
  listFiles(patterns: readonly string[]): Promise<{ files: string[]; warnings: string[]; notes: string[] }>;
  /** Every file `patterns` name, judged by its configuration and baseline. */
  judgeFiles(patterns: readonly string[]): Promise<JudgedFiles>;
  /** One document, a file or a text, judged as the language server and the MCP server judge it. */
  judgeDocument(source: SpecSource, flags?: Partial<OneSpecFlags>): Promise<OneSpec>;
  /** A path as reports show it: relative to the workspace's folder, with "/". */
  displayPath(path: string): string;
}

export function createWorkspace(options: WorkspaceOptions = {}): Workspace {
  const cwd = resolve(options.cwd ?? process.cwd());
  const flags: CompilerFlags = {
    maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES,
    failOn: options.failOn ?? 'error',
    quiet: false,
    ...definedFields({ preset: options.preset, policy: options.policy, config: options.config, ignore: options.ignore }),
  };
  const baselineFlags: BaselineFlags = definedFields({
    suppressions: options.suppressions,
    failOnUnusedSuppressions: options.failOnUnusedSuppressions,
  });

  /** An Io of the run that keeps what a command would print as notes. */
  function runIo(notes: string[]): Io {
    return {
      cwd,
      env: options.env ?? process.env,
      stderr: { write: (text: string) => notes.push(text.replace(/^[^:]+: note: /, '').replace(/\n$/, '')) },
      stdoutIsTTY: false,
      ...definedFields({ roots: options.roots }),
    };
  }

  async function listed(patterns: readonly string[], io: Io) {
    const configuration = runConfiguration(flags, io);
    const expanded = await expandInputs([...patterns], cwd, walkOptions(configuration, io));
    return { configuration, expanded };
  }

  return {
    cwd,
    async listFiles(patterns) {
      const notes: string[] = [];
      const { expanded } = await listed(patterns, runIo(notes));
      return { files: expanded.files.map((file) => file.reportPath), warnings: expanded.warnings, notes };
    },
    async judgeFiles(patterns) {
      const notes: string[] = [];
      const io = runIo(notes);
      const { configuration, expanded } = await listed(patterns, io);
      const judged = judgeInputs(configuration, expanded.files);
      const baselines = planBaselines(baselineFlags, expanded.files, cwd, options.roots);
      const compile = await fileCompiler((judge) => judged.compilers[judge] as (typeof judged.compilers)[number], {
        compilerOptions: judged.compilerOptions,
        flags: { maxBytes: flags.maxBytes, failOn: flags.failOn, quiet: false, ...definedFields({ stage: options.stage }) },
        render: null,
        keep: { report: true, source: false },
      });
      const files = expanded.files.map((input, index) => {
        const judge = judged.files[index]?.judge ?? 0;
        const baseline = baselineOf(baselines, index);
        return compile({ ...input, judge, dependencies: judged.dependencies[judge] ?? [], ...definedFields({ baseline }) }).outcome;
      });
      const findings = baselineFindings(baselines, files, [], options.failOnUnusedSuppressions === true);
      return {
        files,
        summary: summarizeRun(files, options.maxWarnings, failingUnused(findings)),
        suppressions: findings,
        warnings: [...judged.warnings, ...baselines.notes, ...expanded.warnings, ...baselineWarnings(findings)],
        notes,
      };
    },
    judgeDocument(source, documentFlags = {}) {
      const { maxBytes, preset, policy, config } = flags;
      return judgeOneSpec(source, { maxBytes, ...definedFields({ preset, policy, config }), ...documentFlags }, runIo([]));
    },
    displayPath: (path) => displayPath(pathText(resolve(cwd, path)), cwd),
  };
}
