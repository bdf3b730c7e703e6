import { escapeFor } from '../render/untrusted/index.js';
import type { Advice, AdviceAction, NextSteps } from './types.js';

/** The advice as lines for a person or an agent's log: where the draft stands, then what to do now and what is forbidden, each with its rule. */
export function formatNextSteps(path: string, steps: NextSteps): string {
  const lines = [`${escapeFor.terminal(path)}: ${steps.verdict}, phase ${steps.phase}`];
  const { budget } = steps;
  if (budget !== null) lines.push(`budget: ${budget.used} of ${budget.total} ${escapeFor.terminal(budget.unit)} used, ${budget.left} left`);
  if (steps.trace !== undefined)
    lines.push(`trace: ${steps.trace.recorded} of its ${steps.trace.reads} successful reads recorded as deep dives`);
  const next = steps.nextHypothesis;
  if (next !== null)
    lines.push(
      `next: test ${escapeFor.terminal(JSON.stringify(next.id))} (priority ${next.priority}, cost ${next.cost}) on ${next.unreadNodes.map((node) => escapeFor.terminal(node)).join(', ')}`,
    );
  for (const [title, belongs] of HEADINGS)
    lines.push(
      ...section(
        title,
        steps.allowed.filter((advice) => belongs(advice.action)),
      ),
    );
  lines.push(...section('forbidden', steps.forbidden));
  if (steps.stopReasons.length > 0) {
    const width = Math.max(...steps.stopReasons.map((verdict) => verdict.reason.length));
    lines.push('stop reasons:');
    for (const { reason, why, rule } of steps.stopReasons)
      lines.push(
        `  ${escapeFor.terminal(reason).padEnd(width)}  ${why === undefined ? 'valid now' : `not now: ${escapeFor.terminal(why)}`}  [${rule}]`,
      );
  }
  return `${lines.join('\n')}\n`;
}

/**
 * The headings of what to do now, in order: what must be fixed before anything else (a broken
 * draft's errors, a status behind its deep dives), what to ask when the goal or budget is missing,
 * what the finished gate still finds in a stopped draft, then the steps the method allows.
 */
const GROUPED: ReadonlySet<AdviceAction> = new Set(['fix', 'ask', 'finish']);
const HEADINGS: ReadonlyArray<readonly [string, (action: AdviceAction) => boolean]> = [
  ['fix first', (action) => action === 'fix'],
  ['ask first', (action) => action === 'ask'],
  ['to finish', (action) => action === 'finish'],
  ['allowed', (action) => !GROUPED.has(action)],
];

function section(title: string, advice: readonly Advice[]): string[] {
  if (advice.length === 0) return [];
  return [`${title}:`, ...advice.map(({ message, rule }) => `  - ${escapeFor.terminal(message)}  [${escapeFor.terminal(rule)}]`)];
}
