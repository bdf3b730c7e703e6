import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js';
import briefArtifactSchema from '../../assets/brief-artifact.schema.json' with { type: 'json' };
import investigationSchema from '../../assets/investigation.schema.json' with { type: 'json' };
import katasReportSchema from '../../assets/katas-report.schema.json' with { type: 'json' };
import policySchema from '../../assets/policy.schema.json' with { type: 'json' };
import { capErrors } from './cap-errors.js';

export type { ErrorObject, ValidateFunction };
export { briefArtifactSchema, capErrors, investigationSchema, katasReportSchema, policySchema };

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
  katasReport: katasReportSchema.$id,
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
    .addSchema(draftInvestigationSchema)
    .addSchema(policySchema)
    .addSchema(briefArtifactSchema)
    .addSchema(katasReportSchema);
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
