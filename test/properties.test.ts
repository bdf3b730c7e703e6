import { describe, expect, it } from 'vitest';
import { assertProperty, PROPERTY_HANG_GUARD_MS } from './support/cost.js';
import { DEFAULT_SEED, properties, resolvePointer } from './support/properties.js';

describe('resolvePointer (the test helper)', () => {
  it('resolves values, escaped tokens and missing members, and nothing else', () => {
    const document = { a: [{ 'b/c': 1, 'd~e': null }], '': 2 };
    expect(resolvePointer(document, '')).toBe('value');
    expect(resolvePointer(document, '/a/0/b~1c')).toBe('value');
    expect(resolvePointer(document, '/a/0/d~0e')).toBe('value');
    expect(resolvePointer(document, '/')).toBe('value');
    expect(resolvePointer(document, '/a/0/missing')).toBe('missing-member');
    expect(resolvePointer(document, '/a/1')).toBe('unresolved');
    expect(resolvePointer(document, '/a/01')).toBe('unresolved');
    expect(resolvePointer(document, '/a/0/missing/deeper')).toBe('unresolved');
    expect(resolvePointer(document, 'a')).toBe('unresolved');
    expect(resolvePointer({}, '/__proto__')).toBe('missing-member');
  });
});

describe('properties (fixed seed)', () => {
  for (const { name, runs, property } of properties()) {
    // The guard against a hang stops the runs a little before the test's timeout; a property takes seconds.
    it(name, () => assertProperty(property, { numRuns: runs, seed: DEFAULT_SEED }, PROPERTY_HANG_GUARD_MS));
  }
});
