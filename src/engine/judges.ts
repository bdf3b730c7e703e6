import { dirname, resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { pathText } from '../common/raw-path.js';
import { sha256Hex } from '../common/sha256.js';
import { type Compiler, type CompilerOptions, compilerCache, type InputDigest, readDocument } from '../compile.js';
import { layerConfig } from '../config/layers.js';
import { type ConfigLookup, createConfigLookup, type ResolvedConfig } from '../config/resolve.js';
import { escapeFor } from '../render/untrusted/index.js';
import type { FileFlags } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';
import { toolInfo } from '../tool.js';
import { usageError } from './contract.js';
import { reportingErrors } from './error-table.js';
import { type IgnoreCheck, ignoreCheck } from './ignores.js';
import type { ExpandOptions } from './inputs.js';
import type { Io } from './result.js';

/** The flags every command that compiles specs shares: how to build the compiler, and how to read and judge files. */
export interface CompilerFlags extends Omit<FileFlags, 'stage'> {
  preset?: string;
  policy?: string;
  config?: string;
  /** --ignore: glob patterns, relative to the working directory, of files folder walks and globs leave out. */
  ignore?: string[];
  /** --force-exclude: files named on the command line that the ignores match are left out too (compile). */
  forceExclude?: boolean;
}

/** The configuration source of the command line: --config or INVESTIGATION_CONFIG (read at once), or a lookup per folder; and --policy, read. */
export interface RunConfiguration {
  lookup: ConfigLookup;
  flags: CompilerFlags;
  /** The --policy file's content. */
  policy?: unknown;
  /** The --policy file as a verdict's input: its path and the SHA-256 of its bytes. */
  policyDigest?: InputDigest;
}

/** Which configuration judges each input, and one compiler per distinct configuration. */
export interface Judged {
  /** Per input, in input order: its configuration and the index of its compiler. */
  files: Array<{ config: ResolvedConfig; judge: number }>;
  compilers: Compiler[];
  /** The options of each compiler, for worker threads to build the same ones. */
  compilerOptions: CompilerOptions[];
  /** The files each compiler's settings came from (its configuration, the --policy file), by compiler: inputs of every verdict it gives. */
  dependencies: InputDigest[][];
  /** The walk-up warnings of the configurations used, once each, then the notes on configurations ignored above the boundary. */
  warnings: string[];
}

/**
 * --config and INVESTIGATION_CONFIG, then --policy: read and checked before any input is looked at.
 * A caller that judges again and again (the language server) passes the lookup it `kept`, whose
 * configuration files stay read until it makes a new one.
 */
export function runConfiguration(flags: CompilerFlags, io: Io, kept?: ConfigLookup): RunConfiguration {
  const lookup = kept ?? reportingErrors(() => createConfigLookup(flags.config, io.env['INVESTIGATION_CONFIG'], io.cwd, io.roots));
  if (flags.policy === undefined) return { lookup, flags };
  const { data, sha256 } = readPolicy(flags.policy, flags.maxBytes, io.cwd);
  // Named as reports name files: from the working directory, with "/".
  const path = displayPath(resolve(io.cwd, flags.policy), io.cwd);
  return { lookup, flags, policy: data, policyDigest: { role: 'policy', path, sha256 } };
}

/** The configuration of a file in `folder` (standard input: null), as a usage error when it cannot be used. */
export function configFor(run: RunConfiguration, folder: string | null): ResolvedConfig {
  return reportingErrors(() => run.lookup.forFolder(folder));
}

/** What folder walks and globs leave out: --ignore, then the ignores of the configuration that would judge the file. */
export function ignoresOf(run: RunConfiguration, cwd: string): IgnoreCheck {
  return ignoreCheck(run.flags.ignore ?? [], cwd, (folder) => configFor(run, folder));
}

/**
 * How a command's walk of its inputs leaves files out: the ignores, --force-exclude, the
 * standard streams redirected to files, and (within --max-bytes) the files of other kinds. Each note is said once a run, however many walks meet the
 * file (`compare . .` walks one folder as both sides).
 */
export function walkOptions(run: RunConfiguration, io: Io): ExpandOptions {
  const said = new Set<string>();
  return {
    ignore: ignoresOf(run, io.cwd),
    maxBytes: run.flags.maxBytes,
    ...(run.flags.forceExclude === true ? { forceExclude: true } : {}),
    ...definedFields({ streams: io.streamFiles }),
    note: (message) => {
      if (said.has(message)) return;
      said.add(message);
      writeNotes([message], io);
    },
  };
}

/** The walk's notes (files left out that are no fault) on standard error, each one inert line. */
export function writeNotes(notes: readonly string[], io: Io): void {
  for (const note of notes) io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(note)}\n`);
}

/**
 * Each input judged by the configuration found from its own folder (standard input: from the
 * working directory), with --preset and --policy on top; files that share a configuration share a
 * compiler. A configuration or policy that cannot be used is a usage error naming its source.
 * A caller that judges again and again (the language server) passes its own `compilerFor`, so
 * that the compilers of the same settings stay made between runs.
 */
export function judgeInputs(
  run: RunConfiguration,
  inputs: ReadonlyArray<Pick<InputFile, 'open'>>,
  compilerFor: (options: CompilerOptions) => Compiler = compilerCache(),
): Judged {
  const judged: Judged = { files: [], compilers: [], compilerOptions: [], dependencies: [], warnings: [] };
  const judgeOf = new Map<ResolvedConfig, number>();
  for (const input of inputs) {
    const config = configFor(run, input.open === '-' ? null : dirname(pathText(input.open)));
    let judge = judgeOf.get(config);
    if (judge === undefined) {
      const options = layerConfig(config.config, { ...pickPreset(run.flags), ...definedFields({ policy: run.policy }) });
      const origin =
        run.flags.policy !== undefined ? `--policy ${run.flags.policy}: ` : config.path === null ? '' : `configuration ${config.path}: `;
      judge = judged.compilers.length;
      judged.compilers.push(reportingErrors(() => compilerFor(options), origin));
      judged.compilerOptions.push(options);
      judged.dependencies.push([
        ...(config.path === null || config.sha256 === undefined
          ? []
          : [{ role: 'config' as const, path: config.path, sha256: config.sha256 }]),
        ...(run.policyDigest === undefined ? [] : [run.policyDigest]),
      ]);
      judged.warnings.push(...config.warnings);
      judgeOf.set(config, judge);
    }
    judged.files.push({ config, judge });
  }
  judged.warnings.push(...run.lookup.takeNotes());
  return judged;
}

/** How the envelope names a configuration: its path and where it came from. */
export function configEcho(config: ResolvedConfig): { path: string | null; source: ResolvedConfig['source'] } {
  return { path: config.path, source: config.source };
}

function pickPreset(flags: CompilerFlags): { preset?: string } {
  return definedFields({ preset: flags.preset });
}

function readPolicy(path: string, maxBytes: number, cwd: string): { data: unknown; sha256: string } {
  const parsed = readDocument(resolve(cwd, path), { maxBytes, shown: path });
  // A file that cannot be read is named by its message already.
  if (!parsed.ok) throw usageError('INVALID_POLICY', `${parsed.bytes ? `--policy ${path}` : '--policy'}: ${parsed.problem.message}`);
  return { data: parsed.data, sha256: sha256Hex(parsed.bytes as Uint8Array) };
}
