import { didYouMean } from '../common/suggest.js';
import type { InputProblem } from '../load/input-error.js';
import type { Locator } from '../load/text-position.js';
import type { Dialect } from '../report/types.js';
import { KATAS_REPORT_SCHEMA } from './policy.js';

/** The identifiers a document may give in `schema`; a spec gives none (its `$schema` names a JSON Schema). */
export const KNOWN_DOCUMENT_SCHEMAS: readonly string[] = [KATAS_REPORT_SCHEMA];

/** Which document this is: a katas report names itself in `schema`; a string there that names nothing known is not a dialect. */
export function documentDialect(data: Record<string, unknown>): Dialect | { schema: string } {
  const schema = data['schema'];
  if (typeof schema !== 'string') return 'investigation-spec';
  return schema === KATAS_REPORT_SCHEMA ? 'katas-report-v1' : { schema };
}

/** The input error of a `schema` that names no known document: it names the known ones. */
export function unknownSchemaProblem(schema: string, locate: Locator | undefined): InputProblem {
  const place = locate?.('/schema');
  const shown = JSON.stringify(schema.length > 200 ? `${schema.slice(0, 200)}…` : schema);
  const known = KNOWN_DOCUMENT_SCHEMAS.map((name) => JSON.stringify(name)).join(' or ');
  return {
    subcode: 'UNKNOWN_SCHEMA',
    message: `"schema": ${shown} names no document this tool reads; use ${known} for a katas report, or no "schema" for an investigation spec.${didYouMean(schema, KNOWN_DOCUMENT_SCHEMAS)}`,
    ...(place === undefined ? {} : { line: place.line, ...(place.column === undefined ? {} : { column: place.column }) }),
  };
}
