import { Ajv2020, type AnySchemaObject, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import briefArtifactSchema from '../../assets/brief-artifact.schema.json' with { type: 'json' };
import investigationSchema from '../../assets/investigation.schema.json' with { type: 'json' };
import policySchema from '../../assets/policy.schema.json' with { type: 'json' };
import { capErrors } from './cap-errors.js';

export type { ErrorObject, ValidateFunction };
export { briefArtifactSchema, capErrors, investigationSchema, policySchema };

/** A dialect's own JSON Schema, which names itself by `$id` (`Dialect.documentSchema`). */
export type DocumentSchema = AnySchemaObject & { $id: string };

/**
 * The sections a draft may still lack: what comes after the first deep dives (the stop, the
 * deliverable, the risks) and the lists an early draft has not started. Goal and budget stay
 * required, as does a discovery trace's every part but its stop.
 */
const DRAFT_OPTIONAL_FIELDS: readonly string[] = [
  'surfaceMap',
  'hypotheses',
  'deepDives',
  'replanLog',
  'stopCondition',
  'deliverable',
  'risks',
];

/** The input schema of a draft (`--stage draft`): the same schema with those fields, and a discovery stop, optional. */
const draftInvestigationSchema = {
  ...investigationSchema,
  $id: investigationSchema.$id.replace(/\.schema\.json$/, '-draft.schema.json'),
  title: `${investigationSchema.title} (draft)`,
  required: investigationSchema.required.filter((field) => !DRAFT_OPTIONAL_FIELDS.includes(field)),
  $defs: {
    ...investigationSchema.$defs,
    discovery: {
      ...investigationSchema.$defs.discovery,
      required: investigationSchema.$defs.discovery.required.filter((field) => field !== 'stop'),
    },
  },
};

export const schemaIds = {
  investigation: investigationSchema.$id,
  investigationDraft: draftInvestigationSchema.$id,
  policy: policySchema.$id,
  briefArtifact: briefArtifactSchema.$id,
} as const;

export type SchemaName = keyof typeof schemaIds;

/**
 * verbose: errors carry their parent schema, which names the fields an unknown key was meant to be.
 * code.process: the generated code keeps at most SCHEMA_ERROR_CAP error objects and counts the rest.
 */
export const ajvOptions: Options = {
  allErrors: true,
  verbose: true,
  strict: true,
  allowUnionTypes: true,
  code: { process: (code) => capErrors(code) },
};

/** An ajv instance with the tool's own schemas, and the dialects' when given (the build gives them all). */
export function createAjv(options: Options = {}, documentSchemas: readonly DocumentSchema[] = []): Ajv2020 {
  const ajv = new Ajv2020({ ...ajvOptions, ...options, code: { ...ajvOptions.code, ...options.code } })
    .addSchema(investigationSchema)
    .addSchema(draftInvestigationSchema)
    .addSchema(policySchema)
    .addSchema(briefArtifactSchema);
  for (const schema of documentSchemas) ajv.addSchema(schema);
  return ajv;
}

let ajv: Ajv2020 | undefined;

/**
 * The validator of a schema, compiled once per process. The bundle replaces this module with
 * validators precompiled at build time (scripts/build.mjs), so the CLI compiles no schema at start-up.
 */
export function validator(name: SchemaName): ValidateFunction {
  ajv ??= createAjv();
  return ajv.getSchema(schemaIds[name]) as ValidateFunction;
}

/**
 * The validator of a dialect's schema, compiled once per process. The bundle's precompiled module
 * holds one for every dialect's `documentSchema`, read from the registry at build time.
 */
export function documentValidator(schema: DocumentSchema): ValidateFunction {
  ajv ??= createAjv();
  return (ajv.getSchema(schema.$id) ?? ajv.addSchema(schema).getSchema(schema.$id)) as ValidateFunction;
}
