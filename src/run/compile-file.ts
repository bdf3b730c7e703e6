// One input, read and compiled on its own, as the commands that judge specs do it: compile, stats,
// compare, next and the MCP tools (test judges fixtures through src/regression/).

import { isAbsolute } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import type { FolderBound } from '../common/folder-bound.js';
import { pathText } from '../common/raw-path.js';
import type { Baseline, CompileInputOptions, CompileResult, Compiler, InputDigest, SourceFormat, Stage } from '../compile.js';
import { decodeUtf8 } from '../load/parse.js';
import { type ReadResult, readInput, tooLarge } from '../load/read-input.js';
import { countsOf, type FileLocation, type FileOutcome } from '../report/outcome.js';
import type { TraceEvidence } from '../trace/evidence.js';
import type { TraceReader } from '../trace/trace-reader.js';
import type { InputFile } from './input-file.js';
import { traceFollower } from './trace-file.js';

/** The tree of an input that was given none: nothing lies inside it, so its x-trace is refused. */
const NO_TREE: FolderBound = { reals: [], shown: "the project's tree (none was given for this input)" };

/** What a file came to, and the note a listing ends with when --quiet hid warnings that fail the gate. */
export { type FileOutcome, hiddenWarningsNote } from '../report/outcome.js';

/** The flags that say how to read and judge each file: a draft (`--stage draft`) or a finished spec. */
export interface FileFlags {
  maxBytes: number;
  failOn: 'error' | 'warning';
  quiet: boolean;
  stage?: Stage;
}

/** A spec given as text rather than a file (an MCP client's argument), within the same size limit. */
export interface GivenText {
  text: string;
  format?: SourceFormat;
}

/**
 * One input, read and compiled on its own: a file that cannot be read becomes its own INPUT_ERROR.
 * An input with `given` text is not read: the text is the spec; nor is one whose `bytes` a caller
 * already read from it within the size limit. The decoded text is kept only with
 * `keepSource` (for code frames): a large spec's text would otherwise stay in memory beside its
 * report while the report is rendered.
 */
/** An input as a run compiles it: its baseline, the text given for it or bytes already read, its trace, the files its judge's settings came from. */
export type JudgedFile = InputFile & {
  baseline?: Baseline;
  given?: GivenText;
  bytes?: Uint8Array;
  trace?: TraceEvidence | TraceReader;
  /** The configuration and policy files its compiler's settings came from. */
  dependencies?: readonly InputDigest[];
};

export function compileFile(compiler: Compiler, input: JudgedFile, options: FileFlags, keepSource: boolean): FileOutcome {
  const read = sourceOf(input, options.maxBytes);
  const result: CompileResult = read.ok
    ? compiler.compile(read.source, compileOptionsOf(compiler, input, options))
    : {
        exitCode: 3,
        verdict: 'fail',
        diagnostics: [],
        report: null,
        error: { code: 'INPUT_ERROR', subcode: read.subcode, message: read.message },
      };
  const diagnostics = options.quiet ? result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error') : result.diagnostics;
  const counts = countsOf(result.diagnostics, result.error);
  // --quiet hides warnings from the listing, never from the gate.
  const failsOnWarnings = options.failOn === 'warning' && result.exitCode === 0 && counts.warnings > 0;
  const hiddenWarnings = failsOnWarnings ? result.diagnostics.length - diagnostics.length : 0;
  return {
    path: input.shown,
    exitCode: failsOnWarnings ? 1 : result.exitCode,
    verdict: failsOnWarnings ? 'fail' : result.verdict,
    diagnostics,
    ...(hiddenWarnings > 0 ? { hiddenWarnings } : {}),
    counts,
    ...('ruleTotals' in result ? { ruleTotals: result.ruleTotals } : {}),
    ...definedFields({ dialect: result.dialect }),
    error: result.error,
    report: result.report,
    ...(keepSource && result.source !== undefined ? { source: result.source } : {}),
    ...(input.open === '-' ? {} : { location: fileLocation(input.reportPath, pathText(input.open)) }),
  };
}

/** How a file is compiled: where it is, its stage, baseline, trace (given, or its x-trace followed) and the files its judge's settings came from. */
export function compileOptionsOf(compiler: Compiler, input: JudgedFile, options: Pick<FileFlags, 'stage'>): CompileInputOptions {
  if (input.open === '-')
    return definedFields({ stage: options.stage, trace: input.trace, dependencies: input.dependencies, sourceFormat: input.given?.format });
  const shared = { stage: options.stage, trace: withSpecFile(input.trace, pathText(input.open)), dependencies: input.dependencies };
  return {
    path: input.reportPath,
    ...definedFields({ ...shared, baseline: input.baseline }),
    followTrace: traceFollower({ open: pathText(input.open), shown: input.reportPath }, compiler.policy, {
      tree: input.tree ?? NO_TREE,
      ...definedFields({ folder: input.inside }),
    }),
  };
}

/**
 * A trace named by flags (--trace, the MCP tools' trace, the hook's transcript) with the spec's own
 * file, as a followed x-trace has it: trace-no-writes then lets the agent write its own record.
 */
function withSpecFile(trace: TraceEvidence | TraceReader | undefined, spec: string): TraceEvidence | TraceReader | undefined {
  if (trace === undefined) return undefined;
  const named = (evidence: TraceEvidence): TraceEvidence => (evidence.spec === undefined ? { ...evidence, spec } : evidence);
  return typeof trace === 'function' ? (nodes) => named(trace(nodes)) : named(trace);
}

/**
 * What the compiler is given: a file's text where its bytes are UTF-8, decoded here so that the
 * bytes are let go before the spec is parsed (a spec of 45 MB is then held once, as text, not
 * also as bytes, while it is compiled); the bytes themselves where they are not, for the
 * compiler's own account of them. The text compiles exactly as the bytes would (the same hash,
 * the same positions).
 */
export function sourceOf(
  input: InputFile & { given?: GivenText; bytes?: Uint8Array },
  maxBytes: number,
): { ok: true; source: string | Uint8Array } | Extract<ReadResult, { ok: false }> {
  if (input.problem) return { ok: false, ...input.problem };
  if (input.given !== undefined) return givenWithin(input.given, maxBytes, input.shown);
  const read: ReadResult =
    input.bytes !== undefined
      ? { ok: true, bytes: input.bytes }
      : readInput(input.open, { maxBytes, shown: input.shown, inside: input.inside });
  if (!read.ok) return read;
  const decoded = decodeUtf8(read.bytes);
  return { ok: true, source: decoded.ok ? decoded.text : read.bytes };
}

/**
 * Given text is the spec as its UTF-8 bytes would decode, without making them (an editor's buffer
 * is checked at every pause in typing): its size counted as UTF-8, a lone surrogate, which UTF-8
 * cannot hold, read as U+FFFD as the round trip through bytes would read it.
 */
function givenWithin(given: GivenText, maxBytes: number, shown: string): { ok: true; source: string } | Extract<ReadResult, { ok: false }> {
  if (Buffer.byteLength(given.text, 'utf8') > maxBytes) return tooLarge(shown, maxBytes);
  const text = given.text as string & { isWellFormed(): boolean; toWellFormed(): string };
  return { ok: true, source: text.isWellFormed() ? given.text : text.toWellFormed() };
}

/**
 * Where a file lies for SARIF and GitHub, from its path relative to the working directory: that
 * path when the file is inside, else its absolute path (a relative one would climb with "../").
 */
export function fileLocation(relativePath: string, absolutePath: string): FileLocation {
  const outside = relativePath === '..' || relativePath.startsWith('../') || isAbsolute(relativePath);
  return outside ? { kind: 'absolute', path: absolutePath } : { kind: 'relative', path: relativePath };
}
