// The budget over the steps that spend it, as inline SVG: what was spent after each step against
// the hard total, a dashed line that the spend must never cross. A spec's steps are its deep dives
// (one unit a dive, or its tokens where the unit is tokens); a katas report's are its findings,
// one file each.
import type { ElementContent } from 'hast';
import { h, s } from 'hastscript';
import { records } from '../../common/guards.js';
import type { Report } from '../../report/types.js';
import { chartSvg } from './chart.js';
import { cut, say } from './text.js';

const WIDTH = 640;
const HEIGHT = 240;
const LEFT = 56;
const BOTTOM = 36;
const TOP = 16;
const RIGHT = 40;
/** The most steps drawn each with a point (its tooltip the spend after it) and its name. */
const MARKED_STEPS = 60;
/** About how many steps are named under a chart of more than MARKED_STEPS. */
const NAMED_STEPS = 8;

/** What a budget was spent on, step by step, and what the document says of it. */
export interface Spending {
  total: number | null;
  /** What the document records as used. */
  used: number | null;
  unit: string | null;
  /** The steps, in the plural: "deep dives". */
  steps: string;
  /** Each step's name (made fit to show) and cost, in order. */
  costs: Array<{ name: string; cost: number }>;
}

/** The budget spent after each step, from 0 before the first. */
export function spentAfterEach(spending: Spending): number[] {
  const spent = [0];
  for (const { cost } of spending.costs) spent.push((spent.at(-1) as number) + cost);
  return spent;
}

/** A spec's spending: its deep dives, each one unit or its tokens. */
export function diveSpending(report: Report): Spending {
  const { total, used, unit } = report.summary.budget;
  return {
    total,
    used,
    unit,
    steps: 'deep dives',
    costs: records(report.investigation['deepDives']).map((dive, index) => ({
      name: say(dive['id'] ?? `#${index + 1}`),
      cost: unit === 'tokens' && typeof dive['tokens'] === 'number' ? dive['tokens'] : 1,
    })),
  };
}

export function burnDown(spending: Spending): ElementContent[] {
  const { total, used, unit } = spending;
  const spent = spentAfterEach(spending);
  if (total === null || total <= 0 || spent.length < 2) return [];
  // A reduce, not a spread: a spread of a value a step passes the engine's limit on arguments (some 120,000).
  const top = spent.reduce((highest, value) => Math.max(highest, value), total);
  // Coordinates to a tenth of a pixel: finer says nothing more and costs bytes on a page of thousands of points.
  const x = (index: number): number => tenth(LEFT + ((WIDTH - LEFT - RIGHT) * index) / (spent.length - 1));
  const y = (value: number): number => tenth(TOP + (HEIGHT - TOP - BOTTOM) * (1 - value / top));
  const points = spent.map((value, index) => `${x(index)},${y(value)}`).join(' ');
  const description = `Spent ${spent.at(-1)} of ${total} ${say(unit ?? '')} over ${spent.length - 1} ${spending.steps}; the document records ${say(used)} used.`;
  const names = ['start', ...spending.costs.map(({ name }) => cut(name, 8))];
  // Past MARKED_STEPS a point a step and a name under each would be a smear: the line alone, and
  // about as many names as fit, evenly spaced.
  const marked = spending.costs.length <= MARKED_STEPS;
  const every = marked ? 1 : Math.ceil(spending.costs.length / NAMED_STEPS);
  const ticks: ElementContent[] = names.flatMap((name, index) =>
    index % every === 0 ? [s('text', { x: x(index), y: HEIGHT - BOTTOM + 16, textAnchor: 'middle', className: ['tick'] }, name)] : [],
  );
  return [
    chartSvg('burn-down', { width: WIDTH, height: HEIGHT }, `Budget spent over the ${spending.steps}`, description, [
      s('line', { x1: LEFT, y1: TOP, x2: LEFT, y2: HEIGHT - BOTTOM, className: ['axis'] }),
      s('line', { x1: LEFT, y1: HEIGHT - BOTTOM, x2: WIDTH - RIGHT, y2: HEIGHT - BOTTOM, className: ['axis'] }),
      s('line', { x1: LEFT, y1: y(total), x2: WIDTH - RIGHT, y2: y(total), className: ['total'] }),
      s('text', { x: LEFT - 6, y: y(total) + 4, textAnchor: 'end', className: ['tick'] }, String(total)),
      s('text', { x: LEFT - 6, y: HEIGHT - BOTTOM + 4, textAnchor: 'end', className: ['tick'] }, '0'),
      s('polyline', { points, className: ['used'] }),
      ...(marked ? spent : []).map((value, index) =>
        s(
          'circle',
          { cx: x(index), cy: y(value), r: 3.5, className: ['point'] },
          s('title', `${index === 0 ? 'at the start' : `after ${names[index]}`}: ${value}`),
        ),
      ),
      ...ticks,
    ]),
    h('figcaption', description),
  ];
}

function tenth(value: number): number {
  return Math.round(value * 10) / 10;
}
