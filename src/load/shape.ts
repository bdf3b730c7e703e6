/** Deepest nesting of objects and arrays a spec may have; real specs need about ten levels. */
export const MAX_DEPTH = 100;

export interface Shape {
  /** Object members in the whole document. */
  members: number;
  /** Deepest nesting of objects and arrays, the document itself being 1. */
  depth: number;
}

/**
 * Counts members and measures nesting without recursion, so that a hostile document nested a
 * million levels deep is measured, and refused, instead of overflowing the stack.
 */
export function measureShape(value: unknown): Shape {
  let members = 0;
  let depth = 0;
  const values: unknown[] = [value];
  const depths: number[] = [1];
  while (values.length > 0) {
    const current = values.pop();
    const level = depths.pop() as number;
    if (current === null || typeof current !== 'object') continue;
    if (level > depth) depth = level;
    if (Array.isArray(current)) {
      for (const item of current) {
        values.push(item);
        depths.push(level + 1);
      }
    } else {
      for (const key of Object.keys(current)) {
        members++;
        values.push((current as Record<string, unknown>)[key]);
        depths.push(level + 1);
      }
    }
  }
  return { members, depth };
}

export function tooDeepMessage(depth: number): string {
  return `the document nests objects and arrays ${depth} levels deep; at most ${MAX_DEPTH} are accepted`;
}
