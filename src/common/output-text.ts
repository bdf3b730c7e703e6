/**
 * What a command prints or writes: one string, or pieces made one after another as they are
 * written (a large JSON report, jsonPieces), so that the whole text never has to exist at once.
 */
export type OutputText = string | Iterable<string>;

/** The text in one string, for the callers that need it whole: the library, the MCP server, an envelope. */
export function wholeText(text: OutputText): string {
  return typeof text === 'string' ? text : [...text].join('');
}
