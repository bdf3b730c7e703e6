import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import AjvDraft04 from 'ajv-draft-04';

/** The official SARIF 2.1.0 schema, kept in the project (test/data/README.md names its source). */
const sarifSchemaPath = fileURLToPath(new URL('../data/sarif-schema-2.1.0.json', import.meta.url));

/** RFC 3986 characters only, with well-formed percent escapes: what an unencoded space would break. */
const URI_REFERENCE = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?#[\]]|%[0-9A-Fa-f]{2})*$/;

let compiled: ValidateFunction | undefined;

/**
 * The official SARIF 2.1.0 schema (draft-04), compiled once. The project has no ajv-formats, so the
 * three formats the schema uses are checked here.
 */
export function sarifValidator(): ValidateFunction {
  // The package is CommonJS; its class is the default export's `default` under NodeNext typing.
  compiled ??= new AjvDraft04.default({ allErrors: true, strict: false })
    .addFormat('uri', (value: string) => /^[A-Za-z][A-Za-z0-9+.-]*:/.test(value) && URI_REFERENCE.test(value))
    .addFormat('uri-reference', URI_REFERENCE)
    .addFormat('date-time', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:Z|[+-]\d{2}:\d{2})$/i)
    .compile(JSON.parse(readFileSync(sarifSchemaPath, 'utf8')) as object);
  return compiled;
}
