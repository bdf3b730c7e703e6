// What a field of a spec may hold, for hover and completion: the list of the policy in force
// (tools, units, statuses, effects, tags, triggers, stop reasons), or the ids and nodes the spec
// itself already names (a dive's hypothesis, its node, a replan's deep dive).
import { investigationSchema } from '../catalog.js';
import { records } from '../common/guards.js';
import { isIndexToken } from '../diagnostics/pointer.js';
import type { Policy } from '../policy/types.js';

/** A field's place with its indices as "*": "deepDives/*\/tool". */
export function fieldPlace(tokens: readonly string[]): string {
  return tokens.map((token) => (isIndexToken(token) ? '*' : token)).join('/');
}

/** The policy's list for each field whose value must come from one, with the policy key that names it. */
const POLICY_LISTS: ReadonlyMap<string, { key: string; values: (policy: Policy) => readonly string[] }> = new Map([
  ['budget/unit', { key: 'budget', values: (policy: Policy) => Object.keys(policy.budget) }],
  ['surfaceMap/*/tool', { key: 'cheapMapTools', values: (policy: Policy) => policy.cheapMapTools }],
  ['hypotheses/*/status', { key: 'hypothesisStatuses', values: (policy: Policy) => policy.hypothesisStatuses }],
  ['deepDives/*/tool', { key: 'expensiveDiveTools', values: (policy: Policy) => policy.expensiveDiveTools }],
  ['deepDives/*/effect', { key: 'deepDiveEffects', values: (policy: Policy) => policy.deepDiveEffects }],
  ['deepDives/*/provenance', { key: 'provenanceTags', values: (policy: Policy) => policy.provenanceTags }],
  ['replanLog/*/trigger', { key: 'replanTriggers', values: (policy: Policy) => policy.replanTriggers }],
  ['stopCondition/reason', { key: 'stopReasons', values: (policy: Policy) => policy.stopReasons }],
]);

/** The values a field's policy allows, and the policy key that lists them; undefined for a field no list governs. */
export function policyValues(place: string, policy: Policy): { key: string; values: readonly string[] } | undefined {
  const list = POLICY_LISTS.get(place);
  return list === undefined ? undefined : { key: list.key, values: list.values(policy) };
}

/** The values the spec already names for a field that refers to them: hypothesis ids, mapped nodes, deep dive ids. */
export function specValues(place: string, data: Record<string, unknown>): string[] {
  const items = (section: string): Array<Record<string, unknown>> => records(data[section]);
  const strings = (values: unknown[]): string[] => [...new Set(values.filter((value): value is string => typeof value === 'string'))];
  switch (place) {
    case 'deepDives/*/hypothesisId':
    case 'replanLog/*/hypothesisId':
      return strings(items('hypotheses').map((hypothesis) => hypothesis['id']));
    case 'deepDives/*/node':
    case 'hypotheses/*/candidateNodes/*':
      return strings(items('surfaceMap').flatMap((entry) => (Array.isArray(entry['candidateNodes']) ? entry['candidateNodes'] : [])));
    case 'replanLog/*/afterDeepDive':
      return strings(items('deepDives').map((dive) => dive['id']));
    default:
      return [];
  }
}

interface SchemaNode {
  description?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  $ref?: string;
}

/** What the input schema says of a field, by its tokens: the description of its property or item. */
export function fieldDescription(tokens: readonly string[]): string | undefined {
  const definitions = (investigationSchema as { $defs: Record<string, SchemaNode> }).$defs;
  const resolve = (node: SchemaNode | undefined): SchemaNode | undefined =>
    node?.$ref === undefined
      ? node
      : { ...definitions[node.$ref.replace('#/$defs/', '')], ...(node.description === undefined ? {} : { description: node.description }) };
  let node: SchemaNode | undefined = investigationSchema as SchemaNode;
  for (const token of tokens) {
    const here = resolve(node);
    const properties = here?.properties;
    node = isIndexToken(token) ? here?.items : properties !== undefined && Object.hasOwn(properties, token) ? properties[token] : undefined;
    if (node === undefined) return undefined;
  }
  return resolve(node)?.description;
}
