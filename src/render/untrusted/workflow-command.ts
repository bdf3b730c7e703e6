import { visible } from '../../common/visible.js';

/**
 * Untrusted text inside a GitHub workflow command the tool writes itself (`--format github`,
 * `summary --annotate`), escaped as the runner unescapes it (the toolkit's escapeData and
 * escapeProperty): "%" first, so that the escapes stay unambiguous, then line breaks as %0D and
 * %0A, which the runner shows as line breaks inside the annotation. Every other control character
 * is made visible, so none reaches the log raw. The command stays one line: its data cannot end it,
 * and its properties cannot end a property (",") or the properties (":").
 */

/** The command's message, after the "::" that ends its properties. */
export function commandData(text: string): string {
  return visible(text, { keepLineBreaks: true }).replaceAll('%', '%25').replaceAll('\r', '%0D').replaceAll('\n', '%0A');
}

/** A property's value (`file=`, `title=`): property values end at "," and the properties at "::", so both are escaped as well. */
export function commandProperty(text: string): string {
  return commandData(text).replaceAll(':', '%3A').replaceAll(',', '%2C');
}
