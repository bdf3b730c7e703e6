// The README's rule catalog and exit-code table are generated from the rules' metadata and the
// presets, never kept by hand.
//   node scripts/docs.mjs write    rewrite the generated sections of README.md
//   node scripts/docs.mjs check    fail when README.md is stale
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';

const text = (value) => ({ type: 'text', value });
const code = (value) => ({ type: 'inlineCode', value });
const table = (header, rows) => ({
  type: 'table',
  align: header.map(() => null),
  children: [header.map((title) => [text(title)]), ...rows].map((cells) => ({
    type: 'tableRow',
    children: cells.map((children) => ({ type: 'tableCell', children })),
  })),
});

function stringify(node) {
  return unified()
    .use(remarkGfm, { tablePipeAlign: false })
    .use(remarkStringify)
    .stringify({ type: 'root', children: [node] })
    .trimEnd();
}

/** The generated sections, keyed by marker name, from the public library API (src or dist). */
export function generatedSections(library) {
  const presets = library.presetNames.map((name) => library.builtInPreset(name));
  const criteria = new Map(library.criteria.map((criterion) => [criterion.id, criterion.name]));
  const ruleRows = library.rules.map(({ meta }) => [
    [code(meta.id)],
    [text(criteria.get(meta.criterion) ?? meta.criterion)],
    ...presets.map((preset) => [text(preset.rules[meta.id] ?? 'off')]),
    [text(meta.description)],
  ]);
  // An artifact check judges files in its own command, where no preset can turn it off.
  const artifactRows = library.artifactChecks.map((check) => [
    [code(check.id)],
    [text(criteria.get(check.criterion) ?? check.criterion)],
    ...presets.map(() => [text('error')]),
    [text(`${check.description} Judges brief artifact files, run by `), code(check.command), text('.')],
  ]);
  const rules = table(['Rule', 'Criterion', ...library.presetNames, 'Checks'], [...ruleRows, ...artifactRows]);
  const exitCodes = table(
    ['Exit code', 'Meaning'],
    library.exitCodeMeanings.map(({ code: exitCode, meaning }) => [[code(String(exitCode))], [text(meaning)]]),
  );
  return { rules: stringify(rules), 'exit-codes': stringify(exitCodes) };
}

/** README text with every generated section replaced. */
export function updateReadme(readme, sections) {
  let result = readme;
  for (const [name, content] of Object.entries(sections)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = result.indexOf(start);
    const to = result.indexOf(end);
    if (from === -1 || to === -1 || to < from) throw new Error(`README.md lacks the markers ${start} ... ${end}`);
    result = `${result.slice(0, from + start.length)}\n${content}\n${result.slice(to)}`;
  }
  return result;
}

async function main() {
  const mode = process.argv[2];
  const root = fileURLToPath(new URL('..', import.meta.url));
  const library = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
  const path = join(root, 'README.md');
  const readme = readFileSync(path, 'utf8');
  const updated = updateReadme(readme, generatedSections(library));
  if (mode === 'write') {
    writeFileSync(path, updated);
  } else if (mode === 'check') {
    if (updated !== readme) {
      process.stderr.write('README.md: the generated rule catalog or exit codes are stale; run npm run docs\n');
      process.exitCode = 1;
    }
  } else {
    process.stderr.write('usage: node scripts/docs.mjs write|check\n');
    process.exitCode = 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
