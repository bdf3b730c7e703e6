// The budget over the deep dives, as inline SVG: what was spent after each dive (one unit a dive,
// or its tokens where the unit is tokens) against the hard total, a dashed line that the spend
// must never cross.
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
const RIGHT = 16;

/** The budget spent after each deep dive, from 0 before the first. */
export function spentAfterEachDive(report: Report): number[] {
  const unit = report.summary.budget.unit;
  const spent = [0];
  for (const dive of records(report.investigation['deepDives'])) {
    const cost = unit === 'tokens' && typeof dive['tokens'] === 'number' ? dive['tokens'] : 1;
    spent.push((spent.at(-1) as number) + cost);
  }
  return spent;
}

export function burnDown(report: Report): ElementContent[] {
  const { total, used, unit } = report.summary.budget;
  const spent = spentAfterEachDive(report);
  if (total === null || total <= 0 || spent.length < 2) return [];
  const top = Math.max(total, ...spent);
  const x = (index: number): number => LEFT + ((WIDTH - LEFT - RIGHT) * index) / (spent.length - 1);
  const y = (value: number): number => TOP + (HEIGHT - TOP - BOTTOM) * (1 - value / top);
  const points = spent.map((value, index) => `${x(index).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  const description = `Spent ${spent.at(-1)} of ${total} ${say(unit ?? '')} over ${spent.length - 1} deep dives; the spec records ${say(used)} used.`;
  const names = ['start', ...records(report.investigation['deepDives']).map((dive, index) => cut(dive['id'] ?? `#${index + 1}`, 8))];
  const ticks: ElementContent[] = names.map((name, index) =>
    s('text', { x: x(index), y: HEIGHT - BOTTOM + 16, textAnchor: 'middle', className: ['tick'] }, name),
  );
  return [
    chartSvg('burn-down', { width: WIDTH, height: HEIGHT }, 'Budget spent over the deep dives', description, [
      s('line', { x1: LEFT, y1: TOP, x2: LEFT, y2: HEIGHT - BOTTOM, className: ['axis'] }),
      s('line', { x1: LEFT, y1: HEIGHT - BOTTOM, x2: WIDTH - RIGHT, y2: HEIGHT - BOTTOM, className: ['axis'] }),
      s('line', { x1: LEFT, y1: y(total), x2: WIDTH - RIGHT, y2: y(total), className: ['total'] }),
      s('text', { x: LEFT - 6, y: y(total) + 4, textAnchor: 'end', className: ['tick'] }, String(total)),
      s('text', { x: LEFT - 6, y: HEIGHT - BOTTOM + 4, textAnchor: 'end', className: ['tick'] }, '0'),
      s('polyline', { points, className: ['used'] }),
      ...spent.map((value, index) =>
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
