import { round4 } from '../common/numbers.js';
import { weightOf } from '../diagnostics/cap.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import type { FileOutcome } from '../report/outcome.js';
import { passAtK, passHatK } from './pass-at-k.js';
import type { TaskStats } from './types.js';

/** White space, U+0085 included (JavaScript's \s leaves it out). */
const WHITE_SPACE = /[\s\u0085]+/gu;

/**
 * The task a compile outcome is a run of: the spec's `x-task` when it is a string with something
 * besides white space, else its goal; either trimmed, with each run of white space made one space
 * (so that a goal wrapped over lines, or indented differently, is the same goal). Letter case is
 * kept: "Fix the US rates" and "fix the us rates" may be different tasks, and `x-task` names a
 * task exactly. Null without a report (the spec could not be read, or it has no goal or budget),
 * or when neither gives a key.
 */
export function taskKey(file: FileOutcome): string | null {
  const { report } = file;
  if (report === null) return null;
  return normalized(report.investigation['x-task']) ?? normalized(report.summary.goal);
}

function normalized(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const key = value.replace(WHITE_SPACE, ' ').trim();
  return key === '' ? null : key;
}

interface TaskRuns {
  runs: number;
  passes: number;
  /** Rule id to the runs with at least one error of the rule that no baseline suppressed. */
  failingRules: Map<string, number>;
}

/**
 * The runs of each task, by key in code-unit order, with pass@k and pass^k for each of `kValues`
 * (ascending), and how many outcomes are in no task. Independent of the order of `files`.
 */
export function collectTasks(files: readonly FileOutcome[], kValues: readonly number[]): { tasks: TaskStats[]; unassigned: number } {
  const byKey = new Map<string, TaskRuns>();
  let unassigned = 0;
  for (const file of files) {
    const key = taskKey(file);
    if (key === null) {
      unassigned++;
      continue;
    }
    let task = byKey.get(key);
    if (task === undefined) {
      task = { runs: 0, passes: 0, failingRules: new Map() };
      byKey.set(key, task);
    }
    task.runs++;
    if (file.verdict === 'pass') task.passes++;
    const failedBy = new Set<string>();
    for (const diagnostic of file.diagnostics) if (weightOf(diagnostic) === 'errors') failedBy.add(diagnostic.ruleId);
    for (const ruleId of failedBy) task.failingRules.set(ruleId, (task.failingRules.get(ruleId) ?? 0) + 1);
  }
  const tasks = [...byKey.entries()]
    .sort(([a], [b]) => compareStrings(a, b))
    .map(
      ([task, { runs, passes, failingRules }]): TaskStats => ({
        task,
        runs,
        passes,
        passRate: round4(passes / runs),
        passAtK: kValues.map((k) => ({ k, value: passAtK(runs, passes, k) })),
        passHatK: kValues.map((k) => ({ k, value: passHatK(runs, passes, k) })),
        failingRules: [...failingRules.entries()]
          .map(([ruleId, count]) => ({ ruleId, runs: count }))
          .sort((a, b) => b.runs - a.runs || compareStrings(a.ruleId, b.ruleId)),
      }),
    );
  return { tasks, unassigned };
}

/** k values as `stats` uses them: ascending, without repeats; any that is not a positive whole number is left out. */
export function sortedKValues(kValues: readonly number[]): number[] {
  return [...new Set(kValues)].filter((k) => Number.isSafeInteger(k) && k >= 1).sort((a, b) => a - b);
}
