import type { HtmlContext } from '../render/html/index.js';
import type { Report } from '../report/types.js';
import type { Dialect, HtmlSections } from './dialect.js';
import { dialectOf, dialects } from './index.js';

/**
 * The renderer of `--format html`: a report as one page, the page every report has
 * (src/render/html/index.ts) with the sections its dialect adds (the dialect's `htmlSections`).
 * Both are bundle parts the command line loads here, on the first HTML report, by dynamic imports,
 * so that a run without a page never loads them. Every dialect's sections are loaded at once: one
 * renderer serves every report of a run, of whatever dialect.
 */
export async function htmlRenderer(): Promise<(report: Report, context?: HtmlContext) => string> {
  const [{ renderHtml }, ...loaded] = await Promise.all([
    import('../render/html/index.js'),
    ...dialects.map((dialect) => dialect.htmlSections?.()),
  ]);
  const own = new Map<Dialect, HtmlSections | undefined>(dialects.map((dialect, index) => [dialect, loaded[index]]));
  return (report, context) => renderHtml(report, own.get(dialectOf(report))?.sections(report) ?? [], context);
}
