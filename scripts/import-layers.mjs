// The direction imports may take in src/: each module may import its own folder and the layers
// below its own, never a layer above or a sibling in the same layer. ARCHITECTURE.md explains the
// layers; test/architecture.test.ts fails on any import against them.
//   node scripts/import-layers.mjs    prints the folder-to-folder imports and every violation
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * Lowest first. A top-level file of src/ is named by its file name. A path with a slash names a
 * file (or folder) that stands apart from the rest of its folder: the Markdown renderer and the
 * choice of formats ask the dialects, which draw with the rest of src/render/.
 */
export const LAYERS = [
  ['common', 'tool.ts'],
  ['diagnostics', 'spec'],
  ['load'],
  ['schema'],
  ['policy'],
  ['rules'],
  ['report'],
  ['render'],
  ['dialects'],
  ['compile.ts', 'config', 'suppressions'],
  ['render/markdown.ts'],
  ['render/formatters.ts'],
  ['workers'],
  ['briefs', 'stats', 'regression', 'gate', 'compare', 'advice', 'convert'],
  ['index.ts'],
  ['cli'],
];

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE = join(ROOT, 'src');

/** Parts named by a path within a folder, longest first. */
const NESTED_PARTS = LAYERS.flat()
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

function layerOf(part) {
  const index = LAYERS.findIndex((layer) => layer.includes(part));
  if (index < 0) throw new Error(`src/${part} is in no layer of scripts/import-layers.mjs; add it where it belongs`);
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
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const target = normalize(join(dirname(file), fileName)).replace(/\.js$/, '.ts');
      if (!target.startsWith(SOURCE + sep)) continue;
      const from = partOf(file);
      const to = partOf(target);
      if (from !== to) edges.push({ file: relative(ROOT, file), target: relative(ROOT, target), from, to });
    }
  }
  return edges;
}

/** The imports that point up the layers or sideways to a sibling. */
export function importViolations(edges = crossImports()) {
  return edges.filter((edge) => layerOf(edge.to) >= layerOf(edge.from));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edges = crossImports();
  const counts = new Map();
  for (const { from, to } of edges) counts.set(`${from} -> ${to}`, (counts.get(`${from} -> ${to}`) ?? 0) + 1);
  for (const [pair, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : 1))) console.log(`${pair} (${count})`);
  const violations = importViolations(edges);
  for (const { file, target } of violations) console.log(`against the layers: ${file} imports ${target}`);
  console.log(`${edges.length} imports across parts of src/, ${violations.length} against the layers`);
  process.exitCode = violations.length > 0 ? 1 : 0;
}
