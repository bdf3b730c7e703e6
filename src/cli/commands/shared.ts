import { isAbsolute, resolve } from 'node:path';
import { pathText } from '../../common/raw-path.js';
import { visible } from '../../common/visible.js';
import { WriteRefusedError, writeFileSafely } from '../../common/write-file.js';
import { type CompileResult, type Compiler, type CompilerOptions, createCompiler, UsageError } from '../../compile.js';
import { ConfigError, type ResolvedConfig, resolveConfig } from '../../config/resolve.js';
import { readDocument } from '../../load/document.js';
import { readInput } from '../../load/read-input.js';
import type { FileLocation, FileOutcome } from '../../report/outcome.js';
import { toolInfo } from '../../tool.js';
import { type EnvelopeError, usageError } from '../contract.js';
import type { InputFile } from '../inputs.js';
import type { Io } from './result.js';

/** The flags every command that compiles specs shares: how to build the compiler, and how to read and judge files. */
export interface CompilerFlags {
  preset?: string;
  policy?: string;
  config?: string;
  maxBytes: number;
  failOn: 'error' | 'warning';
  quiet: boolean;
}

/** A policy override and where it came from ("configuration FILE", "--policy FILE"), in the order applied. */
export interface PolicyLayer {
  origin: string;
  policy: unknown;
}

export interface PreparedCompiler {
  config: ResolvedConfig;
  compiler: Compiler;
  /** The options the compiler was built with, for worker threads to build the same one. */
  compilerOptions: CompilerOptions;
  policyLayers: PolicyLayer[];
}

/** The configuration (announcing a walk-up) and a compiler built from it and the flags. */
export function prepareCompiler(flags: CompilerFlags, io: Io): PreparedCompiler {
  const config = resolveConfigOrThrow(flags, io);
  return { config, ...makeCompiler(flags, config, io) };
}

function resolveConfigOrThrow(options: CompilerFlags, io: Io): ResolvedConfig {
  try {
    const config = resolveConfig(options.config, io.env['INVESTIGATION_CONFIG'], io.cwd);
    for (const warning of config.warnings) io.stderr.write(`${toolInfo.name}: warning: ${visible(warning)}\n`);
    return config;
  } catch (error) {
    if (error instanceof ConfigError) throw usageError(error.subcode, error.message);
    throw error;
  }
}

/** The configuration's preset, policy and rules, then --preset and --policy on top; a mistake names its source. */
function makeCompiler(options: CompilerFlags, config: ResolvedConfig, io: Io): Omit<PreparedCompiler, 'config'> {
  const configLayers = config.config.policy === undefined ? [] : [{ origin: `configuration ${config.path}`, policy: config.config.policy }];
  const configured: CompilerOptions = {
    preset: options.preset ?? config.config.preset ?? 'gate',
    ...(configLayers.length === 0 ? {} : { policy: configLayers.map((layer) => layer.policy) }),
    ...(config.config.rules === undefined ? {} : { rules: config.config.rules }),
  };
  const base = attempt(() => createCompiler(configured), config.path === null ? '' : `configuration ${config.path}: `);
  if (options.policy === undefined) return { compiler: base, compilerOptions: configured, policyLayers: configLayers };
  const policyLayers = [
    ...configLayers,
    { origin: `--policy ${options.policy}`, policy: readPolicy(options.policy, options.maxBytes, io.cwd) },
  ];
  const withPolicy: CompilerOptions = { ...configured, policy: policyLayers.map((layer) => layer.policy) };
  return { compiler: attempt(() => createCompiler(withPolicy), `--policy ${options.policy}: `), compilerOptions: withPolicy, policyLayers };
}

function attempt(create: () => Compiler, origin: string): Compiler {
  try {
    return create();
  } catch (error) {
    if (error instanceof UsageError) throw usageError(error.subcode, `${origin}${error.message}`);
    throw error;
  }
}

function readPolicy(path: string, maxBytes: number, cwd: string): unknown {
  const parsed = readDocument(resolve(cwd, path), { maxBytes, shown: path });
  // A file that cannot be read is named by its message already.
  if (!parsed.ok) throw usageError('INVALID_POLICY', `${parsed.bytes ? `--policy ${path}` : '--policy'}: ${parsed.problem.message}`);
  return parsed.data;
}

/** The flags that say how to read and judge each file. */
export type FileFlags = Pick<CompilerFlags, 'maxBytes' | 'failOn' | 'quiet'>;

/**
 * One input, read and compiled on its own: a file that cannot be read becomes its own INPUT_ERROR.
 * The decoded text is kept only with `keepSource` (for code frames): a large spec's text would
 * otherwise stay in memory beside its report while the report is rendered.
 */
export function compileFile(compiler: Compiler, input: InputFile, options: FileFlags, keepSource: boolean): FileOutcome {
  const read = input.problem ? ({ ok: false, ...input.problem } as const) : readInput(input.open, options.maxBytes, input.shown);
  const result: CompileResult = read.ok
    ? compiler.compile(read.bytes, input.open === '-' ? {} : { path: input.reportPath })
    : {
        exitCode: 3,
        verdict: 'fail',
        diagnostics: [],
        report: null,
        error: { code: 'INPUT_ERROR', subcode: read.subcode, message: read.message },
      };
  const diagnostics = options.quiet ? result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error') : result.diagnostics;
  const failsOnWarnings = options.failOn === 'warning' && result.exitCode === 0 && diagnostics.length > 0;
  return {
    path: input.shown,
    exitCode: failsOnWarnings ? 1 : result.exitCode,
    verdict: failsOnWarnings ? 'fail' : result.verdict,
    diagnostics,
    error: result.error,
    report: result.report,
    ...(keepSource && result.source !== undefined ? { source: result.source } : {}),
    ...(input.open === '-' ? {} : { location: fileLocation(input.reportPath, pathText(input.open)) }),
  };
}

/**
 * Where a file lies for SARIF and GitHub, from its path relative to the working directory: that
 * path when the file is inside, else its absolute path (a relative one would climb with "../").
 */
export function fileLocation(relativePath: string, absolutePath: string): FileLocation {
  const outside = relativePath === '..' || relativePath.startsWith('../') || isAbsolute(relativePath);
  return outside ? { kind: 'absolute', path: absolutePath } : { kind: 'relative', path: relativePath };
}

/**
 * Writes `content` atomically to the absolute `path`. A file that cannot be written is the user's
 * to fix, so the result is an error naming it as `label` (such as "--output report.md"), not a crash.
 */
export function writeOutputFile(path: string, content: string, label: string): EnvelopeError | null {
  try {
    writeFileSafely(path, content);
    return null;
  } catch (error) {
    return { code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE', message: writeFailure(label, error) };
  }
}

/** As writeOutputFile, for an output without which the run has nothing to show: a failure is the run's usage error. */
export function writeOutput(path: string, content: string, label: string): void {
  const error = writeOutputFile(path, content, label);
  if (error !== null) throw usageError('OUTPUT_NOT_WRITABLE', error.message);
}

/** Why a file could not be written, after its label: what was there, or the file system's error code. */
function writeFailure(label: string, error: unknown): string {
  if (error instanceof WriteRefusedError) return `${label} ${error.message}`;
  return `${label} cannot be written (${(error as NodeJS.ErrnoException).code ?? 'unknown error'}); check that its folder exists and is writable`;
}
