import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import investigationSchema from '../../assets/investigation.schema.json' with { type: 'json' };

let compiled: ValidateFunction | undefined;

/** The spec validator, compiled on first use and then reused for every spec of the process. */
export function investigationValidator(): ValidateFunction {
  compiled ??= new Ajv2020({ allErrors: true, verbose: true, strict: true, allowUnionTypes: true }).compile(investigationSchema);
  return compiled;
}

export { investigationSchema };
export type { ErrorObject };
