import type { Dialect } from './dialect.js';
import { katasDialect } from './katas/index.js';
import { specDialect } from './spec/index.js';

/**
 * Every dialect the tool reads, in the order the catalog, `schema` and the README list them. A new
 * dialect is a folder of its own and one line here.
 */
export const dialects: readonly Dialect[] = [specDialect, katasDialect];
