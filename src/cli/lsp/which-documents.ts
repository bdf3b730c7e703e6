// Which documents the language server judges: specs and katas reports, told by what their top
// level holds, so that an editor that sends every JSON and YAML file (package.json, a tsconfig, a
// workflow, the tool's own reports and sidecars) gets findings only for the documents it should.
// docs/editors.md's init.lua asks the same question on the client's side, before it attaches.
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { parseDocument } from '../../compile.js';
import { dialects } from '../../dialects/index.js';
import { formatOf } from './check-document.js';

/** The top-level keys that make a document a spec (a katas report has `budget` too). */
const SPEC_KEYS = ['goal', 'budget', 'surfaceMap', 'hypotheses', 'deepDives'] as const;

/** The investigation schema as a document names it in `$schema`: a path or URL to the packaged file. */
const INVESTIGATION_SCHEMA = /investigation[\w-]*\.schema\.json/;

/** The `schema` texts that name a dialect (the katas report's). */
const DIALECT_SCHEMAS = new Set(dialects.flatMap((dialect) => (dialect.schema === null ? [] : [dialect.schema])));

/** How much of a document that cannot be parsed the line test reads: as much as the top of any spec. */
const HEAD = 64 * 1024;

/**
 * Whether a document is a spec or a katas report: JSON or YAML (by its language, else its name)
 * that, parsed, is an object whose top level has a spec's key, a `schema` that names a dialect, or the investigation schema as `$schema`. A document that
 * does not parse (an edit half made, a list where the object goes) or is larger than `maxBytes` is
 * one when a line of its head starts with a spec's key, or it names either schema: it then gets
 * its one diagnostic rather than none.
 */
export function isSpecOrKatasReport(document: TextDocument, maxBytes: number): boolean {
  if (!/^(json|jsonc|yaml)$/.test(document.languageId) && !/\.(json|ya?ml)$/i.test(document.uri)) return false;
  const text = document.getText();
  const parsed = text.length <= maxBytes ? parseDocument(text, { format: formatOf(document) }) : undefined;
  if (parsed?.ok === true) {
    const { data } = parsed;
    return (
      SPEC_KEYS.some((key) => Object.hasOwn(data, key)) ||
      (typeof data['schema'] === 'string' && DIALECT_SCHEMAS.has(data['schema'])) ||
      (typeof data['$schema'] === 'string' && INVESTIGATION_SCHEMA.test(data['$schema']))
    );
  }
  const head = text.slice(0, HEAD);
  return (
    new RegExp(`^\\s*["']?(${SPEC_KEYS.join('|')})["']?\\s*:`, 'm').test(head) ||
    INVESTIGATION_SCHEMA.test(head) ||
    [...DIALECT_SCHEMAS].some((schema) => head.includes(schema))
  );
}
