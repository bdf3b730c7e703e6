/**
 * Untrusted text in an XML document (the JUnit XML of `test --junit`): the characters XML 1.0
 * does not allow at all are dropped (C0 controls but tab, LF and CR; lone surrogates; U+FFFE,
 * U+FFFF), since no escape can stand for them, and markup is escaped so that text stays text.
 */

/** Characters XML 1.0 does not allow at all. */
const INVALID_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text content: & < > escaped (">" too, so "]]>" cannot appear), CR kept as a reference. */
export function xmlText(value: string): string {
  return value.replace(INVALID_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r/g, '&#13;');
}

/** Attribute value in double quotes: also quotes escaped, and tab, LF and CR as references so that they survive normalization. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;');
}
