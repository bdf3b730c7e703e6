/** The flowchart of a katas report, parsed by Mermaid: its structure, its bounds, and labels no text can break. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { boundedKatasFlowchart } from '../../src/dialects/katas/flowchart.js';
import { baseKatasReport } from '../../src/dialects/katas/index.js';
import { FLOW_LIMITS } from '../../src/render/mermaid/flowchart.js';
import { projectRoot } from '../support/cli.js';
import { HOSTILE } from '../support/hostile-labels.js';
import { loadMermaid } from '../support/mermaid.js';

const mermaid = await loadMermaid();

function drawn(data: Record<string, unknown>): string {
  const flow = boundedKatasFlowchart(data);
  if (!('text' in flow)) throw new Error(`not drawn: ${flow.exceeded}`);
  return flow.text;
}

describe('the flow of a katas report', () => {
  it('goes from the mappings through the candidates and the plan to the findings in order, each replan after its trigger, then the end', async () => {
    const report = JSON.parse(readFileSync(join(projectRoot, 'fixtures/katas/valid/mobile-checkout-flag.json'), 'utf8'));
    const chart = await mermaid.flowchart(drawn(report));
    const labelled = (prefix: string) => chart.vertices.filter((vertex) => vertex.label.startsWith(prefix));
    const [candidates] = labelled('Candidates');
    expect(labelled('Glob').length + labelled('Grep').length).toBe(report.topology.cheap_mapping.length);
    for (const scan of [...labelled('Glob'), ...labelled('Grep')])
      expect(chart.edges).toContainEqual(expect.objectContaining({ start: scan.id, end: candidates?.id }));
    expect(labelled('P')).toHaveLength(report.prioritized_plan.length);
    const findings = chart.vertices.filter((vertex) =>
      report.findings.some((finding: { id: string }) => vertex.label.startsWith(`${finding.id} ·`)),
    );
    expect(findings).toHaveLength(report.findings.length);
    const replans = labelled('Replan');
    expect(replans).toHaveLength(report.replans.length);
    const trigger = report.findings.findIndex((finding: { id: string }) => finding.id === report.replans[0].trigger_finding_id);
    expect(chart.edges).toContainEqual({ start: findings[trigger]?.id, end: replans[0]?.id, stroke: 'dotted' });
    const [end] = labelled('End');
    expect(end?.label).toContain(`${report.budget.files.used}/${report.budget.files.limit} files`);
    expect(chart.edges.some((edge) => edge.end === end?.id)).toBe(true);
  });

  it('parses whatever text the report holds', async () => {
    for (const text of HOSTILE) {
      const report = baseKatasReport() as Record<string, any>;
      report['findings'][0].summary = text;
      report['topology'].cheap_mapping[0].pattern = text;
      report['prioritized_plan'][0].target = text;
      report['replans'][0].new_plan_order = [text];
      await expect(mermaid.parse(drawn(report)), JSON.stringify(text)).resolves.toBe('flowchart-v2');
    }
  });

  it('is not drawn past the node limit, and says which limit', () => {
    const report = baseKatasReport() as Record<string, any>;
    report['findings'] = Array.from({ length: FLOW_LIMITS.nodes + 1 }, (_, index) => ({ ...report['findings'][0], id: `f-${index}` }));
    expect(boundedKatasFlowchart(report)).toMatchObject({ exceeded: 'nodes' });
  });
});
