// The direction imports may take in src/: six tiers, lowest first. A module may import any part
// of its own tier and of the tiers below, never of a tier above; inside a tier, the folders'
// imports must not go round in a cycle. The surface (the command line, the library's entry)
// reaches the stages only through the core and the services. ARCHITECTURE.md explains the tiers;
// test/architecture.test.ts fails on any import against them.
//   node scripts/import-layers.mjs    prints the folder-to-folder imports and every violation
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Lowest first. A part is a top folder of src/, or a top-level file named by its file name. A
 * path with a slash names a folder or file that stands apart from the rest of its folder: the
 * choice of formats asks the dialects for the Markdown renderer, and they draw with the rest of
 * src/render/.
 */
export const TIERS = [
  { name: 'foundation', parts: ['common', 'tool.ts', 'diagnostics', 'spec'] },
  { name: 'input', parts: ['load', 'schema', 'policy', 'config', 'trace'] },
  { name: 'judge', parts: ['rules', 'report'] },
  { name: 'output', parts: ['render', 'dialects', 'render/formatters.ts'] },
  {
    name: 'services',
    parts: [
      'compile.ts',
      'catalog.ts',
      'run',
      'suppressions',
      'workers',
      'briefs',
      'stats',
      'regression',
      'gate',
      'compare',
      'advice',
      'convert',
      'fix',
    ],
  },
  { name: 'engine', parts: ['engine'] },
  { name: 'commands', parts: ['commands'] },
  { name: 'surface', parts: ['index.ts', 'cli', 'lsp', 'mcp', 'hook'] },
];

/**
 * The front ends: thin shells over the engine and the commands, which never import one another.
 * The one exception is the launch of a server (`lsp --stdio`, `mcp`): the command that starts it
 * loads the server's entry, a bundle of its own, by a dynamic import.
 */
export const FRONT_ENDS = ['cli', 'lsp', 'mcp', 'hook'];
const LAUNCHED_ENTRIES = ['src/lsp/server.ts', 'src/mcp/server.ts', 'src/hook/main.ts'];

/** A launch of a server: a dynamic import of its entry, from a command or the command line. */
function launches(edge) {
  return (
    (edge.from === 'commands' || edge.from === 'cli') &&
    edge.dynamic === true &&
    LAUNCHED_ENTRIES.includes(edge.target.split(sep).join('/'))
  );
}

/** The first tier above the services: it and the tiers above (the engine, the commands, the front ends) put stages to work only through them. */
const ABOVE_SERVICES = TIERS.findIndex((tier) => tier.name === 'services') + 1;

/**
 * The stages the tiers above the services may not import, though they lie below them: the engine,
 * the commands, the front ends and the library's entry reach them through the core
 * (src/compile.ts) or a service, where a run is put together. config/ and policy/ stay open to
 * them, for the settings they read and show.
 */
export const STAGES_BEHIND_SERVICES = ['load', 'schema', 'rules', 'report'];

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'src');

/** Parts named by a path within a folder, longest first. */
const NESTED_PARTS = TIERS.flatMap((tier) => tier.parts)
  .filter((part) => part.includes('/'))
  .sort((a, b) => b.length - a.length);

/**
 * The part of src/ a file belongs to: a nested part that is the file or holds it, else its top
 * folder, or its own name for a file directly in src/.
 */
export function partOf(file) {
  const path = relative(SOURCE, file).split(sep).join('/');
  return NESTED_PARTS.find((part) => path === part || path.startsWith(`${part}/`)) ?? path.split('/')[0];
}

function tierOf(part) {
  const index = TIERS.findIndex((tier) => tier.parts.includes(part));
  if (index < 0) throw new Error(`src/${part} is in no tier of scripts/import-layers.mjs; add it where it belongs`);
  return index;
}

function sourceFiles(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every relative import of src/ that leaves its own part, static or dynamic, type-only included. */
export function crossImports() {
  const edges = [];
  for (const file of sourceFiles(SOURCE)) {
    const text = readFileSync(file, 'utf8');
    const { importedFiles } = ts.preProcessFile(text, true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = normalize(join(dirname(file), fileName)).replace(/\.js$/, '.ts');
      if (!target.startsWith(SOURCE + sep)) continue;
      const from = partOf(file);
      const to = partOf(target);
      const dynamic = text.includes(`import('${fileName}')`);
      if (from !== to) edges.push({ file: relative(ROOT, file), target: relative(ROOT, target), from, to, dynamic });
    }
  }
  return edges;
}

/**
 * The groups of parts whose imports go round in a cycle (strongly connected components of more
 * than one part, by Tarjan's algorithm), each in the order its parts were first met, the groups
 * in the order of their first part.
 */
function cycles(parts, edges) {
  const next = new Map(parts.map((part) => [part, []]));
  for (const { from, to } of edges) if (!next.get(from).includes(to)) next.get(from).push(to);
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (part) => {
    index.set(part, index.size);
    low.set(part, index.get(part));
    stack.push(part);
    for (const to of next.get(part)) {
      if (!index.has(to)) {
        visit(to);
        low.set(part, Math.min(low.get(part), low.get(to)));
      } else if (stack.includes(to)) {
        low.set(part, Math.min(low.get(part), index.get(to)));
      }
    }
    if (low.get(part) !== index.get(part)) return;
    const group = stack.splice(stack.indexOf(part));
    if (group.length > 1) found.push(group);
  };
  for (const part of parts) if (!index.has(part)) visit(part);
  const order = (part) => parts.indexOf(part);
  return found.map((group) => group.sort((a, b) => order(a) - order(b))).sort((a, b) => order(a[0]) - order(b[0]));
}

/**
 * What the imports do against the tiers, each with a message and the imports that show it: an
 * import up the tiers; an import of a stage by the surface, past the core and the services; a
 * cycle of parts inside a tier, with one import for each step of it.
 *
 * @param {Array<{ file: string; target: string; from: string; to: string; dynamic?: boolean }>} [edges]
 */
export function importViolations(edges = crossImports()) {
  const violations = [];
  for (const edge of edges) {
    const from = tierOf(edge.from);
    const to = tierOf(edge.to);
    if (to > from && !launches(edge))
      violations.push({
        message: `against the tiers: ${edge.file} (${TIERS[from].name}) imports ${edge.target} (${TIERS[to].name})`,
        edges: [edge],
      });
    else if (FRONT_ENDS.includes(edge.to) && !launches(edge))
      violations.push({
        message: `between front ends: ${edge.file} (${edge.from}) imports ${edge.target} (${edge.to}); a front end reaches the run through src/engine/ and src/commands/ only (a command may launch a server by a dynamic import of its entry)`,
        edges: [edge],
      });
    else if (from >= ABOVE_SERVICES && STAGES_BEHIND_SERVICES.includes(edge.to))
      violations.push({
        message: `past the services: ${edge.file} (${TIERS[from].name}) imports ${edge.target}, a part of the ${edge.to} stage; the ${TIERS[from].name} tier reaches the stages only through the core (src/compile.ts) or a service, so import it from there or move what needs it into one`,
        edges: [edge],
      });
  }
  for (const [position, tier] of TIERS.entries()) {
    const inside = edges.filter((edge) => tierOf(edge.from) === position && tierOf(edge.to) === position);
    const parts = [...new Set(inside.flatMap(({ from, to }) => [from, to]))];
    for (const group of cycles(parts, inside)) {
      const steps = [];
      for (const from of group)
        for (const to of group) {
          const edge = inside.find((candidate) => candidate.from === from && candidate.to === to);
          if (edge !== undefined) steps.push(edge);
        }
      const shown = steps.map(({ file, target }) => `${file} imports ${target}`).join('; ');
      violations.push({ message: `a cycle inside the ${tier.name} tier between ${group.join(', ')}: ${shown}`, edges: steps });
    }
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edges = crossImports();
  const counts = new Map();
  for (const { from, to } of edges) counts.set(`${from} -> ${to}`, (counts.get(`${from} -> ${to}`) ?? 0) + 1);
  for (const [pair, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`${pair} (${count})`);
  const violations = importViolations(edges);
  for (const { message } of violations) console.log(message);
  console.log(`${edges.length} imports across parts of src/, ${violations.length} against the tiers`);
  process.exitCode = violations.length > 0 ? 1 : 0;
}
