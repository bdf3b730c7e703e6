import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { stringify as toYaml } from 'yaml';

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

/** Writes data as pretty JSON under `dir` (creating folders on the way) and returns the path. */
export function writeJson(dir: string, name: string, data: unknown): string {
  return writeText(dir, name, `${JSON.stringify(data, null, 2)}\n`);
}

/** Writes data as YAML under `dir` (creating folders on the way) and returns the path. */
export function writeYaml(dir: string, name: string, data: unknown): string {
  return writeText(dir, name, toYaml(data));
}

function writeText(dir: string, name: string, text: string): string {
  const path = join(dir, name);
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(path, text);
  return path;
}
