/** The flowchart stays within what Mermaid draws, else the report says which limit it exceeds. */
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/dialects/markdown.js';
import { boundedFlowchart, countNodes, FLOW_LIMITS, investigationFlowchart } from '../../src/render/mermaid/flowchart.js';
import type { Data } from '../support/flowchart-check.js';
import { loadMermaid } from '../support/mermaid.js';
import { fixtureOutcomes } from '../support/outcomes.js';

const mermaid = await loadMermaid();
const outcomes = fixtureOutcomes();

describe('the flowchart stays within what Mermaid draws, else the report says which limit it exceeds', () => {
  /** Every map entry shares a candidate node with every hypothesis; every dive tests H0. */
  function crowded(maps: number, hypotheses: number, dives: number): Data {
    return {
      goal: 'g',
      budget: { total: dives + 1, used: dives, unit: 'reads' },
      surfaceMap: Array.from({ length: maps }, (_, index) => ({
        id: `M${index}`,
        tool: 'Grep',
        query: 'q',
        candidateNodes: ['n'],
        evidence: 'e',
      })),
      hypotheses: Array.from({ length: hypotheses }, (_, index) => ({
        id: `H${index}`,
        claim: 'c',
        priority: index + 1,
        cost: 1,
        status: 'open',
        candidateNodes: ['n'],
      })),
      deepDives: Array.from({ length: dives }, (_, index) => ({
        id: `D${index}`,
        hypothesisId: 'H0',
        node: 'n',
        tool: 'Read',
        finding: 'f',
        effect: 'neutral',
      })),
      replanLog: [],
    };
  }

  function reportOf(investigation: Data): string {
    const report = outcomes.find((outcome) => outcome.report !== null)?.report;
    if (!report) throw new Error('no report in the fixtures');
    return renderMarkdown({ ...report, investigation });
  }

  it('500 edges are drawn and parse; at 501 the report explains, and Mermaid itself refuses the diagram', async () => {
    // 20 map entries × 24 hypotheses = 480 edges, one from H0 to each of 10 dives, 9 chaining the
    // dives in time order, and the last dive to the stop: 500.
    const atLimit = boundedFlowchart(crowded(20, 24, 10));
    if (!('text' in atLimit)) throw new Error(`not drawn: ${JSON.stringify(atLimit)}`);
    expect((await mermaid.flowchart(atLimit.text)).edges).toHaveLength(FLOW_LIMITS.edges);

    // One more edge: a replan that follows no dive hangs from H0.
    const over = { ...crowded(20, 24, 10), replanLog: [{ trigger: 't', hypothesisId: 'H0', decision: 'd', evidence: 'e' }] };
    expect(boundedFlowchart(over)).toEqual({ exceeded: 'edges', count: 501 });
    await expect(mermaid.parse(investigationFlowchart(over))).rejects.toThrow(/Edge limit exceeded/);
    expect(reportOf(over)).toContain(
      'The flowchart is not drawn: it would have 501 edges, more than Mermaid draws (at most 500); the tables above list every step.',
    );
    expect(boundedFlowchart(crowded(90, 100, 0))).toEqual({ exceeded: 'edges', count: 9001 });
  });

  it('200 nodes, discovery events included, are drawn and parse; 201 are not; millions are not even counted', async () => {
    const withEvents = (events: number): Data => ({
      discovery: {
        limits: {},
        cycles: [{ cycle: 1, keywords: [], newSignals: 0, events: Array.from({ length: events }, () => ({ phase: 'forage', tokens: 1 })) }],
        stop: {},
      },
    });
    const atLimit = boundedFlowchart(withEvents(FLOW_LIMITS.nodes - 1));
    if (!('text' in atLimit)) throw new Error(`not drawn: ${JSON.stringify(atLimit)}`);
    expect((await mermaid.flowchart(atLimit.text)).vertices).toHaveLength(FLOW_LIMITS.nodes);
    expect(boundedFlowchart(withEvents(FLOW_LIMITS.nodes))).toEqual({ exceeded: 'nodes', count: FLOW_LIMITS.nodes + 1 });
    expect(boundedFlowchart({ ...crowded(50, 50, 50), ...withEvents(51) })).toEqual({ exceeded: 'nodes', count: FLOW_LIMITS.nodes + 1 });
    // Counting stops past the limit: a million events cost no more than 201.
    expect(countNodes(withEvents(1_000_000), FLOW_LIMITS.nodes)).toBe(FLOW_LIMITS.nodes + 1);
    expect(reportOf(withEvents(3012))).toContain(
      `The flowchart is not drawn: it would have more than ${FLOW_LIMITS.nodes} nodes, too many to read; the tables above list every step.`,
    );
  });

  it('a diagram over 50,000 characters (labels full of entity codes) is not drawn; the largest one drawn parses', async () => {
    const wordy = (dives: number): Data => {
      const spec = crowded(1, 1, dives);
      for (const dive of spec['deepDives'] as Data[]) Object.assign(dive, { node: '#'.repeat(60), finding: '<'.repeat(60) });
      return spec;
    };
    let dives = 1;
    while ('text' in boundedFlowchart(wordy(dives + 1))) dives++;
    const largest = boundedFlowchart(wordy(dives));
    if (!('text' in largest)) throw new Error('not drawn');
    expect(largest.text.length).toBeLessThanOrEqual(FLOW_LIMITS.characters);
    expect(largest.text.length).toBeGreaterThan(FLOW_LIMITS.characters - 1000);
    expect(await mermaid.parse(largest.text)).toBe('flowchart-v2');
    const over = boundedFlowchart(wordy(dives + 1));
    expect('exceeded' in over && over.exceeded).toBe('characters');
    expect(reportOf(wordy(dives + 1))).toMatch(
      /The flowchart is not drawn: it would take 5\d{4} characters, more than Mermaid draws \(at most 50000\)/,
    );
  });
});
