import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * A fresh, real (symlink-free) temporary folder, removed after the calling test file.
 * Call `useTempDirs` once at the top of a test file to get the factory.
 */
export function useTempDirs(prefix: string): () => string {
  const created: string[] = [];
  afterAll(() => {
    for (const dir of created) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), `compile-investigation-${prefix}-`)));
    created.push(dir);
    return dir;
  };
}
