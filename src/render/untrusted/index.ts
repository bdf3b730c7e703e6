import { jsonText } from '../../common/json-text.js';
import { labelText } from '../mermaid/escape.js';
import { htmlJson, htmlText } from './html.js';
import { codeSpan, escapeText } from './markdown.js';
import { sarifMessage } from './sarif.js';
import { terminalText } from './terminal.js';
import { commandData, commandProperty } from './workflow-command.js';
import { xmlAttribute, xmlText } from './xml.js';
import { yamlText } from './yaml.js';

/**
 * The one rule for untrusted text. Every name and text that comes from input (file and folder
 * names, paths, keys, rule ids and values from a configuration, spec and report text, golden
 * lines, arguments, and the messages that quote any of them) is written through the row of this
 * table for the context it lands in, and through nothing else. Each row keeps what the text says
 * (a character that must not act is shown as a stand-in, such as "␛" or "⟨U+202E⟩", or escaped so
 * that a reader gets it back) and makes it unable to act where it stands:
 *
 * | Context | Where | What the text can never do there |
 * | --- | --- | --- |
 * | `terminal` | a piece of a line of a text format or of standard error | hold a control, move to a line of its own, start a line with "::" or hold "##[" (GitHub workflow commands) |
 * | `commandData`, `commandProperty` | a workflow command the tool writes (`--format github`, `summary --annotate`) | end the command, a property or the properties |
 * | `markdownText`, `markdownCode` | Markdown text and inline code | become a link, an image, a footnote, a definition, HTML or block syntax, or act as a log line once printed |
 * | `mermaidLabel` | a Mermaid label in a report's diagram | end the label or the statement, or become a link or HTML |
 * | `sarifMessage` | a SARIF result's plain text message | become an embedded link (SARIF §3.11.6) |
 * | `json` | a JSON document (reports, envelopes, SARIF, statistics) | hold a raw control or "##[" (same data once parsed) |
 * | `yaml` | a YAML document (`convert`, `init`) | hold a raw control, start a line with "::" or hold "##[" (same data once parsed) |
 * | `xmlText`, `xmlAttribute` | the JUnit XML of `test --junit` | be markup, or a character XML forbids |
 * | `htmlText`, `htmlJson` | the page of `--format html`: text and attribute values of its tree (markup escaped by the serializer), the data embedded as JSON | hold a control or reorder the text; close the `<script>` of the data; be a URL (no `href` or `src` comes from input: links go to ids the page makes) |
 *
 * The Markdown writers pass the Markdown rows the place in the line they know (at a line start,
 * in a table cell). Layers below the renderers, which cannot import this table, write JSON with
 * `jsonText` (src/common/json-text.ts), the JSON row itself.
 */
export const escapeFor = {
  terminal: terminalText,
  commandData,
  commandProperty,
  markdownText: escapeText,
  markdownCode: codeSpan,
  mermaidLabel: labelText,
  sarifMessage,
  json: jsonText,
  yaml: yamlText,
  xmlText,
  xmlAttribute,
  htmlText,
  htmlJson,
} as const;
