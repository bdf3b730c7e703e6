import type { PhrasingContent, RootContent } from 'mdast';
import { plural } from '../common/text.js';
import { firstItems, MAX_ROWS, moreNote } from '../render/limits.js';
import { code, heading, paragraph, table, text } from '../render/mdast-builders.js';
import { passRateChart, taskBars } from './charts.js';
import { IN_JSON_STATS, mermaid, numberOrDash } from './markdown-parts.js';
import type { Stats, TaskStats } from './types.js';

/** Rules a task's "Most failing rules" cell names; the JSON lists them all. */
const RULES_IN_CELL = 3;

/**
 * The "Runs of the same task" section: what a task is, how many there are, a table of every task
 * (cut at MAX_ROWS) with its pass rate, pass@k and pass^k and the rules that fail it most, and a bar
 * chart of the pass rates. Without any task it says so, and how many specs are in none.
 */
export function tasksSection(stats: Stats): RootContent[] {
  const { tasks, kValues } = stats;
  const repeated = tasks.filter((task) => task.runs > 1).length;
  const intro = paragraph(
    text('Specs with the same '),
    code('x-task'),
    text(
      ` (else the same goal) are runs of one task. ${plural(tasks.length, 'task')}, ${repeated} of them with more than one run; ` +
        `${plural(stats.unassigned, 'spec')} in no task (no report, or neither x-task nor a goal).`,
    ),
  );
  if (tasks.length === 0) return [heading(2, text('Runs of the same task')), intro];
  const { items, more } = firstItems(tasks, MAX_ROWS);
  return [
    heading(2, text('Runs of the same task')),
    intro,
    paragraph(
      text(
        'pass@k is the chance that at least one of k runs drawn without replacement passes, 1 − C(n−c, k)/C(n, k); ' +
          'pass^k the chance that all k pass, C(c, k)/C(n, k); a dash where k is more than the runs.',
      ),
    ),
    table(
      ['Task', 'Runs', 'Passes', 'Pass rate', ...kValues.map((k) => `pass@${k}`), ...kValues.map((k) => `pass^${k}`), 'Most failing rules'],
      items.map((task) => [
        [text(task.task)],
        [text(String(task.runs))],
        [text(String(task.passes))],
        [text(String(task.passRate))],
        ...task.passAtK.map(({ value }) => [text(numberOrDash(value))]),
        ...task.passHatK.map(({ value }) => [text(numberOrDash(value))]),
        failingRulesCell(task),
      ]),
    ),
    ...moreNote(more, 'tasks', IN_JSON_STATS),
    ...mermaid(passRateChart(stats)),
    ...barLegend(stats),
  ];
}

/** Under a chart whose bars are numbered, the table that names the task of each bar. */
function barLegend(stats: Stats): RootContent[] {
  const { bars, numbered } = taskBars(stats);
  if (!numbered) return [];
  return [
    table(
      ['Bar', 'Task'],
      bars.map(({ label, task }) => [[text(label)], [text(task)]]),
    ),
  ];
}

function failingRulesCell(task: TaskStats): PhrasingContent[] {
  const { items, more } = firstItems(task.failingRules, RULES_IN_CELL);
  if (items.length === 0) return [text('—')];
  const nodes: PhrasingContent[] = [];
  for (const [index, { ruleId, runs }] of items.entries()) {
    if (index > 0) nodes.push(text(', '));
    nodes.push(code(ruleId), text(` (${runs})`));
  }
  if (more > 0) nodes.push(text(`, … ${more} more`));
  return nodes;
}
