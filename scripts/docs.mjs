// The rule catalogs, the exit-code table and the brief format (from the input schema), wherever a
// page of the documentation (README.md, docs/*.md) holds their markers, and one page a rule under
// docs/rules/ (where SARIF's helpUri points), are generated from the rules' metadata and the presets,
// never kept by hand; so are assets/lookalikes.json, from Unicode's confusables list as the
// unhomoglyph package ships it, and each dialect's rule settings in assets/presets/ (scripts/presets.mjs).
//   node scripts/docs.mjs write    rewrite the generated sections, the rule pages, the table and the presets
//   node scripts/docs.mjs check    fail when a generated section, a rule page, the table or a preset is stale
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { structuredPatch } from 'diff';
import remarkGfm from 'remark-gfm';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { stringify as toYaml } from 'yaml';
import { presetText } from './presets.mjs';

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

const heading = (depth, ...children) => ({ type: 'heading', depth, children });
const paragraph = (...children) => ({ type: 'paragraph', children });
const yamlText = (value) => toYaml(value).trimEnd();
const yamlBlock = (value) => ({ type: 'code', lang: 'yaml', value: yamlText(value) });

/** What a map program's output names, by its shape (src/trace/shell-table.ts, OutputShape). */
const OUTPUT_WORDS = {
  paths: "one path a line, relative to the call's folder or absolute",
  listing:
    "the names listed (plain or long listing, a link's own name), relative to the folder listed; with several folders, each under its heading",
  tree: 'every file and folder drawn, under the folder given',
  matches: 'the path of each of its matches (a path:line:text line), under the folders and files it searched',
};

/** What a shell program of the trace table surfaced or read, from its entry. */
function shellProgramOutput(program) {
  if (program.kind === 'read') return program.scriptFirst ? 'its one file, after its script' : 'its one file';
  const paths = program.pathsWith === undefined ? '' : `; with ${program.pathsWith.join(', ')}: ${OUTPUT_WORDS.paths}`;
  return `${OUTPUT_WORDS[program.output]}${program.startPoints ? ', under the folders it started from' : ''}${paths}`;
}

/** The lines that turn one spec's YAML into another's, as a unified diff with three lines of context. */
function changesBlock(from, to) {
  const { hunks } = structuredPatch('', '', `${yamlText(from)}\n`, `${yamlText(to)}\n`, '', '', { context: 3 });
  const lines = hunks.flatMap((hunk) => [`@@ -${hunk.oldStart},${hunk.oldLines} +${hunk.newStart},${hunk.newLines} @@`, ...hunk.lines]);
  return { type: 'code', lang: 'diff', value: lines.join('\n') };
}
const list = (items) => ({
  type: 'list',
  ordered: false,
  spread: false,
  children: items.map((children) => ({ type: 'listItem', spread: false, children: [paragraph(...children)] })),
});

function stringify(...nodes) {
  return unified().use(remarkGfm, { tablePipeAlign: false }).use(remarkStringify).stringify({ type: 'root', children: nodes }).trimEnd();
}

/** What `explain ID --json` says of a rule or an artifact check, run in this process through the built CLI: the one source of its page. */
async function explained(run, root, id) {
  const io = { cwd: root, env: { NO_COLOR: '1' }, stderr: { write: () => true }, stdoutIsTTY: false };
  const { exitCode, stdout } = await run(['explain', id, '--json'], io);
  if (exitCode !== 0) throw new Error(`explain ${id} exited with ${exitCode}`);
  return JSON.parse(stdout).data;
}

function settingsTable(severity) {
  return table(
    ['Preset', 'Setting'],
    Object.entries(severity).map(([preset, setting]) => [[code(preset)], [text(setting)]]),
  );
}

/** The trace a rule's example is checked against, under its caption; nothing for a rule without one. */
function traceBlock(trace, caption) {
  return trace === undefined ? [] : [paragraph(text(caption)), { type: 'code', lang: 'jsonl', value: trace.trimEnd() }];
}

/** The page of a rule, of an artifact check, or of a check every listing may cite; `fixesText` says what its fixes are. */
function rulePage({ rule, examples }, footer, fixesText = {}) {
  const nodes = [
    heading(1, code(rule.id)),
    paragraph(text(rule.description)),
    paragraph(text(`Gate criterion: ${rule.criterion}.`)),
    settingsTable(rule.severity),
  ];
  nodes.push(heading(2, text('Why')), paragraph(text(rule.rationale)));
  if (rule.fixes !== undefined)
    nodes.push(
      heading(2, text('Fixes')),
      paragraph(
        text(`Its problems carry a fix, ${fixesText[rule.fixes]}. `),
        code('compile --fix'),
        text(' writes the safe ones, '),
        code('--fix-unsafe'),
        text(' all; the editor offers each as a quick fix.'),
      ),
    );
  if (rule.fix !== undefined) nodes.push(heading(2, text('How to fix it')), paragraph(text(rule.fix)));
  if (examples !== undefined) {
    const gives = examples.failing.diagnostics.map((found) => [
      code(found.severity),
      text(' '),
      code(found.ruleId),
      text(` ${found.message} (at `),
      code(found.path || '/'),
      text(')'),
    ]);
    // The failing spec is the passing one with a few lines changed: those lines, not a second copy, show what breaks the rule.
    const { failing, passing } = examples;
    // A rule that checks against a trace may reject the very spec that passes, with another trace.
    const sameSpec = yamlText(failing.spec) === yamlText(passing.spec);
    nodes.push(
      heading(2, text('A spec that passes')),
      paragraph(text(passing.title)),
      yamlBlock(passing.spec),
      ...traceBlock(passing.trace, 'Checked against this trace of the agent (PostToolUse hook payloads, nodes under /repo):'),
      paragraph(text('It gives no diagnostic.')),
      heading(2, text('A spec it rejects')),
      paragraph(
        text(
          `${failing.title} ${sameSpec ? 'The spec is the one that passes; the trace is not.' : 'The lines that differ from the spec that passes:'}`,
        ),
      ),
      ...(sameSpec ? [] : [changesBlock(passing.spec, failing.spec)]),
      ...(failing.trace === passing.trace ? [] : traceBlock(failing.trace, 'Checked against this trace instead:')),
      paragraph(text('It gives:')),
      list(gives),
    );
  }
  nodes.push(paragraph(...footer));
  return `${stringify(...nodes)}\n`;
}

/** Every page of docs/rules/, by file name. */
export async function rulePages(library, root) {
  const { run } = createRequire(import.meta.url)('../bin/load-bundle.cjs').loadBundle(join(root, 'dist'), 'cli');
  const pages = {};
  const ids = library.dialects.flatMap((dialect) => dialect.rules).map((rule) => rule.meta.id);
  for (const id of [...ids, ...library.artifactChecks.map((check) => check.id)])
    pages[`${id}.md`] = rulePage(
      await explained(run, root, id),
      [
        text("Generated from the rule's metadata by "),
        code('npm run docs'),
        text('; '),
        code(`compile-investigation explain ${id}`),
        text(' prints the same, with both specs in full.'),
      ],
      library.fixesText,
    );
  for (const check of library.builtInChecks) {
    const rule = { ...check, criterion: check.tag, severity: Object.fromEntries(library.presetNames.map((name) => [name, 'error'])) };
    pages[`${check.id}.md`] = rulePage({ rule }, [
      text('Generated by '),
      code('npm run docs'),
      text(' from the description that the SARIF log gives of this check, which every command that reads files may report.'),
    ]);
  }
  return pages;
}

/**
 * The generated sections, keyed by marker name, from the public library API (src or dist).
 * @returns {Record<'rules' | 'exit-codes' | 'brief-format', string> & Record<string, string>} (the dialects name their own sections)
 */
export function generatedSections(library) {
  const presets = library.presetNames.map((name) => library.builtInPreset(name));
  const criteria = new Map(library.criteria.map((criterion) => [criterion.id, criterion.name]));
  const ruleRow = ({ meta }) => [
    [code(meta.id)],
    [text(criteria.get(meta.criterion) ?? meta.criterion)],
    ...presets.map((preset) => [text(preset.rules[meta.id] ?? 'off')]),
    [text(meta.description)],
  ];
  // An artifact check judges files in its own command, where no preset can turn it off.
  const artifactRow = (check) => [
    [code(check.id)],
    [text(criteria.get(check.criterion) ?? check.criterion)],
    ...presets.map(() => [text('error')]),
    [text(`${check.description} Judges brief artifact files, run by `), code(check.command), text('.')],
  ];
  // Each dialect's rules in the section its catalog names, with the checks of the files around its documents.
  const ruleTables = library.dialects.map(({ rules, catalog }) => [
    catalog.section,
    stringify(
      table(
        ['Rule', 'Criterion', ...library.presetNames, 'Checks'],
        [...rules.map(ruleRow), ...(catalog.artifactChecks ?? []).map(artifactRow)],
      ),
    ),
  ]);
  const exitCodes = table(
    ['Exit code', 'Meaning'],
    library.exitCodeMeanings.map(({ code: exitCode, meaning }) => [[code(String(exitCode))], [text(meaning)]]),
  );
  // The rules that check a spec against the agent's trace, each linked to its page (the table is
  // placed in docs/traces.md, beside docs/rules/), and the shell programs a trace's calls are classified by.
  const traceRules = table(
    ['Rule', ...library.presetNames, 'Checks'],
    library.rules
      .filter(({ meta }) => meta.evidence === 'trace')
      .map(({ meta }) => [
        [{ type: 'link', url: `rules/${meta.id}.md`, children: [code(meta.id)] }],
        ...presets.map((preset) => [text(preset.rules[meta.id] ?? 'off')]),
        [text(meta.description)],
      ]),
  );
  const options = (values) => (values ?? []).flatMap((value, index) => [...(index === 0 ? [] : [text(', ')]), code(value)]);
  const shellPrograms = table(
    ['Program', 'Kind', 'Only with', 'Its output not read with', 'What it surfaced or read'],
    Object.entries(library.shellPrograms).map(([name, program]) => [
      [code(name)],
      [text(program.kind)],
      program.onlyWith === undefined ? [text('always')] : options(program.onlyWith),
      program.outputUnreadWith === undefined ? [] : options(program.outputUnreadWith),
      [text(shellProgramOutput(program))],
    ]),
  );
  // The rules whose problems carry a fix, and how safe their fixes are (compile --fix writes the safe ones).
  const fixes = table(
    ['Rule', 'Checks', 'Its fixes'],
    library.rules
      .filter(({ meta }) => meta.fixes !== undefined)
      .map(({ meta }) => [[code(meta.id)], [text(meta.description)], [text(library.fixesText[meta.fixes])]]),
  );
  return {
    ...Object.fromEntries(ruleTables),
    fixes: stringify(fixes),
    'trace-rules': stringify(traceRules),
    'shell-programs': stringify(shellPrograms),
    'exit-codes': stringify(exitCodes),
    'brief-format': stringify(briefFormat(createRequire(import.meta.url)('../assets/investigation.schema.json'))),
  };
}

/** The JSON type a field's schema gives, in words: its type, its constant, its list of values, or its items' type. */
function typeOf(field) {
  if (field.const !== undefined) return Number.isInteger(field.const) ? 'integer' : typeof field.const;
  if (field.enum !== undefined) return 'string';
  if (field.type === 'array') return field.items?.$ref !== undefined ? 'array of objects' : `array of ${field.items?.type}s`;
  return field.type;
}

/** The values a field may take, when the schema lists them. */
function allowedOf(field) {
  if (field.const !== undefined) return [code(JSON.stringify(field.const))];
  if (field.enum === undefined) return [];
  return field.enum.flatMap((value, index) => [...(index === 0 ? [] : [text(', ')]), code(value)]);
}

/**
 * A working brief's fields, from the input schema's definitions of a brief, a finding and a change
 * (a brief in a spec and a brief artifact's brief are the same): each with its type, the values it
 * may take and what it means. Generated, so that the README says what the schema checks.
 */
export function briefFormat(schema) {
  const rows = [
    ['', schema.$defs.brief],
    ['findings[].', schema.$defs.briefFinding],
    ['changes[].', schema.$defs.briefChange],
  ].flatMap(([prefix, object]) =>
    Object.entries(object.properties).map(([name, field]) => [
      [code(`${prefix}${name}`)],
      [text(`${typeOf(field)}${object.required.includes(name) ? '' : ' (optional)'}`)],
      allowedOf(field),
      [text(field.description)],
    ]),
  );
  return table(['Field', 'Type', 'Allowed values', 'Meaning'], rows);
}

/**
 * A page with every generated section it holds replaced, and the names of those sections. A page
 * holds a section between `<!-- generated:NAME -->` and `<!-- /generated:NAME -->`.
 */
export function updatePage(page, sections) {
  let result = page;
  const held = [];
  for (const [name, content] of Object.entries(sections)) {
    const start = `<!-- generated:${name} -->`;
    const end = `<!-- /generated:${name} -->`;
    const from = result.indexOf(start);
    if (from === -1) continue;
    const to = result.indexOf(end, from);
    if (to === -1) throw new Error(`${start} has no ${end} after it`);
    result = `${result.slice(0, from + start.length)}\n${content}\n${result.slice(to)}`;
    held.push(name);
  }
  return { page: result, held };
}

/** The documentation pages that may hold generated sections, from the project's root: the README and docs/*.md. */
export function documentationPages(root) {
  const docs = readdirSync(join(root, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`)
    .sort();
  return ['README.md', ...docs];
}

function readPages(folder) {
  const pages = {};
  for (const name of readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name))
    pages[name] = readFileSync(join(folder, name), 'utf8');
  return pages;
}

/**
 * The non-ASCII characters that Unicode's confusables list (UTS #39) maps to ASCII, as
 * assets/lookalikes.json holds them for the anti-pattern rule: in code point order, so that the
 * same list is the same bytes.
 */
export function lookalikesTable() {
  const confusables = createRequire(import.meta.url)('unhomoglyph/data.json');
  const { version } = createRequire(import.meta.url)('unhomoglyph/package.json');
  const notAscii = /[^\u0000-\u007f]/u;
  const pairs = Object.entries(confusables)
    .filter(([from, to]) => notAscii.test(from) && !notAscii.test(to))
    .sort(([a], [b]) => (a.codePointAt(0) ?? 0) - (b.codePointAt(0) ?? 0));
  // One string of "character TAB ascii" lines: a string costs the bundle nothing until it is split.
  const table = {
    about: `Non-ASCII characters that Unicode's confusables list (UTS #39) maps to ASCII, from unhomoglyph ${version}, one "character<TAB>ASCII" line each; generated by npm run docs.`,
    lookalikes: pairs.map(([from, to]) => `${from}\t${to}`).join('\n'),
  };
  return `${JSON.stringify(table, null, 1)}\n`;
}

async function main() {
  const mode = process.argv[2];
  const root = fileURLToPath(new URL('..', import.meta.url));
  const library = await import(pathToFileURL(join(root, 'dist', 'index.js')).href);
  // The synopsis of docs/cli.md comes from the command line's table of commands, in its bundle.
  const cli = createRequire(import.meta.url)('../bin/load-bundle.cjs').loadBundle(join(root, 'dist'), 'cli');
  const sections = { ...generatedSections(library), synopsis: cli.synopsisText() };
  const documentation = documentationPages(root).map((name) => {
    const current = readFileSync(join(root, name), 'utf8');
    return { name, current, ...updatePage(current, sections) };
  });
  const placed = new Set(documentation.flatMap(({ held }) => held));
  const unplaced = Object.keys(sections).filter((name) => !placed.has(name));
  if (unplaced.length > 0) throw new Error(`no page holds the generated sections ${unplaced.join(', ')}`);
  const pagesFolder = join(root, 'docs', 'rules');
  mkdirSync(pagesFolder, { recursive: true });
  const pages = await rulePages(library, root);
  const current = readPages(pagesFolder);
  const lookalikesPath = join(root, 'assets', 'lookalikes.json');
  const lookalikes = lookalikesTable();
  const presets = library.presetNames.map((name) => {
    const path = join(root, 'assets', 'presets', `${name}.json`);
    const current = readFileSync(path, 'utf8');
    return { path, current, text: presetText(current, name, library.dialects) };
  });
  if (mode === 'write') {
    for (const { path, current, text } of presets) if (text !== current) writeFileSync(path, text);
    for (const { name, current, page } of documentation) if (page !== current) writeFileSync(join(root, name), page);
    writeFileSync(lookalikesPath, lookalikes);
    for (const name of Object.keys(current)) if (!(name in pages)) rmSync(join(pagesFolder, name));
    for (const [name, page] of Object.entries(pages)) if (current[name] !== page) writeFileSync(join(pagesFolder, name), page);
  } else if (mode === 'check') {
    const stale = Object.keys({ ...pages, ...current }).filter((name) => pages[name] !== current[name]);
    for (const { name } of documentation.filter(({ current, page }) => page !== current)) {
      process.stderr.write(
        `${name}: a generated section (rule catalog, exit codes, brief format or command synopsis) is stale; run npm run docs\n`,
      );
      process.exitCode = 1;
    }
    if (stale.length > 0) {
      process.stderr.write(`docs/rules: ${stale.join(', ')} stale, missing or left over; run npm run docs\n`);
      process.exitCode = 1;
    }
    for (const { path } of presets.filter(({ current, text }) => text !== current)) {
      process.stderr.write(`${path.slice(root.length)}: a dialect's rule settings (presetRules) are stale; run npm run docs\n`);
      process.exitCode = 1;
    }
    if (readFileSync(lookalikesPath, 'utf8') !== lookalikes) {
      process.stderr.write('assets/lookalikes.json is stale; run npm run docs\n');
      process.exitCode = 1;
    }
  } else {
    process.stderr.write('usage: node scripts/docs.mjs write|check\n');
    process.exitCode = 2;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
