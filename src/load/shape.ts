import { MAX_DEPTH } from './limits.js';

export { MAX_DEPTH };

export interface Shape {
  /** Object members in the whole document. */
  members: number;
  /** Deepest nesting of objects and arrays, the document itself being 1. */
  depth: number;
}

/**
 * Counts members and measures nesting of parsed JSON without recursion, so that a hostile
 * document nested a million levels deep is measured, and refused, instead of overflowing the stack.
 * JSON data is a tree; data from elsewhere is first checked by `isCircular`.
 */
export function measureShape(value: unknown): Shape {
  let members = 0;
  let depth = 0;
  // Only containers are stacked: a document of eight million scalars stacks one array.
  const containers: object[] = [];
  const levels: number[] = [];
  if (value !== null && typeof value === 'object') {
    containers.push(value);
    levels.push(1);
  }
  while (containers.length > 0) {
    const current = containers.pop() as object;
    const level = levels.pop() as number;
    if (level > depth) depth = level;
    const children = Array.isArray(current) ? (current as unknown[]) : Object.values(current);
    if (!Array.isArray(current)) members += children.length;
    for (const child of children) {
      if (child === null || typeof child !== 'object') continue;
      containers.push(child);
      levels.push(level + 1);
    }
  }
  return { members, depth };
}

/**
 * Whether an object reaches itself through its own members (a cycle), as data built in code or by
 * a YAML library may; shared, acyclic values are fine. Iterative, and each object is walked once.
 */
export function isCircular(value: unknown): boolean {
  const onPath = new Set<object>();
  const finished = new Set<object>();
  const stack: Array<{ node: object; leaving: boolean }> = [];
  if (value !== null && typeof value === 'object') stack.push({ node: value, leaving: false });
  while (stack.length > 0) {
    const { node, leaving } = stack.pop() as { node: object; leaving: boolean };
    if (leaving) {
      onPath.delete(node);
      finished.add(node);
      continue;
    }
    if (finished.has(node)) continue;
    onPath.add(node);
    stack.push({ node, leaving: true });
    for (const child of Object.values(node)) {
      if (child === null || typeof child !== 'object') continue;
      if (onPath.has(child)) return true;
      if (!finished.has(child)) stack.push({ node: child, leaving: false });
    }
  }
  return false;
}

export function tooDeepMessage(depth: number): string {
  return `the document nests objects and arrays ${depth} levels deep; at most ${MAX_DEPTH} are accepted`;
}

export function circularMessage(detail: string): string {
  return `the data contains itself (${detail}); a spec is a tree of values, as JSON can write it`;
}
