/**
 * Planted configurations and baselines above where lookup stops, for the command line and for the
 * MCP server's tools. Each case builds a project in a fresh folder (a repository or not, the spec
 * some folders down, the command run from its top, from the spec's folder or from outside), plants
 * configurations (lenient, or broken) and baselines that would pass the failing spec in folders
 * above the boundary, and runs a command: the outcome must be the outcome with the plants
 * removed, and the nearest plant of each kind (the one a walk to the file system's root would have
 * taken) must be named in a note. Registered in hostile-properties.ts; `npm run fuzz` scales it.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import fc from 'fast-check';
import { run } from '../../src/cli/run.js';
import { createRoots } from '../../src/engine/roots.js';
import { toolContext } from '../../src/mcp/context.js';
import { callTool, TOOLS } from '../../src/mcp/tools.js';
import { projectRoot } from './cli.js';
import type { NamedProperty } from './properties.js';

const BLIND_READ = join(projectRoot, 'fixtures', 'invalid', 'dive-grounded-blind-read.yaml');
const CONFIG_NAMES = ['investigation.config.json', 'investigation.config.yaml', 'investigation.config.yml'] as const;
const BASELINE_NAME = 'investigation-suppressions.json';
/** Turns off the one rule the spec breaks: applied, it would pass the spec. */
const LENIENT = '{"rules": {"dive-grounded": "off"}}\n';
/** Read, it would be a usage error. */
const BROKEN = '{"rules": {"no-such-rule": "off"}, "colour": 1}\n';

type Marker = 'none' | '.git folder' | '.git file' | '.hg';

interface Plant {
  /** Folders above the boundary: 1 is the boundary's parent. */
  above: number;
  kind: 'config' | 'baseline';
  name: (typeof CONFIG_NAMES)[number] | typeof BASELINE_NAME;
  broken: boolean;
}

interface CommandCase {
  /** Folders from the case's own folder down to the project's top. */
  depth: number;
  marker: Marker;
  /** Folders from the project's top down to the spec. */
  specDepth: number;
  cwd: 'top' | 'spec' | 'outside';
  plants: Plant[];
  command: 'compile' | 'stats' | 'config' | 'next';
}

const plant = (maxAbove: number): fc.Arbitrary<Plant> =>
  fc
    .record({
      above: fc.integer({ min: 1, max: maxAbove }),
      kind: fc.constantFrom<Plant['kind']>('config', 'baseline'),
      config: fc.constantFrom(...CONFIG_NAMES),
      broken: fc.boolean(),
    })
    .map(({ above, kind, config, broken }) => ({ above, kind, name: kind === 'config' ? config : BASELINE_NAME, broken }));

const commandCase: fc.Arbitrary<CommandCase> = fc.record({
  depth: fc.integer({ min: 2, max: 4 }),
  marker: fc.constantFrom<Marker>('none', '.git folder', '.git file', '.hg'),
  specDepth: fc.integer({ min: 0, max: 2 }),
  cwd: fc.constantFrom<CommandCase['cwd']>('top', 'spec', 'outside'),
  command: fc.constantFrom<CommandCase['command']>('compile', 'stats', 'config', 'next'),
  plants: fc.array(plant(8), { minLength: 1, maxLength: 4 }),
});

/** The folders of one case: the project's top, the spec's folder, where the command runs, and where lookup stops. */
function build(layout: CommandCase): { base: string; top: string; specFolder: string; cwd: string; boundary: string } {
  const base = mkdtempSync(join(tmpdir(), 'compile-investigation-lookup-'));
  const top = join(base, ...Array.from({ length: layout.depth }, (_, index) => `p${index}`));
  const specFolder = join(top, ...Array.from({ length: layout.specDepth }, (_, index) => `s${index}`));
  mkdirSync(specFolder, { recursive: true });
  copyFileSync(BLIND_READ, join(specFolder, 'blind.yaml'));
  if (layout.marker === '.git folder') mkdirSync(join(top, '.git'));
  if (layout.marker === '.git file') writeFileSync(join(top, '.git'), 'gitdir: /elsewhere/.git/worktrees/p\n');
  if (layout.marker === '.hg') mkdirSync(join(top, '.hg'));
  const cwd = layout.cwd === 'top' ? top : layout.cwd === 'spec' ? specFolder : join(base, 'work');
  mkdirSync(cwd, { recursive: true });
  // The model of lookup-boundary.ts: the repository's top, else the working directory when the spec lies in it, else the spec's folder.
  const boundary = layout.marker !== 'none' ? top : layout.cwd === 'outside' ? specFolder : cwd;
  return { base, top, specFolder, cwd, boundary };
}

/** Where a plant goes: `above` folders over the boundary, never above the case's own folder (the shared temporary folder is not ours). */
function plantFolder(boundary: string, base: string, above: number): string | undefined {
  let folder = boundary;
  for (let step = 0; step < above; step++) {
    if (folder === base) return undefined;
    folder = join(folder, '..');
  }
  return folder;
}

/** Writes the plants; returns their paths, and the nearest of each kind (the file an unbounded walk from the spec would take). */
function plantAll(
  plants: readonly Plant[],
  boundary: string,
  base: string,
  specFolder: string,
): { written: string[]; nearest: Map<string, string> } {
  const written: string[] = [];
  const byFolder = new Map<string, Plant[]>();
  for (const planted of plants) {
    const folder = plantFolder(boundary, base, planted.above);
    if (folder === undefined) continue;
    const path = join(folder, planted.name);
    if (written.includes(path)) continue;
    const key = relative(folder, join(specFolder, 'blind.yaml')).split(sep).join('/');
    const text =
      planted.kind === 'config'
        ? planted.broken
          ? BROKEN
          : LENIENT
        : planted.broken
          ? '{"x": 1}\n'
          : `${JSON.stringify({ [key]: { 'dive-grounded': { count: 1 } } })}\n`;
    writeFileSync(path, text);
    written.push(path);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), planted]);
  }
  const nearest = new Map<string, string>();
  // Walk up from the boundary's parent, as the walk would, the configuration names in their order.
  for (let folder = join(boundary, '..'); ; folder = join(folder, '..')) {
    for (const name of [...CONFIG_NAMES, BASELINE_NAME]) {
      const kind = name === BASELINE_NAME ? 'baseline' : 'config';
      if (!nearest.has(kind) && written.includes(join(folder, name))) nearest.set(kind, join(folder, name));
    }
    if (folder === base) break;
  }
  return { written, nearest };
}

interface Observed {
  exitCode: number;
  outcome: unknown;
  warnings: string[];
}

async function runCommand(layout: CommandCase, specFolder: string, cwd: string): Promise<Observed> {
  const spec = relative(cwd, join(specFolder, 'blind.yaml')) || 'blind.yaml';
  const args = {
    compile: [spec, '--format', 'text', '--json'],
    stats: ['stats', spec, '--format', 'json', '--json'],
    config: ['config', spec, '--json'],
    next: ['next', spec, '--json'],
  }[layout.command];
  const io = { cwd, env: { NO_COLOR: '1', INVESTIGATION_CONFIG: '' }, stderr: { write: () => true }, stdoutIsTTY: false };
  const { exitCode, stdout } = await run(args, io);
  const envelope = JSON.parse(stdout) as { data: Record<string, any>; warnings: string[]; error: unknown };
  const { data } = envelope;
  const outcome =
    layout.command === 'compile'
      ? data['files'].map((file: any) => [file.verdict, file.counts, file.config])
      : layout.command === 'stats'
        ? data['stats'].exitCodes
        : [data['config'], data['next']?.phase];
  return { exitCode, outcome: [outcome, envelope.error], warnings: envelope.warnings };
}

function fail(problem: string, layout: unknown, seen: unknown): never {
  throw new Error(`${problem}\ncase: ${JSON.stringify(layout)}\nseen: ${JSON.stringify(seen).slice(0, 1500)}`);
}

/** The note for an ignored file names it as the command shows paths: relative to the working directory. */
function namesIt(warnings: readonly string[], kind: string, path: string, cwd: string): boolean {
  const shown = relative(cwd, path).split(sep).join('/');
  const prefix = kind === 'baseline' ? `ignored baseline ${shown}:` : `ignored ${shown}:`;
  return warnings.filter((warning) => warning.startsWith(prefix)).length === 1;
}

async function checkCommand(layout: CommandCase): Promise<void> {
  const { base, specFolder, cwd, boundary } = build(layout);
  try {
    const { written, nearest } = plantAll(layout.plants, boundary, base, specFolder);
    const planted = await runCommand(layout, specFolder, cwd);
    for (const path of written) rmSync(path);
    const control = await runCommand(layout, specFolder, cwd);
    if (planted.exitCode !== control.exitCode || JSON.stringify(planted.outcome) !== JSON.stringify(control.outcome))
      fail('a file above the boundary changed the outcome', layout, { planted, control });
    for (const [kind, path] of nearest) {
      // Baselines are looked up by compile alone.
      if (kind === 'baseline' && layout.command !== 'compile') continue;
      if (!namesIt(planted.warnings, kind, path, cwd))
        fail(`no single note names the ${kind} ${path} above the boundary`, layout, planted.warnings);
    }
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

interface ServerCase {
  /** Folders from the case's own folder down to the server's root. */
  depth: number;
  /** A repository's top inside the root: at the root, one folder down (holding the spec), or none. */
  marker: 'none' | 'root' | 'below';
  plants: Array<{ above: number; name: (typeof CONFIG_NAMES)[number]; broken: boolean }>;
  tool: 'compile path' | 'compile text' | 'policy' | 'policy path' | 'next';
}

const serverCase: fc.Arbitrary<ServerCase> = fc.record({
  depth: fc.integer({ min: 1, max: 3 }),
  marker: fc.constantFrom<ServerCase['marker']>('none', 'root', 'below'),
  plants: fc.array(fc.record({ above: fc.integer({ min: 1, max: 4 }), name: fc.constantFrom(...CONFIG_NAMES), broken: fc.boolean() }), {
    minLength: 1,
    maxLength: 3,
  }),
  tool: fc.constantFrom<ServerCase['tool']>('compile path', 'compile text', 'policy', 'policy path', 'next'),
});

async function callServer(layout: ServerCase, root: string, specText: string): Promise<{ isError: boolean; data: Record<string, any> }> {
  const context = toolContext(createRoots([root], root), 16 * 1024 * 1024, { INVESTIGATION_CONFIG: '' });
  const [name, args]: [string, Record<string, unknown>] = {
    'compile path': ['compile', { path: 'team/blind.yaml' }],
    'compile text': ['compile', { text: specText, syntax: 'yaml' }],
    policy: ['policy', {}],
    'policy path': ['policy', { path: 'team/blind.yaml' }],
    next: ['next', { path: 'team/blind.yaml' }],
  }[layout.tool] as [string, Record<string, unknown>];
  const tool = TOOLS.find((candidate) => candidate.name === name);
  if (tool === undefined) throw new Error(`no tool ${name}`);
  const result = await callTool(tool, args, context);
  return { isError: result.isError === true, data: result.structuredContent ?? {} };
}

async function checkServer(layout: ServerCase): Promise<void> {
  const base = mkdtempSync(join(tmpdir(), 'compile-investigation-lookup-mcp-'));
  try {
    const root = join(base, ...Array.from({ length: layout.depth }, (_, index) => `r${index}`));
    mkdirSync(join(root, 'team'), { recursive: true });
    copyFileSync(BLIND_READ, join(root, 'team', 'blind.yaml'));
    if (layout.marker === 'root') mkdirSync(join(root, '.git'));
    if (layout.marker === 'below') mkdirSync(join(root, 'team', '.git'));
    const written: string[] = [];
    for (const { above, name, broken } of layout.plants) {
      const folder = plantFolder(root, base, above);
      if (folder === undefined || written.includes(join(folder, name))) continue;
      writeFileSync(join(folder, name), broken ? BROKEN : LENIENT);
      written.push(join(folder, name));
    }
    const specText = readFileSync(BLIND_READ, 'utf8');
    const planted = await callServer(layout, root, specText);
    for (const path of written) rmSync(path);
    const control = await callServer(layout, root, specText);
    const { warnings, ...seen } = planted.data;
    const { warnings: _, ...expected } = control.data;
    if (planted.isError || JSON.stringify(seen) !== JSON.stringify(expected))
      fail('a configuration outside the roots changed the answer', layout, { planted, control });
    const configPath = seen['config']?.path;
    if (configPath !== null && configPath !== undefined && (configPath.startsWith('..') || configPath.startsWith('/')))
      fail('the answer names a configuration outside the roots', layout, seen);
    const nearest = nearestAbove(root, base, written);
    if (nearest !== undefined && !namesIt(warnings ?? [], 'config', nearest, root))
      fail(`no single note names ${nearest}, outside the roots`, layout, warnings);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}

function nearestAbove(folder: string, base: string, written: readonly string[]): string | undefined {
  for (let current = join(folder, '..'); ; current = join(current, '..')) {
    for (const name of CONFIG_NAMES) if (written.includes(join(current, name))) return join(current, name);
    if (current === base) return undefined;
  }
}

/** The classes of planted files, for hostileProperties(). */
export function lookupProperties(): NamedProperty[] {
  return [
    {
      name: 'configurations and baselines planted above the boundary never change an outcome, and the nearest is always named',
      runs: 30,
      property: fc.asyncProperty(commandCase, (layout) => checkCommand(layout)),
    },
    {
      name: 'configurations planted above the MCP roots never change an answer, and the nearest is always named',
      runs: 30,
      property: fc.asyncProperty(serverCase, (layout) => checkServer(layout)),
    },
  ];
}
