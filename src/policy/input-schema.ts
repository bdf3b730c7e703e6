import { investigationSchema } from '../schema/validators.js';
import type { Policy } from './types.js';

/** The fields whose values a policy lists: definition, property, and the policy's list of allowed values. */
const POLICY_FIELDS: ReadonlyArray<readonly [string, string, (policy: Policy) => string[]]> = [
  ['budget', 'unit', (policy) => Object.keys(policy.budget)],
  ['surfaceMapEntry', 'tool', (policy) => policy.cheapMapTools],
  ['hypothesis', 'status', (policy) => policy.hypothesisStatuses],
  ['deepDive', 'tool', (policy) => policy.expensiveDiveTools],
  ['deepDive', 'effect', (policy) => policy.deepDiveEffects],
  ['deepDive', 'provenance', (policy) => policy.provenanceTags],
  ['replan', 'trigger', (policy) => policy.replanTriggers],
  ['stopCondition', 'reason', (policy) => policy.stopReasons],
];

type SchemaObject = Record<string, unknown> & { $defs: Record<string, { properties: Record<string, Record<string, unknown>> }> };

/**
 * The input JSON Schema with the policy's lists as `enum` and `examples` of the fields they judge,
 * so that an editor offers the allowed values. The rules still judge those values: this copy is
 * for editors, never for validation.
 */
export function inputSchemaForPolicy(policy: Policy, presetName: string): Record<string, unknown> {
  const schema = structuredClone(investigationSchema) as unknown as SchemaObject;
  schema['$id'] = String(schema['$id']).replace(/\.schema\.json$/, `.${presetName}.schema.json`);
  schema['title'] = `${String(schema['title'])}, preset ${presetName}`;
  for (const [definition, property, allowed] of POLICY_FIELDS) {
    const field = schema.$defs[definition]?.properties[property];
    if (field === undefined) throw new Error(`the input schema has no ${definition}.${property}`);
    const values = allowed(policy);
    field['enum'] = [...values];
    field['examples'] = [...values];
  }
  return schema;
}
