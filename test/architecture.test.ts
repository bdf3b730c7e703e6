import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { crossImports, importViolations, partOf, STAGES_BEHIND_SERVICES, TIERS } from '../scripts/import-layers.mjs';

interface Edge {
  file: string;
  target: string;
  from: string;
  to: string;
  dynamic?: boolean;
}

interface Violation {
  message: string;
  edges: Edge[];
}

const violationsOf = (edges?: Edge[]): Violation[] => importViolations(edges) as Violation[];

describe('imports flow down the pipeline', () => {
  it('has no import against the layers in src/', () => {
    expect(violationsOf().map(({ message }) => message)).toEqual([]);
  });

  it('sees the imports it judges, type-only and dynamic ones included', () => {
    const edges = crossImports() as Edge[];
    expect(edges.length).toBeGreaterThan(100);
    expect(edges).toContainEqual(expect.objectContaining({ file: 'src/report/outcome.ts', to: 'diagnostics' }));
    expect(edges.some((edge) => edge.file === 'src/commands/stats.ts' && edge.target === 'src/stats/index.ts')).toBe(true);
  });

  it('flags an import up the layers and one between siblings of a layer', () => {
    const up: Edge = { file: 'src/load/x.ts', target: 'src/cli/y.ts', from: 'load', to: 'cli' };
    // stats and regression are siblings in the services tier: an import between them is flagged when it closes a cycle.
    const sideways: Edge = { file: 'src/stats/x.ts', target: 'src/regression/y.ts', from: 'stats', to: 'regression' };
    const back: Edge = { file: 'src/regression/z.ts', target: 'src/stats/w.ts', from: 'regression', to: 'stats' };
    const down: Edge = { file: 'src/cli/x.ts', target: 'src/config/y.ts', from: 'cli', to: 'config' };
    expect(violationsOf([up, sideways, back, down]).map(({ edges }) => edges)).toEqual([[up], [sideways, back]]);
    expect(violationsOf([up])[0]?.message).toBe('against the tiers: src/load/x.ts (input) imports src/cli/y.ts (surface)');
  });

  it('flags an import of a stage by the surface, which reaches the stages only through the core and the services', () => {
    const part = (path: string): string => partOf(`${process.cwd()}/${path}`) as string;
    const edge = (file: string, target: string): Edge => ({ file, target, from: part(file), to: part(target) });
    const past = [
      edge('src/commands/x.ts', 'src/load/document.ts'),
      edge('src/mcp/x.ts', 'src/schema/validators.ts'),
      edge('src/cli/x.ts', 'src/rules/catalog.ts'),
      edge('src/index.ts', 'src/report/types.ts'),
      edge('src/engine/x.ts', 'src/rules/run.ts'),
    ];
    // Through the core or a service, the settings of config/ and policy/, and a service's own import of a stage: all allowed.
    const through = [
      edge('src/cli/x.ts', 'src/compile.ts'),
      edge('src/index.ts', 'src/compile.ts'),
      edge('src/cli/x.ts', 'src/briefs/append.ts'),
      edge('src/cli/x.ts', 'src/config/resolve.ts'),
      edge('src/cli/x.ts', 'src/policy/presets.ts'),
      edge('src/cli/x.ts', 'src/render/json.ts'),
      edge('src/briefs/x.ts', 'src/load/place.ts'),
      edge('src/compile.ts', 'src/rules/run.ts'),
    ];
    expect(violationsOf([...past, ...through]).map(({ edges }) => edges)).toEqual(past.map((one) => [one]));
    expect(violationsOf([past[0] as Edge])[0]?.message).toBe(
      'past the services: src/commands/x.ts (commands) imports src/load/document.ts, a part of the load stage; ' +
        'the commands tier reaches the stages only through the core (src/compile.ts) or a service, so import it from there or move what needs it into one',
    );
  });

  it('flags an import between front ends, but for a command launching a server by a dynamic import of its entry', () => {
    const part = (path: string): string => partOf(`${process.cwd()}/${path}`) as string;
    const edge = (file: string, target: string, dynamic = false): Edge => ({ file, target, from: part(file), to: part(target), dynamic });
    const between = [
      edge('src/lsp/x.ts', 'src/mcp/y.ts'),
      edge('src/mcp/x.ts', 'src/cli/run.ts'),
      edge('src/commands/mcp.ts', 'src/mcp/server.ts'),
      edge('src/commands/x.ts', 'src/lsp/features.ts', true),
      edge('src/engine/x.ts', 'src/lsp/server.ts', true),
    ];
    const allowed = [
      edge('src/commands/lsp.ts', 'src/lsp/server.ts', true),
      edge('src/cli/x.ts', 'src/lsp/server.ts', true),
      edge('src/lsp/x.ts', 'src/engine/one-spec.ts'),
      edge('src/mcp/x.ts', 'src/commands/table/index.ts'),
    ];
    expect(violationsOf(between).map(({ edges }) => edges)).toEqual(between.map((one) => [one]));
    expect(violationsOf(allowed)).toEqual([]);
    expect(violationsOf([between[0] as Edge])[0]?.message).toMatch(
      /^between front ends: src\/lsp\/x.ts \(lsp\) imports src\/mcp\/y.ts \(mcp\)/,
    );
  });

  it('flags a cycle of folders inside a tier, naming the folders and one import of each step', () => {
    const edge = (from: string, to: string, file = 'x'): Edge => ({ file: `src/${from}/${file}.ts`, target: `src/${to}/y.ts`, from, to });
    // gate -> compare -> advice -> gate is a cycle in the services tier; advice -> stats leaves it and stats imports nothing back.
    const cycle = [edge('gate', 'compare'), edge('compare', 'advice'), edge('advice', 'gate'), edge('advice', 'gate', 'second')];
    const acyclic = [edge('advice', 'stats'), edge('stats', 'workers'), edge('rules', 'report')];
    const violations = violationsOf([...cycle, ...acyclic]);
    expect(violations).toEqual([
      {
        message:
          'a cycle inside the services tier between gate, compare, advice: src/gate/x.ts imports src/compare/y.ts; ' +
          'src/compare/x.ts imports src/advice/y.ts; src/advice/x.ts imports src/gate/y.ts',
        edges: cycle.slice(0, 3),
      },
    ]);
    expect(violationsOf(acyclic)).toEqual([]);
  });

  it('places every part of src/ in one layer', () => {
    const named = (TIERS as { name: string; parts: string[] }[]).flatMap(({ parts }) => parts);
    expect(new Set(named).size).toBe(named.length);
    // The stages the surface may not import are parts of a tier below it: a renamed folder must not quietly end the rule.
    const tiers = TIERS as { name: string; parts: string[] }[];
    const below = tiers
      .slice(
        0,
        tiers.findIndex(({ name }) => name === 'surface'),
      )
      .flatMap(({ parts }) => parts);
    expect((STAGES_BEHIND_SERVICES as string[]).filter((stage) => !below.includes(stage))).toEqual([]);
    expect(partOf(`${process.cwd()}/src/render/mermaid/flowchart.ts`)).toBe('render');
    expect(partOf(`${process.cwd()}/src/render/markdown/direct.ts`)).toBe('render');
    expect(partOf(`${process.cwd()}/src/render/formatters.ts`)).toBe('render/formatters.ts');
    expect(() => violationsOf([{ file: 'src/nowhere/x.ts', target: 'src/load/y.ts', from: 'nowhere', to: 'load' }])).toThrow(/in no tier/);
  });
});

/**
 * Small files that each do one thing. Past WARN_LINES a module is probably doing several: the test
 * names it (a warning in the output, one line a file) so that whoever grows it can see whether it
 * should be split where a concept ends, but it does not fail, since a split that cuts a concept in
 * two is worse than a long file. Past MAX_LINES it fails.
 */
const WARN_LINES = 350;
const MAX_LINES = 600;

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The modules of `files` longer than `limit` lines, as "path: N lines". */
function longerThan(files: { file: string; lines: number }[], limit: number): string[] {
  return files.filter(({ lines }) => lines > limit).map(({ file, lines }) => `${file}: ${lines} lines`);
}

describe('module size', () => {
  // The name is kept from when 250 lines was a wall; 250 is still the size to aim for.
  it('keeps every module of src/ within 250 lines', () => {
    const files = sourceFiles('src').map((file) => ({ file, lines: readFileSync(file, 'utf8').split('\n').length - 1 }));
    expect(files.length).toBeGreaterThan(100);
    for (const long of longerThan(files, WARN_LINES))
      console.warn(`module size: ${long}, over ${WARN_LINES}; split it where a concept ends, if one does`);
    expect(longerThan(files, MAX_LINES)).toEqual([]);
  });

  it('warns past 350 lines and fails only past 600', () => {
    const files = [
      { file: 'src/a.ts', lines: 250 },
      { file: 'src/b.ts', lines: 351 },
      { file: 'src/c.ts', lines: 2000 },
    ];
    expect(longerThan(files, WARN_LINES)).toEqual(['src/b.ts: 351 lines', 'src/c.ts: 2000 lines']);
    expect(longerThan(files, MAX_LINES)).toEqual(['src/c.ts: 2000 lines']);
  });
});
