import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossImports, importViolations, LAYERS, partOf } from '../scripts/import-layers.mjs';

interface Edge {
  file: string;
  target: string;
  from: string;
  to: string;
}

describe('imports flow down the pipeline', () => {
  it('has no import against the layers in src/', () => {
    const violations = (importViolations() as Edge[]).map(({ file, target }) => `${file} imports ${target}`);
    expect(violations).toEqual([]);
  });

  it('sees the imports it judges, type-only and dynamic ones included', () => {
    const edges = crossImports() as Edge[];
    expect(edges.length).toBeGreaterThan(100);
    expect(edges).toContainEqual(expect.objectContaining({ file: 'src/report/outcome.ts', to: 'diagnostics' }));
    expect(edges.some((edge) => edge.file === 'src/cli/commands/stats.ts' && edge.target === 'src/stats/index.ts')).toBe(true);
  });

  it('flags an import up the layers and one between siblings of a layer', () => {
    const up: Edge = { file: 'src/load/x.ts', target: 'src/cli/y.ts', from: 'load', to: 'cli' };
    const sideways: Edge = { file: 'src/stats/x.ts', target: 'src/regression/y.ts', from: 'stats', to: 'regression' };
    const down: Edge = { file: 'src/cli/x.ts', target: 'src/load/y.ts', from: 'cli', to: 'load' };
    expect(importViolations([up, sideways, down])).toEqual([up, sideways]);
  });

  it('places every part of src/ in one layer', () => {
    const named = (LAYERS as string[][]).flat();
    expect(new Set(named).size).toBe(named.length);
    expect(partOf(`${process.cwd()}/src/render/mermaid/flowchart.ts`)).toBe('render');
    expect(() => importViolations([{ file: 'src/nowhere/x.ts', target: 'src/load/y.ts', from: 'nowhere', to: 'load' }])).toThrow(
      /in no layer/,
    );
  });
});

/** Small files that each do one thing: past this, a module is doing several. */
const MAX_LINES = 250;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('module size', () => {
  it(`keeps every module of src/ within ${MAX_LINES} lines`, () => {
    const files = sourceFiles('src');
    expect(files.length).toBeGreaterThan(100);
    const long = files
      .map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(long).toEqual([]);
  });
});
