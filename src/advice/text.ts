import { escapeFor } from '../render/untrusted/index.js';
import type { Advice, NextSteps } from './types.js';

/** The advice as lines for a person or an agent's log: where the draft stands, then what is allowed and forbidden, each with its rule. */
export function formatNextSteps(path: string, steps: NextSteps): string {
  const lines = [`${escapeFor.terminal(path)}: ${steps.verdict}, phase ${steps.phase}`];
  const { budget } = steps;
  if (budget !== null) lines.push(`budget: ${budget.used} of ${budget.total} ${escapeFor.terminal(budget.unit)} used, ${budget.left} left`);
  const next = steps.nextHypothesis;
  if (next !== null)
    lines.push(
      `next: test ${escapeFor.terminal(JSON.stringify(next.id))} (priority ${next.priority}, cost ${next.cost}) on ${next.unreadNodes.map((node) => escapeFor.terminal(node)).join(', ')}`,
    );
  lines.push(...section('allowed', steps.allowed), ...section('forbidden', steps.forbidden));
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

function section(title: string, advice: readonly Advice[]): string[] {
  if (advice.length === 0) return [];
  return [`${title}:`, ...advice.map(({ message, rule }) => `  - ${escapeFor.terminal(message)}  [${escapeFor.terminal(rule)}]`)];
}
