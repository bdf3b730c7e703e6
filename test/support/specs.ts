import { baseSpec } from '../../src/rules/examples/base-spec.js';

/** A spec that passes every rule of the gate preset (the rules' example base); tests break one thing at a time. */
export function validSpec(): Record<string, any> {
  return baseSpec() as unknown as Record<string, any>;
}
