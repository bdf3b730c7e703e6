// The dialects, through their one registry: what the core, the renderers and the commands ask of a
// document's kind. Nothing outside src/dialects/ tells one dialect from another.
import { definedFields } from '../common/defined-fields.js';
import { didYouMean } from '../common/suggest.js';
import type { InputProblem } from '../load/input-error.js';
import type { Locator } from '../load/text-position.js';
import type { DialectId, Report } from '../report/types.js';
import type { CatalogRule } from '../rules/rule.js';
import type { DocumentSchema } from '../schema/validators.js';
import type { Dialect } from './dialect.js';
import { dialects } from './registry.js';

export type { Dialect, DialectCatalog, DialectCompiled, DialectDescription, DialectInput, DialectSetup } from './dialect.js';
export { dialects };

/** Which dialect a document is: the one its `schema` text names, or the one of documents with none; a text that names none is no dialect. */
export function detectDialect(data: Record<string, unknown>): Dialect | { schema: string } {
  const schema = typeof data['schema'] === 'string' ? data['schema'] : null;
  return dialects.find((dialect) => dialect.schema === schema) ?? { schema: String(schema) };
}

/** The input error of a `schema` that names no known document: it names the known ones. */
export function unknownSchemaProblem(schema: string, locate: Locator | undefined): InputProblem {
  const place = locate?.('/schema');
  const shown = JSON.stringify(schema.length > 200 ? `${schema.slice(0, 200)}…` : schema);
  const named = dialects.filter((dialect): dialect is Dialect & { schema: string } => dialect.schema !== null);
  const uses = named.map((dialect) => `${JSON.stringify(dialect.schema)} for ${dialect.documentName}`);
  const unnamed = dialects.find((dialect) => dialect.schema === null);
  if (unnamed !== undefined) uses.push(`or no "schema" for ${unnamed.documentName}`);
  return {
    subcode: 'UNKNOWN_SCHEMA',
    message: `"schema": ${shown} names no document this tool reads; use ${uses.join(', ')}.${didYouMean(
      schema,
      named.map((dialect) => dialect.schema),
    )}`,
    ...(place === undefined ? {} : { line: place.line, ...definedFields({ column: place.column }) }),
  };
}

/** The dialect of a report. */
export function dialectOf(report: Report): Dialect {
  const dialect = dialects.find((candidate) => candidate.owns(report));
  if (dialect === undefined) throw new Error(`no dialect owns a report of ${JSON.stringify(report.dialect)}`);
  return dialect;
}

/** The dialect of an id, as a compile result or a file's outcome names it. */
export function dialectById(id: DialectId | undefined): Dialect | undefined {
  return dialects.find((dialect) => dialect.id === id);
}

/** The JSON Schemas of the dialects that bring their own, in the registry's order: the build precompiles their validators. */
export function documentSchemas(): DocumentSchema[] {
  return dialects.flatMap((dialect) => (dialect.documentSchema === undefined ? [] : [dialect.documentSchema]));
}

/** The rules of every dialect, in catalog order: each dialect's catalog, one after the other. */
export function catalogRules(): CatalogRule[] {
  return dialects.flatMap((dialect) => dialect.rules);
}

/** The rules no configuration may weaken and no baseline may accept (RuleMeta.foundation), of every dialect, in the registry's order. */
export function foundationRules(): CatalogRule[] {
  const all = dialects.flatMap((dialect) => [dialect.criticalInput, ...dialect.rules]);
  return all.filter((rule) => rule.meta.foundation !== undefined);
}

/** The ids of the foundation rules of every dialect. */
export function foundationRuleIds(): Set<string> {
  return new Set(foundationRules().map((rule) => rule.meta.id));
}
