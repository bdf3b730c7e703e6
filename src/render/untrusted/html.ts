import { ACTIVE_BEYOND_C0, visible } from '../../common/visible.js';

/**
 * Untrusted text in an HTML page (`--format html`). The page is a hast tree serialized by
 * src/render/html/serialize.ts, which escapes markup in text and attribute values; this row makes the text
 * itself fit to show a reviewer: controls and bidi controls as the visible stand-ins of `visible`
 * (line breaks kept, for the places that lay out lines: the source view, `white-space: pre-wrap`),
 * so that no character reorders what the reviewer reads; lone surrogates, which HTML cannot
 * encode, as U+FFFD.
 */
export function htmlText(value: string): string {
  const text = value as string & { isWellFormed(): boolean; toWellFormed(): string };
  return visible(text.isWellFormed() ? value : text.toWellFormed(), { keepLineBreaks: true });
}

/**
 * What a JSON text may not hold inside a `<script>` element, where no entity is decoded: its own
 * end tag, a comment's start, the separators; nor, raw, what would act on whoever reads the page's
 * source: DEL, C1 controls and bidi controls (JSON.stringify escapes the C0 controls already).
 */
const SCRIPT_BREAKERS = new RegExp(`[<>&${ACTIVE_BEYOND_C0}]`, 'g');

/**
 * Data embedded in the page as inert JSON (`<script type="application/json">`): the same data
 * once parsed, with those characters written as \u escapes, so that no string in it can close the
 * element, open a comment or reorder the page's source.
 */
export function htmlJson(value: unknown): string {
  return JSON.stringify(value).replace(SCRIPT_BREAKERS, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
