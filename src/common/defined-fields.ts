/**
 * The fields of `fields` whose value is not undefined, in their order. Spread into an object
 * literal, it sets each optional field only when there is a value, so that no report, envelope or
 * option object carries a key whose value is undefined (which `in`, `Object.keys` and some
 * writers would still see).
 */
export function definedFields<T extends object>(fields: T): Partial<T> {
  const defined: Partial<T> = {};
  for (const key of Object.keys(fields) as (keyof T)[]) if (fields[key] !== undefined) defined[key] = fields[key];
  return defined;
}
