// A horizontal bar chart as inline SVG, for the figures of a corpus page (stop reasons, budget use,
// pass rates): one bar a label, its length the value's share of the scale (the largest value, or a
// fixed one such as 100 for percentages), the value written after it. The
// table beside it says the same in text; the chart's title and description say it to a screen
// reader.
import type { ElementContent } from 'hast';
import { s } from 'hastscript';
import { chartSvg } from './chart.js';
import { cut } from './text.js';

const WIDTH = 640;
const ROW = 24;
const LABEL_WIDTH = 200;
const LABEL_ROOM = 28;
const BAR_ROOM = WIDTH - LABEL_WIDTH - 60;

export interface Bar {
  /** Text made fit to show already (`say`). */
  label: string;
  value: number;
  /** What is written after the bar; the value when absent. */
  shown?: string;
}

/** The chart, with an id for its title and description; nothing for no bars. `scale` is the value of a full bar. */
export function barChart(id: string, title: string, bars: readonly Bar[], scale?: number): ElementContent[] {
  if (bars.length === 0) return [];
  const largest = scale ?? Math.max(1, ...bars.map((bar) => bar.value));
  const height = bars.length * ROW + 8;
  const description = bars.map((bar) => `${bar.label}: ${bar.shown ?? bar.value}`).join('; ');
  return [
    chartSvg(id, { width: WIDTH, height }, title, description, [
      ...bars.map((bar, index) => {
        const y = 4 + index * ROW;
        const length = Math.round((BAR_ROOM * bar.value) / largest);
        return s('g', [
          s('text', { x: LABEL_WIDTH - 8, y: y + 16, textAnchor: 'end', className: ['label'] }, cut(bar.label, LABEL_ROOM)),
          s('rect', { x: LABEL_WIDTH, y: y + 4, width: length, height: ROW - 8, className: ['bar'] }),
          s('text', { x: LABEL_WIDTH + length + 6, y: y + 16, className: ['tick'] }, bar.shown ?? String(bar.value)),
        ]);
      }),
    ]),
  ];
}
