import { compareStrings } from '../diagnostics/diagnostic.js';
import type { ProblemEntry, RuleChange, SideProblem } from './types.js';

/**
 * The problems in HEAD and not in BASE (new) and in BASE and not in HEAD (fixed), by rule. A
 * problem is known by its rule and its JSON Pointer, never by its message (a reworded message is
 * the same problem), and each is counted: two problems of a rule at one pointer where BASE had one
 * make one new problem. Of the problems at one place, those whose message is on both sides are
 * matched first, so that the ones listed are the ones that differ. A side that has no file has no
 * problems: an added file's problems are all new, a removed file's all fixed.
 */
export function ruleChanges(base: readonly SideProblem[], head: readonly SideProblem[]): RuleChange[] {
  const places = new Map<string, { ruleId: string; path: string; base: SideProblem[]; head: SideProblem[] }>();
  const at = (problem: SideProblem) => {
    const key = JSON.stringify([problem.ruleId, problem.path]);
    let place = places.get(key);
    if (place === undefined) {
      place = { ruleId: problem.ruleId, path: problem.path, base: [], head: [] };
      places.set(key, place);
    }
    return place;
  };
  for (const problem of base) at(problem).base.push(problem);
  for (const problem of head) at(problem).head.push(problem);

  const rules = new Map<string, RuleChange>();
  for (const place of places.values()) {
    const excess = place.head.length - place.base.length;
    if (excess === 0) continue;
    const [more, fewer] = excess > 0 ? [place.head, place.base] : [place.base, place.head];
    const left = unmatched(more, fewer).slice(0, Math.abs(excess));
    let rule = rules.get(place.ruleId);
    if (rule === undefined) {
      rule = { ruleId: place.ruleId, new: [], fixed: [] };
      rules.set(place.ruleId, rule);
    }
    rule[excess > 0 ? 'new' : 'fixed'].push(...left);
  }
  for (const rule of rules.values()) {
    rule.new.sort(byPlace);
    rule.fixed.sort(byPlace);
  }
  return [...rules.values()].sort((a, b) => compareStrings(a.ruleId, b.ruleId));
}

/** The problems of `more` whose message `fewer` does not have (each message matched once), then the rest, each in a stable order. */
function unmatched(more: readonly SideProblem[], fewer: readonly SideProblem[]): ProblemEntry[] {
  const messages = new Map<string, number>();
  for (const problem of fewer) messages.set(problem.message, (messages.get(problem.message) ?? 0) + 1);
  const differing: ProblemEntry[] = [];
  const matched: ProblemEntry[] = [];
  for (const problem of [...more].sort(byPlace)) {
    const count = messages.get(problem.message) ?? 0;
    const entry = { path: problem.path, severity: problem.severity, message: problem.message };
    if (count > 0) {
      messages.set(problem.message, count - 1);
      matched.push(entry);
    } else {
      differing.push(entry);
    }
  }
  return [...differing, ...matched];
}

/** By pointer, then errors before warnings, then by message: code-unit order throughout. */
function byPlace(a: ProblemEntry, b: ProblemEntry): number {
  return (
    compareStrings(a.path, b.path) ||
    (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
    compareStrings(a.message, b.message)
  );
}
