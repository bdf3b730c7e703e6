import { isRecord } from '../common/guards.js';
import { jsonText } from '../common/json-text.js';
import { didYouMean } from '../common/suggest.js';
import { show } from '../common/text.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { catalogRules, foundationRules } from '../dialects/index.js';
import { Suppressions } from './store.js';

export { Suppressions };

/** The name a suppressions file is looked up by, walking up from each spec's folder. */
export const SUPPRESSIONS_FILE_NAME = 'investigation-suppressions.json';

/**
 * Why a foundation rule's problems are never accepted by a baseline, as its metadata says
 * (RuleMeta.foundation): the other rules cannot judge a document it rejects, so accepting them
 * would pass what was not judged. Dialects that share a rule id share the first one's reason.
 */
const NEVER_ACCEPTED = new Map<string, string>();
for (const { meta } of foundationRules())
  if (meta.foundation !== undefined && !NEVER_ACCEPTED.has(meta.id)) NEVER_ACCEPTED.set(meta.id, meta.foundation.neverAccepted);

/** Every rule of the gate but the foundation rules, whose problems are fixed or answered, never accepted. */
export const SUPPRESSIBLE_RULES: readonly string[] = catalogRules()
  .filter((rule) => rule.meta.foundation === undefined)
  .map((rule) => rule.meta.id);

const SUPPRESSIBLE = new Map(SUPPRESSIBLE_RULES.map((id) => [id, id]));

/** A rule id read from a file as the catalog spells it (one string shared by every entry), or undefined when no rule may be suppressed by it. */
export function suppressibleRule(ruleId: string): string | undefined {
  return SUPPRESSIBLE.get(ruleId);
}

/** Why a rule id has no place in a baseline, said by each reader in its own words; undefined when it has one. */
export function unsuppressible(
  ruleId: string,
): { why: 'foundation'; reason: string } | { why: 'unknown'; readonly hint: string } | undefined {
  const reason = NEVER_ACCEPTED.get(ruleId);
  if (reason !== undefined) return { why: 'foundation', reason };
  if (SUPPRESSIBLE.has(ruleId)) return undefined;
  // The did-you-mean is looked for only when a message uses it.
  return {
    why: 'unknown',
    get hint() {
      return didYouMean(ruleId, SUPPRESSIBLE_RULES);
    },
  };
}

/** A suppressions file that cannot be used (the message names every problem at once), or one named that is not there. */
export class SuppressionsError extends Error {
  override readonly name = 'SuppressionsError';

  constructor(
    readonly subcode: 'INVALID_SUPPRESSIONS' | 'SUPPRESSIONS_NOT_FOUND',
    message: string,
  ) {
    super(message);
  }
}

/** At most this many of a file's problems are named in its message; the rest are counted. */
const NAMED_PROBLEMS = 20;

/**
 * The problems of one suppressions file, as its readers find them: the first NAMED_PROBLEMS worded
 * in full, the rest counted (wording a did-you-mean costs, so only what is named is worded), so
 * that a huge broken file gets a message of bounded length.
 */
export class ProblemList {
  readonly #named: string[] = [];
  #unnamed = 0;

  add(describe: () => string): void {
    if (this.#named.length < NAMED_PROBLEMS) this.#named.push(describe());
    else this.#unnamed++;
  }

  get empty(): boolean {
    return this.#named.length === 0;
  }

  /** The usage error that names the problems, after `where`. */
  error(where: string): SuppressionsError {
    const total = this.#named.length + this.#unnamed;
    const listed =
      total === 1
        ? this.#named[0]
        : `${total} problems: ${this.#named.join('; ')}${this.#unnamed === 0 ? '' : `; and ${this.#unnamed} more`}`;
    return new SuppressionsError(
      'INVALID_SUPPRESSIONS',
      `${where}: ${listed}; fix it by hand, or delete it and write it anew with --suppress-all`,
    );
  }
}

/** The file's content typed, or a SuppressionsError naming (after `where`) its problems. */
export function validateSuppressions(data: Record<string, unknown>, where: string): Suppressions {
  const problems = new ProblemList();
  // Built only while no problem is found: a broken file needs its problems, not its entries.
  let result: Suppressions | undefined = new Suppressions();
  for (const spec of Object.keys(data)) {
    const byRule = data[spec];
    const keyProblem = specKeyProblem(spec);
    if (keyProblem !== undefined) {
      problems.add(keyProblem);
      continue;
    }
    if (!isRecord(byRule)) {
      problems.add(() => `entry ${show(spec)}: must map rule ids to {"count": N}`);
      continue;
    }
    const counts: Record<string, number> = Object.create(null);
    for (const [ruleId, entry] of Object.entries(byRule)) {
      const found = ruleProblem(spec, ruleId, entry);
      if (found === undefined) counts[suppressibleRule(ruleId) as string] = (entry as { count: number }).count;
      else problems.add(found);
    }
    if (problems.empty) result?.set(spec, counts);
    else result = undefined;
  }
  if (result === undefined || !problems.empty) throw problems.error(where);
  return result;
}

/** What is wrong with a key as a baseline names a spec (a relative path with forward slashes), worded when asked; undefined when nothing is. */
export function specKeyProblem(spec: string): (() => string) | undefined {
  if (!(spec === '' || spec.startsWith('/') || spec.includes('\\') || /^[A-Za-z]:/.test(spec))) return undefined;
  return () => `entry ${show(spec)}: a spec is named by its path relative to the suppressions file's folder, with forward slashes`;
}

/** What is wrong with the entry of `ruleId` for `spec`, worded when asked; undefined when nothing is. */
export function ruleProblem(spec: string, ruleId: string, entry: unknown): (() => string) | undefined {
  const at = (text: string) => () => `entry ${show(spec)}: ${text}`;
  const refused = unsuppressible(ruleId);
  if (refused?.why === 'foundation') return at(`${ruleId} cannot be suppressed: ${refused.reason}`);
  if (refused?.why === 'unknown')
    return () => {
      const hint = refused.hint;
      return `entry ${show(spec)}: unknown rule ${show(ruleId)}${hint === '' ? '' : `.${hint}`}`;
    };
  if (!isRecord(entry) || Object.keys(entry).some((key) => key !== 'count'))
    return at(`rule ${ruleId}: must be {"count": N}, with nothing else beside the count`);
  const { count } = entry;
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1)
    return at(`rule ${ruleId}: count must be a whole number of at least 1, not ${show(count)}`);
  return undefined;
}

/**
 * The file's text, as two-space JSON (jsonText's own layout and escapes): specs and rules in
 * code-unit order, so that the same baseline is the same bytes. Written entry by entry, without
 * building the document's objects first.
 */
export function suppressionsText(suppressions: Suppressions): string {
  const specs = [...suppressions.specs()].sort(compareStrings);
  if (specs.length === 0) return '{}\n';
  const parts: string[] = [];
  for (const spec of specs) {
    const counts = suppressions.countsOf(spec) as Record<string, number>;
    const ruleIds = Object.keys(counts).sort(compareStrings);
    const members = ruleIds.map((ruleId) => `    ${quoted(ruleId)}: {\n      "count": ${counts[ruleId]}\n    }`);
    parts.push(`  ${quoted(spec)}: {\n${members.join(',\n')}\n  }`);
  }
  return `{\n${parts.join(',\n')}\n}\n`;
}

/** A string as JSON writes it, with jsonText's escapes. */
function quoted(text: string): string {
  return jsonText(text).slice(0, -1);
}
