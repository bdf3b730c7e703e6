import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import briefArtifactSchema from '../../assets/brief-artifact.schema.json' with { type: 'json' };
import investigationSchema from '../../assets/investigation.schema.json' with { type: 'json' };
import policySchema from '../../assets/policy.schema.json' with { type: 'json' };
import { capErrors } from './cap-errors.js';

export type { ErrorObject, ValidateFunction };
export { briefArtifactSchema, capErrors, investigationSchema, policySchema };

export const schemaIds = {
  investigation: investigationSchema.$id,
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

export function createAjv(options: Options = {}): Ajv2020 {
  return new Ajv2020({ ...ajvOptions, ...options, code: { ...ajvOptions.code, ...options.code } })
    .addSchema(investigationSchema)
    .addSchema(policySchema)
    .addSchema(briefArtifactSchema);
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
