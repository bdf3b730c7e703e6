import { isRecord, records, strings } from '../../common/guards.js';
import { inPriorityOrder } from '../../common/priority.js';
import { Chart } from '../../render/mermaid/chart.js';
import { numberText } from '../../render/mermaid/discovery.js';
import { type BoundedFlowchart, withinFlowLimits } from '../../render/mermaid/flowchart.js';
import { escapeFor } from '../../render/untrusted/index.js';

/**
 * A katas report as a Mermaid `flowchart TD`: the cheap mappings, the candidates they surfaced,
 * the plan in priority order, the findings in the order they were recorded (each from its plan
 * target, chained in time, classed by whether it invalidates the hypothesis), each replan after
 * the finding that triggered it and before the next finding, and the end of the budget. Node ids
 * are generated and every label escaped, as in the spec's flowchart; within the same limits.
 */
export function boundedKatasFlowchart(data: Record<string, unknown>): BoundedFlowchart {
  const topology = isRecord(data['topology']) ? data['topology'] : {};
  const lists = {
    mappings: records(topology['cheap_mapping']),
    plan: records(data['prioritized_plan']),
    findings: records(data['findings']),
    replans: records(data['replans']),
  };
  // The candidates and the end, then one node per mapping, plan entry, finding and replan.
  const nodes = 2 + lists.mappings.length + lists.plan.length + lists.findings.length + lists.replans.length;
  return withinFlowLimits(nodes, () => draw(data, topology, lists));
}

type Lists = Record<'mappings' | 'plan' | 'findings' | 'replans', Array<Record<string, unknown>>>;

function draw(data: Record<string, unknown>, topology: Record<string, unknown>, lists: Lists): Chart {
  const chart = new Chart();
  const mappings = lists.mappings.map((scan) =>
    chart.node(
      [
        `${escapeFor.mermaidLabel(scan['tool'], 16)} · ${escapeFor.mermaidLabel(scan['pattern'])}`,
        `${numberText(scan['result_count'])} ${scan['result_count'] === 1 ? 'result' : 'results'}`,
      ],
      'map',
    ),
  );
  const candidates = strings(topology['candidates']);
  const surfaced = chart.node([`Candidates · ${candidates.length}`, escapeFor.mermaidLabel(candidates.slice(0, 3).join(', '))], 'map');
  for (const mapping of mappings) chart.edge(mapping, surfaced);

  const targets = new Map<string, string>();
  for (const entry of inPriorityOrder(lists.plan)) {
    const node = chart.node(
      [
        `P${numberText(entry['priority'])} · ${escapeFor.mermaidLabel(entry['target'])}`,
        escapeFor.mermaidLabel(entry['rationale'], undefined, ''),
      ],
      'hypothesis',
    );
    chart.edge(surfaced, node);
    if (typeof entry['target'] === 'string' && !targets.has(entry['target'])) targets.set(entry['target'], node);
  }

  const replansAfter = new Map<string, Array<Record<string, unknown>>>();
  for (const replan of lists.replans) {
    const trigger = typeof replan['trigger_finding_id'] === 'string' ? replan['trigger_finding_id'] : '';
    replansAfter.set(trigger, [...(replansAfter.get(trigger) ?? []), replan]);
  }
  let last: string | undefined;
  const drawReplans = (replans: ReadonlyArray<Record<string, unknown>>): void => {
    for (const replan of replans) {
      const order = strings(replan['new_plan_order']);
      const replanNode = chart.node(
        [`Replan · ${escapeFor.mermaidLabel(order.join(' > '))}`, escapeFor.mermaidLabel(replan['invalidated_hypothesis'], undefined, '')],
        'replan',
      );
      if (last !== undefined) chart.edge(last, replanNode, 'dotted');
      last = replanNode;
    }
  };
  for (const finding of lists.findings) {
    const invalidates = finding['invalidates_hypothesis'] === true;
    const node = chart.node(
      [
        `${escapeFor.mermaidLabel(finding['id'], 32)} · ${escapeFor.mermaidLabel(finding['target'])}`,
        escapeFor.mermaidLabel(finding['summary'], undefined, ''),
      ],
      invalidates ? 'invalidates' : 'neutral',
    );
    const from = typeof finding['target'] === 'string' ? targets.get(finding['target']) : undefined;
    if (from !== undefined) chart.edge(from, node);
    if (last !== undefined) chart.edge(last, node);
    last = node;
    const id = typeof finding['id'] === 'string' ? finding['id'] : undefined;
    if (id === undefined) continue;
    drawReplans(replansAfter.get(id) ?? []);
    replansAfter.delete(id);
  }
  // A replan whose trigger names no finding is drawn after the last one, in log order.
  drawReplans([...replansAfter.values()].flat());

  const budget = isRecord(data['budget']) ? data['budget'] : {};
  const files = isRecord(budget['files']) ? budget['files'] : {};
  const end = chart.node(
    [`End · ${escapeFor.mermaidLabel(budget['status'], 32)} · ${numberText(files['used'])}/${numberText(files['limit'])} files`],
    'stop',
  );
  const beforeEnd = last ?? [...targets.values()].at(-1) ?? surfaced;
  chart.edge(beforeEnd, end);
  return chart;
}
