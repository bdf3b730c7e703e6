// The one writer of a spec as commented YAML, for `init` (skeleton.ts) and `trace draft`
// (draft-text.ts): the data as the yaml library's Document, an opening comment that names the
// schema for editors, a comment above the fields the author fills in, and the example entries
// both show, written once here. Comments go through the Document's nodes, never glued into the
// text, so that a value holding anything (a trace's command, a goal) is written inert by
// escapeFor.yaml and read back the same.
import { Document, type Scalar, type YAMLMap } from 'yaml';
import { escapeFor } from '../render/untrusted/index.js';

/** The example entries the comments show, as a spec writes them (flow style, empty where the author writes). */
export const EXAMPLE_ENTRIES = {
  surfaceMap: '- {id: M1, tool: rg, query: "", candidateNodes: [], evidence: ""}',
  hypothesis: '- {id: H1, claim: "", priority: 1, cost: 1, status: open, candidateNodes: []}',
  deepDive: (tokens: boolean): string =>
    `- {id: D1, hypothesisId: H1, node: "", tool: Read, finding: "", effect: confirms, provenance: "[CODIGO]"${tokens ? ', tokens: 0' : ''}}`,
  replan: '- {trigger: hypothesis_invalidated, hypothesisId: H1, decision: "", evidence: "", afterDeepDive: D1}',
  stopCondition: 'stopCondition: {reason: "", evidence: ""}',
  deliverable: 'deliverable: ""',
} as const;

/** A command line the opening comment shows, its explanation in a column after it. */
export function commandLine(command: string, says: string): string {
  return `  ${`compile-investigation ${command}`.padEnd(50)} ${says}`;
}

export interface CommentedYamlOptions {
  /** What `$schema` names: the opening comment's first line names it for the YAML language server. */
  schema: string;
  /** The opening comment's lines after that one. */
  opening: readonly string[];
  /** The comment lines above each top-level field named, with a blank line before the field. */
  above: Readonly<Record<string, readonly string[]>>;
  /** Any further comment on the document's nodes (a trailing one on a field left empty), before it is written. */
  decorate?: (root: YAMLMap<Scalar<string>, unknown>) => void;
}

/** The data as YAML with its comments, each comment line after "# " (an empty one as "#"). */
export function commentedYaml(data: Record<string, unknown>, options: CommentedYamlOptions): string {
  const document = new Document(data);
  const root = document.contents as YAMLMap<Scalar<string>, unknown>;
  document.commentBefore = commentText([`yaml-language-server: $schema=${options.schema}`, ...options.opening]);
  for (const pair of root.items) {
    const lines = options.above[pair.key.value];
    if (lines === undefined) continue;
    pair.key.commentBefore = commentText(lines);
    pair.key.spaceBefore = true;
  }
  options.decorate?.(root);
  return escapeFor.yaml(document, { lineWidth: 0 });
}

/** Comment lines as the yaml library takes them: each after the space that follows its "#". */
function commentText(lines: readonly string[]): string {
  return lines.map((line) => (line === '' ? '' : ` ${line}`)).join('\n');
}
