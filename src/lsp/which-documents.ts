// Which documents the language server judges: specs and katas reports, told by what their top
// level holds, so that an editor that sends every JSON and YAML file (package.json, a tsconfig, a
// workflow, the tool's own reports and sidecars) gets findings only for the documents it should.
// docs/editors.md's init.lua asks the same question on the client's side, before it attaches.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument } from '../compile.js';
import { dialects } from '../dialects/index.js';
import { documentKind, isJudgedKind } from '../dialects/kinds.js';
import { formatOf } from './check-document.js';

/** The top-level keys whose line marks the head of a document that does not parse as a spec (a katas report has `budget` too). */
const SPEC_KEYS = ['goal', 'budget', 'surfaceMap', 'hypotheses', 'deepDives'] as const;

/** The investigation schema as a document names it in `$schema`: a path or URL to the packaged file. */
const INVESTIGATION_SCHEMA = /investigation[\w-]*\.schema\.json/;

/** The `schema` texts that name a dialect (the katas report's). */
const DIALECT_SCHEMAS = new Set(dialects.flatMap((dialect) => (dialect.schema === null ? [] : [dialect.schema])));

/** How much of a document that cannot be parsed the line test reads: as much as the top of any spec. */
const HEAD = 64 * 1024;

/**
 * Whether a document is a spec or a katas report: JSON or YAML (by its language, else its name)
 * that, parsed, is of a dialect's kind as a folder walk tells it (and not empty). A document that
 * does not parse (an edit half made, a list where the object goes) or is larger than `maxBytes` is
 * one when a line of its head starts with a spec's key, or it names either schema: it then gets
 * its one diagnostic rather than none.
 */
export function isJudgedDocument(document: TextDocument, maxBytes: number): boolean {
  if (!/^(json|jsonc|yaml)$/.test(document.languageId) && !/\.(json|ya?ml)$/i.test(document.uri)) return false;
  const text = document.getText();
  const parsed = text.length <= maxBytes ? parseDocument(text, { format: formatOf(document) }) : undefined;
  if (parsed?.ok === true) {
    // The kind a folder walk tells (src/dialects/kinds.ts), but for an empty object: to a walk a
    // spec with nothing written yet, in an editor any of the many `{}` files it opens.
    const kind = documentKind(parsed.data);
    return kind !== null && isJudgedKind(kind) && Object.keys(parsed.data).length > 0;
  }
  const head = text.slice(0, HEAD);
  return (
    new RegExp(`^\\s*["']?(${SPEC_KEYS.join('|')})["']?\\s*:`, 'm').test(head) ||
    INVESTIGATION_SCHEMA.test(head) ||
    [...DIALECT_SCHEMAS].some((schema) => head.includes(schema))
  );
}
