import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { pathText } from '../common/raw-path.js';
import { sha256Hex } from '../common/sha256.js';
import { plural, show } from '../common/text.js';
import { writesInside } from '../common/write-file.js';
import type { Baseline } from '../compile.js';
import type { FileOutcome } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';
import {
  createSuppressionsLookup,
  type ExceededSuppression,
  exceededSuppressions,
  type JudgedSpec,
  LISTED_UNUSED,
  type LookupOptions,
  type SuppressionsFile,
  type SuppressionsLookup,
  specKey,
  suppressionsText,
  type UnusedSuppression,
  unsuppressible,
  unusedSuppressions,
  updateSuppressions,
} from '../suppressions/index.js';
import { usageError } from './contract.js';
import { writeOutput } from './deliver.js';
import { reportingErrors } from './error-table.js';

/** The baseline flags of the commands that judge specs. */
export interface BaselineFlags {
  /** --suppressions FILE: the one suppressions file of the run. */
  suppressions?: string;
  suppressAll?: boolean;
  suppressRules?: string[];
  pruneSuppressions?: boolean;
  /** Unused entries fail the run (GATE_FAILED, UNUSED_SUPPRESSIONS), as ESLint's unused bulk suppressions do. */
  failOnUnusedSuppressions?: boolean;
  /** The text listing lists each suppressed problem, rather than counting them in one line a file. */
  showSuppressed?: boolean;
}

/** Which suppressions file, and which entry of it, holds the baseline of each input. */
export interface BaselinePlan {
  /** Per input, in input order; null for standard input and for specs with no suppressions file (unless the run writes one). */
  places: Array<{ file: SuppressionsFile; key: string } | null>;
  writing: boolean;
  /** The baselines found by walking up, and those ignored above where the walk stops: one warning each. */
  notes: string[];
  /** The lookup that found them, for a caller that keeps it for its next plan. */
  lookup: SuppressionsLookup;
}

/** What the baselines of a run came to, for standard error and the envelope. */
export interface BaselineFindings {
  files: Array<{ path: string; source: SuppressionsFile['source'] }>;
  written: Array<{ path: string; specs: number; problems: number }>;
  /** The first LISTED_UNUSED unused entries, file by file, each file's in spec, then rule order. */
  unused: Array<UnusedSuppression & { file: string }>;
  /** Every unused entry, listed or not. */
  unusedTotal: number;
  exceeded: Array<ExceededSuppression & { file: string }>;
  /** --fail-on-unused-suppressions: an unused entry fails the run. */
  failOnUnused?: true;
}

/** Standard error names this many unused entries, one sentence each, and counts the rest in one more. */
const NAMED_UNUSED = 5;

/**
 * Each input's suppressions file, found once per folder, never above the boundary (`roots`: the
 * MCP server's, when it runs the command; `server` also bounds what is read and names the argument
 * that pins a baseline; a caller that judges again and again passes the lookup it `kept`, whose
 * baseline files stay read until it makes a new one); the rule ids of --suppress-rule checked first.
 */
export function planBaselines(
  flags: BaselineFlags,
  inputs: readonly InputFile[],
  cwd: string,
  roots?: readonly string[],
  server: Pick<LookupOptions, 'inside' | 'pin'> & { kept?: SuppressionsLookup } = {},
): BaselinePlan {
  for (const ruleId of flags.suppressRules ?? []) checkSuppressibleRule(ruleId);
  const writing = flags.suppressAll === true || (flags.suppressRules ?? []).length > 0 || flags.pruneSuppressions === true;
  const { kept, ...options } = server;
  const lookup =
    kept ?? reportingErrors(() => createSuppressionsLookup(flags.suppressions, cwd, { writing, ...definedFields({ roots }), ...options }));
  const places = inputs.map((input) => {
    if (input.open === '-') return null;
    const spec = pathText(input.open);
    const file = reportingErrors(() => lookup.forSpec(spec) ?? (writing ? lookup.fresh() : null));
    return file === null ? null : { file, key: specKey(file, spec) };
  });
  if (writing) for (const file of new Set(places.map((place) => place?.file))) if (file !== undefined) checkRewritable(file);
  return { places, writing, notes: lookup.takeNotes(), lookup };
}

/**
 * Before anything is compiled or written: a baseline the run did not get from --suppressions (one
 * found walking up, or the new one in the working directory) is rewritten only inside the folder
 * where lookup stops, never through a link out of it (a link to a file outside would have been
 * refused when read; this is one to nothing yet).
 */
function checkRewritable(file: SuppressionsFile): void {
  if (file.inside === undefined || writesInside(file.path, file.inside)) return;
  throw usageError(
    'OUTPUT_NOT_WRITABLE',
    `suppressions file ${file.shown} is a symbolic link out of ${file.inside.shown}; not written through (nothing was written): replace the link with a file, or name the baseline to write with --suppressions`,
  );
}

/** The baseline of input `index`, for the compiler. */
export function baselineOf(plan: BaselinePlan, index: number): Baseline | undefined {
  const place = plan.places[index];
  if (place == null) return undefined;
  const counts = place.file.entries.countsOf(place.key);
  return { source: place.file.shown, counts: counts ?? Object.create(null), ...definedFields({ sha256: place.file.sha256 }) };
}

/**
 * Writes each suppressions file the run uses anew, from what the rules found in the specs just
 * compiled (--suppress-all, --suppress-rule, --prune-suppressions), atomically; returns the plan
 * with the new entries, for the specs to be judged again by them.
 */
export function rewriteBaselines(
  plan: BaselinePlan,
  flags: BaselineFlags,
  outcomes: readonly FileOutcome[],
): {
  plan: BaselinePlan;
  written: BaselineFindings['written'];
} {
  const update = { all: flags.suppressAll === true, rules: flags.suppressRules ?? [], prune: flags.pruneSuppressions === true };
  const rewritten = new Map<SuppressionsFile, SuppressionsFile>();
  const written: BaselineFindings['written'] = [];
  for (const [file, judged] of judgedByFile(plan, outcomes)) {
    const entries = updateSuppressions(file.entries, judged, update, specExists(file));
    const text = suppressionsText(entries);
    writeOutput(file.path, text, `suppressions file ${file.shown}`, file.inside);
    rewritten.set(file, { ...file, exists: true, entries, sha256: sha256Hex(text) });
    let problems = 0;
    for (const [, , count] of entries.entries()) problems += count;
    written.push({ path: file.shown, specs: entries.size, problems });
  }
  const places = plan.places.map((place) => (place === null ? null : { ...place, file: rewritten.get(place.file) ?? place.file }));
  return { plan: { ...plan, places }, written };
}

/** The files in force, the entries that accept more than is left, and the rules with more problems than accepted. */
export function baselineFindings(
  plan: BaselinePlan,
  outcomes: readonly FileOutcome[],
  written: BaselineFindings['written'],
  failOnUnused = false,
): BaselineFindings {
  const findings: BaselineFindings = {
    files: [],
    written,
    unused: [],
    unusedTotal: 0,
    exceeded: [],
    ...(failOnUnused ? { failOnUnused } : {}),
  };
  for (const [file, judged] of judgedByFile(plan, outcomes)) {
    findings.files.push({ path: file.shown, source: file.source });
    const unused = unusedSuppressions(file.entries, judged, specExists(file));
    for (const entry of unused.listed.slice(0, LISTED_UNUSED - findings.unused.length))
      findings.unused.push({ file: file.shown, ...entry });
    findings.unusedTotal += unused.total;
    for (const entry of exceededSuppressions(file.entries, judged)) findings.exceeded.push({ file: file.shown, ...entry });
  }
  return findings;
}

/** The unused entries that fail the run: all of them under --fail-on-unused-suppressions, else none. */
export function failingUnused(findings: BaselineFindings): number {
  return findings.failOnUnused === true ? findings.unusedTotal : 0;
}

/**
 * One sentence each for the rules over their count (as many as the specs judged have problems) and
 * for the first NAMED_UNUSED unused entries; one more counts the other unused entries, however
 * large the baseline, and says where they are listed.
 */
export function baselineWarnings({ unused, unusedTotal, exceeded }: BaselineFindings): string[] {
  const named = unused.slice(0, NAMED_UNUSED);
  const others = unusedTotal - named.length;
  return [
    ...exceeded.map(
      ({ file, spec, ruleId, count, found }) =>
        `${spec}: ${ruleId} found ${plural(found, 'problem')}, more than the ${count} that ${file} accepts, so all ${found} are reported; fix the new one, or accept it with --suppress-rule ${ruleId}`,
    ),
    ...named.map(({ file, spec, ruleId, count, found, missing }) =>
      missing
        ? `${file}: ${show(spec)} is not there any more; --prune-suppressions drops its entry for ${ruleId}`
        : `${file}: ${show(spec)} accepts ${plural(count, 'problem')} of ${ruleId}, but ${found} ${found === 1 ? 'is' : 'are'} left; --prune-suppressions lowers the count`,
    ),
    ...(others > 0
      ? [
          `${others.toLocaleString('en-US')} more unused baseline ${others === 1 ? 'entry is' : 'entries are'} not named here (accepting more problems than are left, or naming specs that are gone); --prune-suppressions clears them all, and with --json the envelope lists the first ${LISTED_UNUSED} in data.suppressions.unused and counts them all in data.suppressions.unusedTotal`,
        ]
      : []),
  ];
}

/** The specs of the run with a suppressions file and a report, by file, in order of first use. */
function judgedByFile(plan: BaselinePlan, outcomes: readonly FileOutcome[]): Map<SuppressionsFile, JudgedSpec[]> {
  const byFile = new Map<SuppressionsFile, JudgedSpec[]>();
  plan.places.forEach((place, index) => {
    if (place === null) return;
    const judged = byFile.get(place.file) ?? [];
    byFile.set(place.file, judged);
    const totals = outcomes[index]?.ruleTotals;
    // A spec that could not be read says nothing of its entries: they are neither used nor unused.
    if (totals !== undefined) judged.push({ key: place.key, totals });
  });
  return byFile;
}

function specExists(file: SuppressionsFile): (key: string) => boolean {
  return (key) => existsSync(resolve(dirname(file.path), key));
}

function checkSuppressibleRule(ruleId: string): void {
  const refused = unsuppressible(ruleId);
  if (refused?.why === 'foundation') throw usageError('INVALID_ARGUMENT', `--suppress-rule ${ruleId}: ${refused.reason}`);
  if (refused?.why === 'unknown')
    throw usageError('UNKNOWN_RULE', `--suppress-rule: unknown rule ${show(ruleId)}.${refused.hint}`.trimEnd());
}
