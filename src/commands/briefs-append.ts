import { resolve } from 'node:path';
import { appendBrief, placeInBrief } from '../briefs/append.js';
import type { AppendRefusalCode } from '../briefs/append-plan.js';
import { readEvidenceRegistry } from '../briefs/registry.js';
import { definedFields } from '../common/defined-fields.js';
import { displayPath } from '../common/display-path.js';
import { exitCodes } from '../common/exit-codes.js';
import type { FolderBound } from '../common/folder-bound.js';
import { plural } from '../common/text.js';
import { type InputProblem, type Locator, readDocument } from '../compile.js';
import { writeDiagnosticLines } from '../engine/compile-outcome.js';
import { exitCodeOf, inputError, type UsageSubcode, usageError } from '../engine/contract.js';
import type { CommandResult, Io } from '../engine/result.js';
import { escapeFor } from '../render/untrusted/index.js';
import { toolInfo } from '../tool.js';

export interface BriefsAppendOptions {
  dir: string;
  hypothesis: string;
  /** A JSON or YAML file holding the brief itself; "-" for standard input. */
  from: string;
  spec?: string;
  maxBytes: number;
  json: boolean;
}

const NOT_A_BRIEF =
  'the brief is not an object; --from holds the brief itself: {formatVersion: 1, findings, uncertainties, nextQuestion, changes}';

/** The input errors among the refusals, each under the subcode of the same name. */
const INPUT_REFUSALS = ['TOO_LARGE', 'TOO_DEEP', 'UNREADABLE'] as const;

/** The refusals that are the command line's to fix (OUTSIDE only happens to an MCP tool's call). */
const USAGE_SUBCODES: Readonly<Record<Exclude<AppendRefusalCode, (typeof INPUT_REFUSALS)[number]>, UsageSubcode>> = {
  INVALID_HYPOTHESIS: 'INVALID_HYPOTHESIS',
  CHAIN_BROKEN: 'CHAIN_BROKEN',
  ARTIFACT_EXISTS: 'ARTIFACT_EXISTS',
  NOT_A_DIRECTORY: 'NOT_A_DIRECTORY',
  NOT_WRITABLE: 'OUTPUT_NOT_WRITABLE',
  OUTSIDE: 'OUTSIDE_ROOTS',
};

/**
 * Writes the brief of --from as the next artifact of the chain of --hypothesis in DIR (see
 * appendBrief): exit 0 when written, 1 (GATE_FAILED) with the diagnostics when the brief does not
 * pass and nothing was written, 2 when refused, 3 when --from or --spec cannot be read.
 * Diagnostics point into the artifact, as `briefs` reports them, and are placed at the line and
 * column of the same value in --from, where the brief is written and fixed.
 */
export async function briefsAppendCommand(options: BriefsAppendOptions, io: Io): Promise<CommandResult> {
  const from = options.from === '-' ? '<stdin>' : shownPath(options.from, io.cwd);
  const read = readDocument(options.from === '-' ? '-' : resolve(io.cwd, options.from), {
    maxBytes: options.maxBytes,
    shown: from,
    notAnObject: () => NOT_A_BRIEF,
  });
  if (!read.ok) return unreadableInput(from, read.problem, io);
  return appendGivenBrief(options, { data: read.data, from, locate: read.locate }, io);
}

/** A brief as given: read from a file (with its locator, to place diagnostics), or an object passed in (an MCP tool's argument). */
export interface GivenBrief {
  data: unknown;
  /** How messages name where the brief came from. */
  from: string;
  locate?: Locator;
}

/**
 * Appends a brief already in hand: the command line's after it read --from, and the MCP tool's,
 * which confines the folder and the spec to its roots (checked on what is opened, see appendBrief)
 * and names the spec by its argument (`specName`).
 */
export function appendGivenBrief(
  options: Omit<BriefsAppendOptions, 'from' | 'json'> & { inside?: FolderBound; specName?: string },
  brief: GivenBrief,
  io: Io,
): CommandResult {
  const shown = (path: string): string => shownPath(path, io.cwd);
  const { inside } = options;
  const lookup = readEvidenceRegistry(
    options.spec === undefined
      ? undefined
      : { file: resolve(io.cwd, options.spec), shown: shown(options.spec), ...definedFields({ inside }) },
    options.maxBytes,
    options.specName,
  );
  if (!lookup.ok) return unreadableInput(shown(options.spec as string), lookup.problem, io);
  for (const note of lookup.notes) io.stderr.write(`${toolInfo.name}: note: ${escapeFor.terminal(note)}\n`);
  const { from } = brief;
  const result = appendBrief(resolve(io.cwd, options.dir), options.hypothesis, brief.data, {
    registry: lookup.registry,
    maxBytes: options.maxBytes,
    shown: shown(options.dir),
    ...definedFields({ inside }),
  });
  if (result.outcome === 'refused') {
    const { code, message } = result;
    if (isInputRefusal(code)) throw inputError(code, message);
    throw usageError(USAGE_SUBCODES[code], message);
  }

  const diagnostics = placeInBrief(result.diagnostics, brief.locate);
  writeDiagnosticLines({ path: from, diagnostics, error: null }, io);
  const written = result.outcome === 'written';
  const { artifact } = result;
  const path = shown(result.path);
  const data = {
    written,
    path,
    hypothesisId: artifact.hypothesisId,
    sequence: artifact.sequence,
    parent: artifact.parent,
    sha256: written ? artifact.sha256 : null,
    from,
    diagnostics,
    registryChecked: lookup.registry !== undefined,
    notes: lookup.notes,
  };
  if (!written) {
    const message = `${from}: the brief has ${plural(diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length, 'error')}; ${path} was not written`;
    io.stderr.write(`${toolInfo.name}: ${escapeFor.terminal(message)}\n`);
    return { exitCode: exitCodes.gateFailed, data, warnings: [], error: { code: 'GATE_FAILED', subcode: 'ERRORS', message }, stdout: '' };
  }
  const parent = artifact.parent === null ? 'no parent' : `parent sha256 ${artifact.parent.sha256}`;
  return {
    exitCode: 0,
    data,
    warnings: [],
    error: null,
    stdout: `wrote ${escapeFor.terminal(path)} (sequence ${artifact.sequence}, ${parent})\n`,
  };
}

function isInputRefusal(code: AppendRefusalCode): code is (typeof INPUT_REFUSALS)[number] {
  return (INPUT_REFUSALS as readonly string[]).includes(code);
}

function shownPath(path: string, cwd: string): string {
  return displayPath(resolve(cwd, path), cwd) || '.';
}

/** A file that could not be read: the run's input error (exit 3), and on standard error with its place in the file, as compile says it. */
function unreadableInput(path: string, problem: InputProblem, io: Io): CommandResult {
  writeDiagnosticLines({ path, diagnostics: [], error: { code: 'INPUT_ERROR', ...problem } }, io);
  const error = { code: 'INPUT_ERROR' as const, subcode: problem.subcode, message: `${path}: ${problem.message}` };
  return { exitCode: exitCodeOf(error.code), data: {}, warnings: [], error, stdout: '' };
}
