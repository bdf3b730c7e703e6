// Fixture regression: every spec in fixtures/valid and fixtures/invalid is compiled and compared
// with its sidecar expectation (<name>.expect.json) and, where present, its golden reports
// (<name>.report.md, <name>.report.json). `update` rewrites the goldens, never the expectations:
// those are written by hand, so that a bug cannot rewrite its own test.
//
//   node scripts/fixtures.mjs check     compare (uses the built library in dist/)
//   node scripts/fixtures.mjs update    rewrite goldens of fixtures/valid
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SPEC_EXTENSIONS = ['.json', '.yaml', '.yml'];
const SIDE_FILES = ['.expect.json', '.report.json', '.report.md'];

/** Spec files of one folder, sorted by name so that every file system lists them alike. */
export function listFixtures(folder) {
  return readdirSync(folder)
    .filter((name) => SPEC_EXTENSIONS.some((ext) => name.endsWith(ext)) && !SIDE_FILES.some((ext) => name.endsWith(ext)))
    .sort()
    .map((name) => join(folder, name));
}

export function stem(file) {
  const name = basename(file);
  const ext = SPEC_EXTENSIONS.find((candidate) => name.endsWith(candidate)) ?? '';
  return join(file, '..', name.slice(0, name.length - ext.length));
}

/**
 * Compiles one fixture and lists every way it differs from its expectation and goldens.
 * `library` is the public API (createCompiler, renderJson, renderMarkdown), from src or dist.
 */
export function checkFixture(library, root, file, { update = false, requireGoldens = false } = {}) {
  const base = stem(file);
  const problems = [];
  const expectPath = `${base}.expect.json`;
  if (!existsSync(expectPath)) return { file, problems: [`missing expectation ${relative(root, expectPath)}`] };
  const expected = JSON.parse(readFileSync(expectPath, 'utf8'));
  const compiler = library.createCompiler({ preset: expected.preset ?? 'gate' });
  const result = compiler.compile(readFileSync(file), { path: relative(root, file).split('\\').join('/') });

  if (result.exitCode !== expected.exitCode) problems.push(`exit code ${result.exitCode}, expected ${expected.exitCode}${result.error ? ` (${result.error.subcode}: ${result.error.message})` : ''}`);
  if (result.verdict !== expected.verdict) problems.push(`verdict ${result.verdict}, expected ${expected.verdict}`);
  const actual = result.diagnostics.map(({ ruleId, severity, path }) => ({ ruleId, severity, path }));
  const missing = difference(expected.diagnostics, actual);
  const extra = difference(actual, expected.diagnostics);
  for (const item of missing) problems.push(`missing diagnostic ${describe(item)}`);
  for (const item of extra) {
    const message = result.diagnostics.find((d) => d.ruleId === item.ruleId && d.path === item.path)?.message;
    problems.push(`unexpected diagnostic ${describe(item)}: ${message}`);
  }

  if (result.report) {
    const goldens = [
      [`${base}.report.md`, library.renderMarkdown(result.report)],
      [`${base}.report.json`, library.renderJson(result.report)],
    ];
    for (const [path, content] of goldens) {
      if (update && (requireGoldens || existsSync(path))) {
        writeFileSync(path, content);
        continue;
      }
      if (!existsSync(path)) {
        if (requireGoldens) problems.push(`missing golden ${relative(root, path)} (run npm run fixtures:update)`);
        continue;
      }
      const golden = readFileSync(path, 'utf8');
      if (golden !== content) problems.push(`${relative(root, path)} differs from the output:\n${firstDifference(golden, content)}`);
    }
  }
  return { file, problems };
}

function difference(left, right) {
  const keys = new Set(right.map(describe));
  return left.filter((item) => !keys.has(describe(item)));
}

function describe({ ruleId, severity, path }) {
  return `${severity} ${ruleId} at ${path === '' ? '(root)' : path}`;
}

function firstDifference(expected, actual) {
  const a = expected.split('\n');
  const b = actual.split('\n');
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) return `  line ${i + 1}\n  - ${a[i] ?? '(end of file)'}\n  + ${b[i] ?? '(end of file)'}`;
  }
  return '  (no line differs)';
}

/** Every fixture of the corpus: valid ones must have goldens. */
export function checkCorpus(library, root, options = {}) {
  const results = [];
  for (const [folder, requireGoldens] of [['valid', true], ['invalid', false]]) {
    const dir = join(root, 'fixtures', folder);
    for (const file of listFixtures(dir)) results.push(checkFixture(library, root, file, { ...options, requireGoldens }));
  }
  return results;
}

async function main() {
  const mode = process.argv[2];
  if (mode !== 'check' && mode !== 'update') {
    process.stderr.write('usage: node scripts/fixtures.mjs check|update\n');
    process.exit(2);
  }
  const root = fileURLToPath(new URL('..', import.meta.url));
  const library = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
  const results = checkCorpus(library, root, { update: mode === 'update' });
  const failed = results.filter((result) => result.problems.length > 0);
  for (const { file, problems } of failed) {
    process.stdout.write(`FAIL ${relative(root, file)}\n${problems.map((problem) => `  ${problem}`).join('\n')}\n`);
  }
  process.stdout.write(`fixtures: ${results.length - failed.length} passed, ${failed.length} failed\n`);
  process.exitCode = failed.length === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
