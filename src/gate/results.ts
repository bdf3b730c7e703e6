import { isRecord } from '../common/guards.js';
import type { ProblemCounts } from '../diagnostics/cap.js';
import { compareStrings, type Diagnostic } from '../diagnostics/diagnostic.js';
import { diagnosticShapeProblem } from '../diagnostics/shape.js';
import type { FileOutcome } from '../report/outcome.js';

/** One `compile --json` envelope, as read from a file, with the name it is known by in messages. */
export interface ResultDocument {
  source: string;
  value: unknown;
}

/** Every file judged by one or more runs of the gate (shards of one matrix), in code-unit order of their paths. */
export interface GateResults {
  /** How many result documents were merged. */
  runs: number;
  files: FileOutcome[];
  /** The worst exit code of the runs: what the gate as a whole exits with. */
  exitCode: number;
  /** Unused baseline entries of the runs that fail on them (--fail-on-unused-suppressions); null when none does. */
  failingUnused: FailingUnused | null;
}

/**
 * Unused baseline entries that fail the gate, over the runs merged. An entry of a spec that is gone
 * is reported by every shard, so the entries each run lists are counted once each; when a run
 * listed only some of its entries, the count is a lower bound (`exact` false).
 */
export interface FailingUnused {
  count: number;
  exact: boolean;
}

/** A result document that is not a compile envelope, or two runs that judged the same file. */
export class GateResultsError extends Error {
  constructor(
    readonly subcode: 'NOT_A_RESULT' | 'DUPLICATE_FILE',
    message: string,
  ) {
    super(message);
  }
}

const EXIT_CODES: ReadonlySet<unknown> = new Set([0, 1, 3, 4]);

/**
 * Merges the envelopes of `compile --json` runs. Only what the summary needs is checked, each with a
 * message that names the document and the member, so that a wrong file (a report, a SARIF log, an
 * envelope of another command) is refused instead of summarised as zero files.
 */
export function mergeResults(documents: readonly ResultDocument[]): GateResults {
  const files: FileOutcome[] = [];
  const seen = new Map<string, string>();
  let exitCode = 0;
  const unused = { listed: new Set<string>(), largest: 0, exact: true, failing: false };
  for (const { source, value } of documents) {
    const envelope = compileEnvelope(source, value);
    exitCode = Math.max(exitCode, envelope.exitCode);
    const failing = failingUnusedOf(envelope.suppressions);
    if (failing !== null) {
      unused.failing = true;
      for (const entry of failing.listed) unused.listed.add(entry);
      unused.largest = Math.max(unused.largest, failing.total);
      if (failing.listed.length < failing.total) unused.exact = false;
    }
    envelope.files.forEach((file, index) => {
      const outcome = fileOutcome(`${source}: data.files[${index}]`, file);
      const earlier = seen.get(outcome.path);
      if (earlier !== undefined)
        throw new GateResultsError('DUPLICATE_FILE', `${outcome.path} is in both ${earlier} and ${source}; shards must not overlap`);
      seen.set(outcome.path, source);
      files.push(outcome);
    });
  }
  files.sort((a, b) => compareStrings(a.path, b.path));
  const count = Math.max(unused.listed.size, unused.largest);
  const failingUnused = unused.failing && count > 0 ? { count, exact: unused.exact } : null;
  return { runs: documents.length, files, exitCode, failingUnused };
}

/**
 * A run's unused baseline entries when they failed it (data.suppressions with failOnUnused): each
 * listed one as a key of its file, spec and rule, and how many there were. Null for a run that did
 * not fail on them, and for an envelope whose suppressions are not in the shape compile writes
 * (an older one): the summary then only misses the reason, never the exit code.
 */
function failingUnusedOf(suppressions: unknown): { listed: string[]; total: number } | null {
  if (!isRecord(suppressions) || suppressions['failOnUnused'] !== true) return null;
  const { unused, unusedTotal } = suppressions;
  if (!Array.isArray(unused) || typeof unusedTotal !== 'number' || !Number.isInteger(unusedTotal) || unusedTotal < 0) return null;
  const listed = unused.filter(isRecord).map((entry) => JSON.stringify([entry['file'], entry['spec'], entry['ruleId']]));
  return { listed, total: unusedTotal };
}

function compileEnvelope(source: string, value: unknown): { files: unknown[]; exitCode: number; suppressions: unknown } {
  const refuse = (what: string): never => {
    throw new GateResultsError('NOT_A_RESULT', `${source} is not the --json envelope of a compile run: ${what}`);
  };
  if (!isRecord(value)) return refuse('it is not a JSON object');
  if (value['schema'] !== '1') return refuse('"schema" is not "1"');
  if (value['command'] !== 'compile') return refuse(`"command" is ${JSON.stringify(value['command'])}, not "compile"`);
  const data = value['data'];
  if (!isRecord(data) || !Array.isArray(data['files'])) return refuse('it has no data.files list');
  const summary = data['summary'];
  const exitCode = isRecord(summary) ? summary['exitCode'] : undefined;
  if (typeof exitCode !== 'number' || !Number.isInteger(exitCode) || exitCode < 0)
    return refuse('data.summary.exitCode is not an exit code');
  return { files: data['files'], exitCode, suppressions: data['suppressions'] };
}

function fileOutcome(where: string, value: unknown): FileOutcome {
  const refuse = (what: string): never => {
    throw new GateResultsError('NOT_A_RESULT', `${where}: ${what}`);
  };
  if (!isRecord(value)) return refuse('not an object');
  const { path, exitCode, verdict, diagnostics, counts, error } = value;
  if (typeof path !== 'string' || path === '') return refuse('"path" is not a non-empty string');
  if (!EXIT_CODES.has(exitCode)) return refuse('"exitCode" is not 0, 1, 3 or 4');
  if (verdict !== 'pass' && verdict !== 'fail' && verdict !== 'draft-ok') return refuse('"verdict" is not "pass", "fail" or "draft-ok"');
  if (!Array.isArray(diagnostics)) return refuse('"diagnostics" is not a list');
  diagnostics.forEach((diagnostic, index) => {
    const problem = diagnosticShapeProblem(diagnostic);
    if (problem !== null) refuse(`diagnostics[${index}]: ${problem}`);
  });
  if (!isCounts(counts)) return refuse('"counts" is not an object of errors, warnings and suppressed, each a whole number');
  if (error !== null && !(isRecord(error) && typeof error['code'] === 'string' && typeof error['message'] === 'string'))
    return refuse('"error" is neither null nor an object with a code and a message');
  return {
    path,
    exitCode: exitCode as FileOutcome['exitCode'],
    verdict,
    diagnostics: diagnostics as Diagnostic[],
    counts,
    error: error as FileOutcome['error'],
    report: null,
  };
}

function isCounts(value: unknown): value is ProblemCounts {
  if (!isRecord(value)) return false;
  return (['errors', 'warnings', 'suppressed'] as const).every((key) => {
    const count = value[key];
    return typeof count === 'number' && Number.isInteger(count) && count >= 0;
  });
}
