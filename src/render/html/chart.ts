// The frame every chart of a page shares: an inline SVG image of a given size, named by its title
// and described by its description for readers who cannot see it (`aria-labelledby` both).
import type { Element, ElementContent } from 'hast';
import { s } from 'hastscript';

export function chartSvg(
  id: string,
  size: { width: number; height: number },
  title: string,
  description: string,
  children: ElementContent[],
): Element {
  return s(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${size.width} ${size.height}`,
      width: size.width,
      height: size.height,
      role: 'img',
      ariaLabelledBy: `${id}-title ${id}-desc`,
    },
    [s('title', { id: `${id}-title` }, title), s('desc', { id: `${id}-desc` }, description), ...children],
  );
}
