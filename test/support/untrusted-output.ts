/**
 * Hostile text, and the invariants every output of the tool keeps whatever text its input holds:
 * the one rule for untrusted text (src/render/untrusted/) seen from outside. The whole-CLI test
 * (test/hostile/untrusted-text.test.ts) and the fuzz classes (test/support/hostile-text-properties.ts)
 * both check outputs with `outputProblems`.
 */
import type { Nodes, Root } from 'mdast';
import { markdownTree } from './markdown.js';

/** One class of hostile text: what a terminal, the GitHub runner or a Markdown renderer would act on. */
export interface HostileText {
  name: string;
  text: string;
}

export const HOSTILE_TEXTS: readonly HostileText[] = [
  { name: 'C0 controls', text: 'c0 \u0000\u0007\b\u001b[31mred\u001b[0m\u007f' },
  { name: 'C1 controls', text: 'c1 \u0085\u009b31m\u009d0;title\u009c' },
  { name: 'bidi controls', text: '\u202eevil\u202c \u2066x\u2069 \u200f\u061c' },
  { name: 'OSC 8 hyperlink', text: '\u001b]8;;https://osc.example/x\u001b\\click\u001b]8;;\u001b\\' },
  { name: 'CSI sequences', text: '\u001b[2J\u001b[H\u009b2J' },
  { name: 'workflow command at line start', text: '::add-mask::secret' },
  { name: 'workflow command after white space', text: ' \t::error file=a.json::spoof' },
  { name: 'workflow command after Unicode white space', text: '\u00a0\u3000\u2003::warning::spoof' },
  { name: 'workflow commands after line breaks', text: 'x\n  ::stop-commands::tok\r\n::error::y\u2028::notice::z' },
  { name: 'legacy workflow command mid-line', text: 'mid ##[add-mask]secret and ###[error]x' },
  { name: 'a lone colon', text: ':' },
  { name: 'trailing hashes', text: 'ends with ##' },
  { name: 'Markdown link and image', text: '[l](http://x.y) ![img](https://evil.example/p.png) [r][ref]' },
  { name: 'footnote', text: '[^1] foot\n\n[^1]: https://e.x' },
  {
    name: 'autolink literals',
    text: 'See HTTPS://evil.example/x, www.evil.example, WwW.Evil.Example, a@evil.example, mailto:x@y.z, xmpp:foo@bar.baz/r, ftp://f.example, <https://a.b>',
  },
  { name: 'reference definition', text: '[ref]: http://ref.example\n[ref]\n[Ref]: <https://r.example> "t"' },
  { name: 'raw HTML', text: '<div>hi</div><img src=x onerror=alert(1)><a href="https://h.example">a</a><!-- c -->' },
  { name: 'table breakers', text: '| x | y |\n| - | - |\\|`|<br>' },
];

/**
 * Pieces of link, image, footnote, autolink, definition and HTML syntax, and of workflow commands,
 * for generators to join: any joining must render as text.
 */
export const LINK_SYNTAX: readonly string[] = [
  'www.',
  'WwW.',
  'http://',
  'HTTPS://',
  'ftp://',
  'mailto:',
  'xmpp:',
  '@',
  'a@b.c',
  'evil.example',
  '/p.png',
  '[',
  ']',
  '(',
  ')',
  '![',
  '](',
  '[^1]',
  '[^1]: ',
  '[ref]: ',
  '<',
  '>',
  '<https://a.b>',
  '<a href="https://h.example">',
  '<!--',
  '-->',
  '&lt;',
  ':',
  '.',
  '_',
  '-',
  'x',
  ' ',
  '\n',
  '\u00a0',
  '::',
  '##[',
  '`',
  '|',
  '\\',
];

/** White space as the GitHub runner trims a line before it looks for "::" (.NET's char.IsWhiteSpace). */
const RUNNER_WHITE_SPACE = /^[\t-\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/u;
/** Characters no output may hold raw: C0 controls but the line feed, DEL, C1, the separators and the bidi controls. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
/** A workflow command the tool writes itself (the github format, `summary --annotate`): its properties are escaped, so none holds ":" or ",". */
const TOOL_COMMAND = /^::(?:error|warning|notice) (?:file=[^,:]*,)?(?:line=\d+,)?(?:col=\d+,)?title=[^,:]*::/;

/** Markdown nodes no input may produce. */
const FORBIDDEN_NODES = new Set([
  'link',
  'linkReference',
  'image',
  'imageReference',
  'definition',
  'footnoteReference',
  'footnoteDefinition',
]);
/** The only HTML the tool writes: line breaks in table cells, and the empty comment that keeps two pieces of text or code apart. */
const TOOL_HTML = new Set(['<br>', '<!---->']);

/** What kind of text a stream holds. */
export type OutputKind = 'lines' | 'markdown' | 'json' | 'sarif' | 'workflow-commands';

/**
 * Every way `text` breaks the invariants of its kind, empty when it keeps them all. Every kind is
 * printed, so every kind keeps the invariants of a log line: no raw control character, no line whose
 * start (after the runner's white space) is "::", no "##[" (the runner's legacy command form, found
 * anywhere in a line). In `workflow-commands`, lines that are the tool's own commands are exempt,
 * their properties escaped. Markdown also parses (remark-parse + remark-gfm) without a link, an
 * image, a footnote, a definition or HTML other than the tool's own; JSON parses, and in a SARIF
 * log no result's plain text message holds an embedded link (SARIF 2.1.0 §3.11.6).
 */
export function outputProblems(text: string, kind: OutputKind): string[] {
  const problems: string[] = [];
  const control = RAW_CONTROL.exec(text);
  if (control !== null) problems.push(`a raw control character ${JSON.stringify(control[0])} near ${excerpt(text, control.index)}`);
  for (const line of text.split('\n')) {
    if (kind === 'workflow-commands' && TOOL_COMMAND.test(line)) continue;
    if (line.replace(RUNNER_WHITE_SPACE, '').startsWith('::'))
      problems.push(`a line that starts a workflow command: ${JSON.stringify(line)}`);
    if (line.includes('##[')) problems.push(`a legacy workflow command "##[": ${JSON.stringify(line)}`);
  }
  if (kind === 'markdown') problems.push(...markdownProblems(text));
  if (kind === 'json' || kind === 'sarif') {
    try {
      const parsed: unknown = JSON.parse(text);
      if (kind === 'sarif') problems.push(...sarifLinkProblems(parsed));
    } catch (error) {
      problems.push(`JSON that does not parse: ${(error as Error).message}`);
    }
  }
  return problems;
}

/**
 * An embedded link of a SARIF plain text message: "[", link text whose "\", "[" and "]" are
 * escaped with a backslash, "](", a destination, ")".
 */
const SARIF_EMBEDDED_LINK = /\[(?:[^\\[\]]|\\[\\[\]])*\]\([^)]*\)/;

function sarifLinkProblems(log: unknown): string[] {
  const runs = (log as { runs?: Array<{ results?: Array<{ message?: { text?: string } }> }> }).runs ?? [];
  return runs.flatMap((run) =>
    (run.results ?? [])
      .map((result) => result.message?.text ?? '')
      .filter((message) => SARIF_EMBEDDED_LINK.test(message))
      .map((message) => `an embedded link in a SARIF message: ${JSON.stringify(message)}`),
  );
}

/** Links, images, footnotes, definitions and HTML that the tool did not write, as GitHub-flavoured Markdown reads them. */
export function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  const visit = (node: Nodes): void => {
    if (FORBIDDEN_NODES.has(node.type)) problems.push(`a Markdown ${node.type}: ${JSON.stringify(describe(node))}`);
    if (node.type === 'html' && !TOOL_HTML.has(node.value)) problems.push(`raw HTML in Markdown: ${JSON.stringify(node.value)}`);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(markdownTree(markdown) as Root);
  return problems;
}

function describe(node: Nodes): string {
  if ('url' in node) return node.url;
  if ('identifier' in node) return node.identifier;
  return node.type;
}

function excerpt(text: string, at: number): string {
  return JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
}
