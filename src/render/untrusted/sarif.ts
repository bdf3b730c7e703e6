/** A "]" right before "(", with the backslashes before it. */
const LINK_TEXT_END = /(\\*)\](?=\()/g;

/**
 * A plain text message of a SARIF log (`result.message.text`), which quotes input. SARIF 2.1.0
 * (§3.11.6) lets a plain text message embed links, `[link text](destination)` with any URI as the
 * destination, and viewers render them as links; text from input must not make one. In the link
 * text, "\", "[" and "]" are escaped with a backslash, so an embedded link needs an unescaped "]"
 * right before its "(": the "]" of every "](" is escaped, with the backslashes before it doubled so
 * that none of them escapes another. A viewer that finds no link shows the backslash, and the text
 * is otherwise as it was. (JSON escapes the rest: the SARIF log is written by `jsonText`.)
 */
export function sarifMessage(text: string): string {
  return text.includes('](') ? text.replace(LINK_TEXT_END, (_end, backslashes: string) => `${backslashes}${backslashes}\\]`) : text;
}
