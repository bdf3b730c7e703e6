import { baseSpec } from '../../src/rules/examples/base-spec.js';

/** A spec that passes every rule of the gate preset (the rules' example base); tests break one thing at a time. */
export function validSpec(): Record<string, any> {
  return baseSpec() as unknown as Record<string, any>;
}

/**
 * A spec that passes the gate with `dives` deep dives on a tokens budget, each with its own
 * finding, so that its report grows with them.
 */
export function specWithDives(dives: number): Record<string, any> {
  const spec = validSpec();
  spec.budget = { total: dives * 2, used: dives, unit: 'tokens' };
  spec.deepDives = Array.from({ length: dives }, (_, index) => ({
    ...spec.deepDives[index % 3],
    id: `D${index + 1}`,
    effect: index < 3 ? spec.deepDives[index].effect : 'neutral',
    finding: `Finding ${index + 1}: ${spec.deepDives[index % 3].finding}`,
    tokens: 1,
  }));
  return spec;
}

/** Fails the gate with one error: the first deep dive uses `tool`, which the gate does not count as an expensive read. */
export function gateFailingSpec(tool = 'WebFetch'): Record<string, any> {
  const spec = validSpec();
  spec.deepDives[0].tool = tool;
  return spec;
}

/** Only an unknown-field warning: passes the gate unless warnings fail it. */
export function warningOnlySpec(): Record<string, any> {
  const spec = validSpec();
  spec.owner = 'platform team';
  return spec;
}

/** No deep dive carries a provenance tag: the gate preset fails it on finding-provenance. */
export function specWithoutProvenance(): Record<string, any> {
  const spec = validSpec();
  for (const dive of spec.deepDives) delete dive.provenance;
  return spec;
}
