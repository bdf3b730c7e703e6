import type { OutputText } from '../common/output-text.js';
import type { FileOutcome } from '../report/outcome.js';
import type { Report } from '../report/types.js';
import { renderJson, renderJsonPieces } from './json.js';
import type { SarifContext } from './sarif.js';

/** Formats of one investigation's report. */
export type ReportFormat = 'json' | 'markdown' | 'html';

/** What a report's renderer may use beside the report: the spec's text (the HTML page shows it, the others do not). */
export interface ReportContext {
  source?: string;
}

type ReportRenderer = (report: Report, context?: ReportContext) => string;
/** Formats that list the problems of any number of files. */
export type ListingFormat = 'text' | 'sarif' | 'github';

/** Every report format's renderer, by name; Markdown's and HTML's are loaded only when a run asks for them (bundle parts of their own). */
const reports: Record<ReportFormat, () => Promise<ReportRenderer>> = {
  markdown: async () => (await import('../dialects/markdown.js')).renderMarkdown,
  json: async () => renderJson,
  html: async () => (await import('../dialects/html.js')).htmlRenderer(),
};

/** The report formats' names, in the order help lists them: every option's choices come from here. */
export const reportFormats = Object.keys(reports) as ReportFormat[];

/** The renderer of a report format. */
export function reportRenderer(format: ReportFormat): Promise<ReportRenderer> {
  return reports[format]();
}

/**
 * As reportRenderer, for a report printed or written on its own, which may be large: JSON comes
 * in pieces made as they are written (renderJsonPieces), Markdown and HTML whole.
 */
export async function reportOutputRenderer(format: ReportFormat): Promise<(report: Report, context?: ReportContext) => OutputText> {
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

/** The listing formats' names, in the order help lists them. */
export const listingFormats = Object.keys(listings) as ListingFormat[];

/** The listing of `files` in `format`, for every command that lists problems. */
export function formatListing(format: ListingFormat, files: FileOutcome[], context: ListingContext): Promise<string> {
  return listings[format](files, context);
}
