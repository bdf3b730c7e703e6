import type { OutputText } from '../common/output-text.js';
import type { FileOutcome } from '../report/outcome.js';
import type { Report } from '../report/types.js';
import { renderJson, renderJsonPieces } from './json.js';
import type { SarifContext } from './sarif.js';

/** Formats of one investigation's report. */
export type ReportFormat = 'json' | 'markdown';
/** Formats that list the problems of any number of files. */
export type ListingFormat = 'text' | 'sarif' | 'github';

/** The renderer of a report format. Markdown's is loaded only when a run asks for it: it is a bundle part of its own. */
export async function reportRenderer(format: ReportFormat): Promise<(report: Report) => string> {
  if (format === 'json') return renderJson;
  return (await import('../dialects/markdown.js')).renderMarkdown;
}

/**
 * As reportRenderer, for a report printed or written on its own, which may be large: JSON comes
 * in pieces made as they are written (renderJsonPieces), Markdown whole.
 */
export async function reportOutputRenderer(format: ReportFormat): Promise<(report: Report) => OutputText> {
  return format === 'json' ? renderJsonPieces : reportRenderer(format);
}

/** What the listing formats may need: colour for text, the rule catalog for SARIF, unused baseline entries that fail the run for all three. */
export interface ListingContext extends SarifContext {
  color: boolean;
  /** text: list each suppressed problem (--show-suppressed) rather than count them a file. */
  showSuppressed?: boolean;
}

type Listing = (files: FileOutcome[], context: ListingContext) => Promise<string>;

/** Every listing format, by name; each is loaded when first used, so a run pays only for its own. */
const listings: Record<ListingFormat, Listing> = {
  text: async (files, { color, showSuppressed, failingUnused }) =>
    (await import('./text.js')).formatText(files, { color, showSuppressed: showSuppressed === true, failingUnused: failingUnused ?? 0 }),
  sarif: async (files, context) => (await import('./sarif.js')).formatSarif(files, context),
  github: async (files, { failingUnused }) => (await import('./github.js')).formatGithub(files, failingUnused ?? 0),
};

/** The listing of `files` in `format`, for every command that lists problems. */
export function formatListing(format: ListingFormat, files: FileOutcome[], context: ListingContext): Promise<string> {
  return listings[format](files, context);
}
