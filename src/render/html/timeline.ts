// The investigation as it went, drawn as inline SVG that needs no script to be seen. For a spec: a
// discovery trace's cycles, the surface map, the hypotheses as ranked, the deep dives in order with
// their effect and the budget spent so far, each replan after the dive that triggered it, the stop;
// with a trace, the reads the trace has that the record does not, marked. Other dialects give rows
// of their own. One row an event, top to bottom; each row's full text is its <title> (a tooltip),
// its line cut to fit.
import type { ElementContent } from 'hast';
import { h, s } from 'hastscript';
import { isRecord, items, records } from '../../common/guards.js';
import type { Report } from '../../report/types.js';
import { mapCallLabel } from '../map-call.js';
import { diveSpending, spentAfterEach } from './burn-down.js';
import { chartSvg } from './chart.js';
import type { Section } from './page.js';
import { brief, cut, say } from './text.js';

const WIDTH = 960;
const ROW = 26;
const LANE_WIDTH = 120;
const LABEL_ROOM = 110;
/** What a row says of a read a subagent made, early in its line so that the cut at LABEL_ROOM keeps it. */
const BY_SUBAGENT = 'by a subagent';
/** The radius of the dashed ring of a read a subagent made: outside the problem ring (10), so that both show. */
const SUBAGENT_RING = 12;

export interface Row {
  lane: string;
  /** The shape's class: its colour, by what the event is or did. */
  kind: string;
  shape: 'circle' | 'square' | 'diamond' | 'ring';
  label: string;
  /** Said in full where the line is cut. */
  full: string;
  /** The rules with a problem in the entry the row draws: the row is ringed and names them first. */
  problems?: readonly string[];
  /** The read the row stands for was made by a subagent: a dashed ring, and its line says so. */
  subagent?: boolean;
}

/**
 * The rules with a problem at each place of the document and under it, by JSON Pointer: a row
 * looks up the pointer of the entry it draws (`/deepDives/3`). Problems a baseline accepted are
 * left out, as the verdict leaves them out.
 */
export function problemsByPlace(report: Report): (pointer: string) => string[] {
  const places = new Map<string, Set<string>>();
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.suppressed !== undefined) continue;
    const tokens = diagnostic.path.split('/');
    for (let length = 2; length <= tokens.length; length++) {
      const place = tokens.slice(0, length).join('/');
      places.set(place, (places.get(place) ?? new Set()).add(say(diagnostic.ruleId)));
    }
  }
  return (pointer) => [...(places.get(pointer) ?? [])].sort();
}

/** A spec's rows, in the order the method runs: map, rank, dive (replans where they came), stop, and the trace's extra reads. */
export function specTimelineRows(report: Report): Row[] {
  const data = report.investigation;
  const problems = problemsByPlace(report);
  const rows: Row[] = discoveryRows(data['discovery']);
  for (const [index, entry] of records(data['surfaceMap']).entries()) {
    const nodes = Array.isArray(entry['candidateNodes']) ? entry['candidateNodes'].length : 0;
    const full = `${brief(entry['id'])} · ${mapCallLabel({ tool: entry['tool'], query: entry['query'] }, brief)} → ${nodes} candidate node${nodes === 1 ? '' : 's'}`;
    rows.push({ lane: 'Map', kind: 'map', shape: 'square', label: full, full, problems: problems(`/surfaceMap/${index}`) });
  }
  const ranked = records(data['hypotheses'])
    .map((hypothesis, index) => ({ hypothesis, index }))
    .sort((a, b) => rank(a.hypothesis) - rank(b.hypothesis) || a.index - b.index);
  for (const { hypothesis, index } of ranked) {
    const full = `${brief(hypothesis['id'])} · priority ${brief(hypothesis['priority'])}, cost ${brief(hypothesis['cost'])} · ${brief(hypothesis['status'])} · ${brief(hypothesis['claim'])}`;
    rows.push({ lane: 'Hypothesis', kind: 'hypothesis', shape: 'circle', label: full, full, problems: problems(`/hypotheses/${index}`) });
  }
  const replans = records(data['replanLog']);
  const budget = report.summary.budget;
  const dives = records(data['deepDives']);
  // Each dive's place in the document's list, which may hold items that are no record (a schema error).
  const divePlaces = items(data['deepDives']).flatMap((item, place) => (isRecord(item) ? [place] : []));
  const spent = spentAfterEach(diveSpending(report));
  const unit = brief(budget.unit ?? '');
  const bySubagent = new Set(report.trace?.reads.subagentDives);
  const diveRow = (dive: Record<string, unknown>, index: number): Row => {
    const effect = typeof dive['effect'] === 'string' ? dive['effect'] : '';
    const of = budget.total === null ? '' : ` · ${spent[index + 1]}/${budget.total} ${unit}`.trimEnd();
    const place = divePlaces[index] ?? index;
    const subagent = bySubagent.has(place);
    const node = `${subagent ? `read ${BY_SUBAGENT}: ` : ''}${brief(dive['node'])}`;
    const full = `${brief(dive['id'])} → ${brief(dive['hypothesisId'])} · ${brief(effect)}${of} · ${node} · ${brief(dive['finding'])}`;
    return {
      lane: 'Deep dive',
      kind: effectClass(effect),
      shape: 'circle',
      label: full,
      full,
      problems: problems(`/deepDives/${place}`),
      subagent,
    };
  };
  // One push a row: a spread of a row a dive passes the engine's limit on arguments (some 120,000).
  for (const row of withReplans(dives, diveRow, replans, 'afterDeepDive', (replan, index) => ({
    ...replanRow(replan),
    problems: problems(`/replanLog/${index}`),
  })))
    rows.push(row);
  const stop = data['stopCondition'];
  if (typeof stop === 'object' && stop !== null) {
    const reason = (stop as Record<string, unknown>)['reason'];
    const full = `${brief(reason)} · ${brief((stop as Record<string, unknown>)['evidence'])}`;
    rows.push({ lane: 'Stop', kind: 'stop', shape: 'diamond', label: full, full, problems: problems('/stopCondition') });
  }
  const trace = report.trace;
  if (trace !== undefined) {
    for (const read of trace.reads.unmatched) {
      const by = read.subagent === true ? ` ${BY_SUBAGENT}` : '';
      const full = `read in the trace (line ${read.line})${by}, with no deep dive in the record: ${brief(read.node)}`;
      rows.push({ lane: 'Trace', kind: 'unmatched', shape: 'ring', label: full, full, subagent: read.subagent === true });
    }
    const more = trace.reads.unmatchedCount - trace.reads.unmatched.length;
    if (more > 0) {
      const full = `and ${more} more reads not in the record`;
      rows.push({ lane: 'Trace', kind: 'unmatched', shape: 'ring', label: full, full });
    }
  }
  return rows;
}

/**
 * Each step's row (a deep dive, a katas finding), each followed by the rows of the replans that
 * name its id in `trigger`, in the order recorded; then the replans that name no step.
 */
export function withReplans(
  steps: ReadonlyArray<Record<string, unknown>>,
  stepRow: (step: Record<string, unknown>, index: number) => Row,
  replans: ReadonlyArray<Record<string, unknown>>,
  trigger: string,
  replanRow: (replan: Record<string, unknown>, index: number) => Row,
): Row[] {
  const byStep = new Map<unknown, number[]>();
  for (const [index, replan] of replans.entries()) {
    const triggered = byStep.get(replan[trigger]);
    if (triggered === undefined) byStep.set(replan[trigger], [index]);
    else triggered.push(index);
  }
  const placed = new Set<number>();
  const rows: Row[] = [];
  steps.forEach((step, index) => {
    rows.push(stepRow(step, index));
    for (const at of byStep.get(step['id']) ?? []) {
      if (placed.has(at)) continue;
      placed.add(at);
      rows.push(replanRow(replans[at] as Record<string, unknown>, at));
    }
  });
  replans.forEach((replan, index) => {
    if (!placed.has(index)) rows.push(replanRow(replan, index));
  });
  return rows;
}

/**
 * The most rows of a lane the chart draws: a chart of thousands of rows is read by no one, and the
 * tables below list every entry. The rows past it are counted in one row of their own.
 */
const LANE_ROWS = 60;

/** Each lane's run of rows cut to LANE_ROWS, the rest counted. */
function boundedRows(rows: readonly Row[]): Row[] {
  const bounded: Row[] = [];
  const shown = new Map<string, number>();
  const left = new Map<string, number>();
  for (const row of rows) {
    const count = shown.get(row.lane) ?? 0;
    if (count < LANE_ROWS) {
      shown.set(row.lane, count + 1);
      bounded.push(row);
    } else left.set(row.lane, (left.get(row.lane) ?? 0) + 1);
  }
  for (const [lane, count] of left) {
    const full = `… and ${count} more (the tables list them all)`;
    const at = bounded.findLastIndex((row) => row.lane === lane);
    bounded.splice(at + 1, 0, { lane, kind: 'neutral', shape: 'circle', label: full, full });
  }
  return bounded;
}

/** The timeline's section, its chart in a figure with a caption; none when there is nothing to draw. */
export function timelineSection(events: readonly Row[], description: string): Section[] {
  const drawn = timeline(events, description);
  if (drawn.length === 0) return [];
  const caption = `${description} A red ring marks an entry with a problem, and its line names the rules first. Each line's full text is its tooltip, and the tables below say it all.`;
  const legend = events.some((row) => row.subagent === true) ? [subagentLegend()] : [];
  return [{ id: 'timeline', title: 'Timeline', content: [h('figure', [...drawn, h('figcaption', [caption, ...legend])])] }];
}

/** The legend's entry for the mark of a read a subagent made: the mark as drawn, and what it means. */
function subagentLegend(): ElementContent {
  return h('span', { className: ['legend'] }, [
    s('svg', { xmlns: 'http://www.w3.org/2000/svg', viewBox: '0 0 28 28', width: 28, height: 28, ariaHidden: 'true' }, [
      s('circle', { cx: 14, cy: 14, r: 6, className: ['neutral'] }),
      s('circle', { cx: 14, cy: 14, r: SUBAGENT_RING, className: ['subagent'] }),
    ]),
    ` A dashed ring marks a read a subagent made (a deep dive's, or a read of the trace the record leaves out); its line says "${BY_SUBAGENT}".`,
  ]);
}

/** The timeline as an SVG figure with a title and a description for readers who cannot see it. */
function timeline(events: readonly Row[], description: string): ElementContent[] {
  const rows = boundedRows(events);
  if (rows.length === 0) return [];
  const height = rows.length * ROW + 16;
  const children: ElementContent[] = [];
  rows.forEach((row, index) => {
    const y = 8 + index * ROW + ROW / 2;
    const lane = index === 0 || rows[index - 1]?.lane !== row.lane ? row.lane : '';
    const problems = row.problems ?? [];
    const flagged = problems.length === 0 ? '' : `✗ ${problems.join(', ')} · `;
    children.push(
      s('g', [
        s('title', `${flagged}${row.full}`),
        ...(lane === '' ? [] : [s('text', { x: 0, y: y + 4, className: ['lane'] }, lane)]),
        s('line', { x1: LANE_WIDTH + 10, y1: y - ROW / 2, x2: LANE_WIDTH + 10, y2: y + ROW / 2, className: ['rule'] }),
        shapeAt(row, LANE_WIDTH + 10, y),
        ...(problems.length === 0 ? [] : [s('circle', { cx: LANE_WIDTH + 10, cy: y, r: 10, className: ['problem'] })]),
        ...(row.subagent === true ? [s('circle', { cx: LANE_WIDTH + 10, cy: y, r: SUBAGENT_RING, className: ['subagent'] })] : []),
        s('text', { x: LANE_WIDTH + 28, y: y + 4, className: ['label'] }, cut(`${flagged}${row.label}`, LABEL_ROOM)),
      ]),
    );
  });
  return [chartSvg('timeline-chart', { width: WIDTH, height }, 'Timeline of the investigation', description, children)];
}

function shapeAt(row: Row, x: number, y: number): ElementContent {
  const className = [row.kind];
  if (row.shape === 'square') return s('rect', { x: x - 6, y: y - 6, width: 12, height: 12, className });
  if (row.shape === 'diamond') return s('path', { d: `M${x} ${y - 8}L${x + 8} ${y}L${x} ${y + 8}L${x - 8} ${y}Z`, className });
  return s('circle', { cx: x, cy: y, r: 6, className });
}

/** A discovery trace's cycles, each with its phases in order and what it found, then its stop. */
function discoveryRows(discovery: unknown): Row[] {
  if (typeof discovery !== 'object' || discovery === null) return [];
  const { cycles, stop } = discovery as Record<string, unknown>;
  const rows: Row[] = records(cycles).map((cycle) => {
    const events = records(cycle['events']);
    const phases = events.map((event) => `${brief(event['phase'])} ${brief(event['filesRead'])}`).join(' → ');
    const tokens = events.reduce((sum, event) => sum + (typeof event['tokens'] === 'number' ? event['tokens'] : 0), 0);
    const keywords = Array.isArray(cycle['keywords']) ? cycle['keywords'].map(brief).join(', ') : '';
    const full = `cycle ${brief(cycle['cycle'])} · ${keywords} · files read: ${phases} · ${brief(cycle['newSignals'])} new signals · ${tokens} tokens`;
    return { lane: 'Discovery', kind: cycle['newSignals'] === 0 ? 'neutral' : 'map', shape: 'square', label: full, full };
  });
  if (typeof stop === 'object' && stop !== null) {
    const full = `discovery stops: ${brief((stop as Record<string, unknown>)['reason'])} · ${brief((stop as Record<string, unknown>)['evidence'])}`;
    rows.push({ lane: 'Discovery', kind: 'stop', shape: 'diamond', label: full, full });
  }
  return rows;
}

function replanRow(replan: Record<string, unknown>): Row {
  const full = `after ${brief(replan['afterDeepDive'] ?? '?')} · ${brief(replan['trigger'])} on ${brief(replan['hypothesisId'])} · ${brief(replan['decision'])}`;
  return { lane: 'Replan', kind: 'replan', shape: 'diamond', label: full, full };
}

function rank(hypothesis: Record<string, unknown>): number {
  return typeof hypothesis['priority'] === 'number' ? hypothesis['priority'] : Number.POSITIVE_INFINITY;
}

function effectClass(effect: string): string {
  return effect === 'confirms' || effect === 'invalidates' ? effect : 'neutral';
}
