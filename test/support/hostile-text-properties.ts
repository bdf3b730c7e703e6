/**
 * Two classes of the hostile-input campaign for the one rule for untrusted text (registered in
 * test/support/hostile-properties.ts): link, image, footnote, autolink, definition and HTML syntax
 * in any text field of a spec or a katas report, through the Markdown outputs (the report and the
 * statistics); and file names that start or hold GitHub workflow commands, in a folder run through
 * every format that lists files. Every output must keep the invariants of its kind
 * (test/support/untrusted-output.ts). Each input runs through the whole command line in process.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { run } from '../../src/cli/run.js';
import { baseKatasReport } from '../../src/dialects/katas/index.js';
import type { NamedProperty } from './properties.js';
import { type Path, setAt, stringPaths } from './spec-paths.js';
import { validSpec } from './specs.js';
import { HOSTILE_TEXTS, LINK_SYNTAX, type OutputKind, outputProblems } from './untrusted-output.js';

const workDir = mkdtempSync(join(tmpdir(), 'compile-investigation-hostile-text-'));
process.once('exit', () => rmSync(workDir, { recursive: true, force: true }));
let cases = 0;

interface Printed {
  exitCode: number;
  stdout: string;
  stderr: string;
}

async function runIn(cwd: string, args: string[]): Promise<Printed> {
  let stderr = '';
  const io = { cwd, env: { NO_COLOR: '1' }, stderr: { write: (text: string) => void (stderr += text) }, stdoutIsTTY: false };
  const { exitCode, stdout } = await run(args, io);
  return { exitCode, stdout, stderr };
}

/** Runs `args` in `cwd` and throws, with the case's label, at the first broken invariant or undocumented exit code. */
async function expectInert(label: string, cwd: string, args: string[], kind: OutputKind): Promise<void> {
  const printed = await runIn(cwd, args);
  const problems = [
    ...(printed.exitCode < 0 || printed.exitCode > 4 ? [`exit code ${printed.exitCode}`] : []),
    ...outputProblems(printed.stdout, kind).map((problem) => `stdout: ${problem}`),
    ...outputProblems(printed.stderr, 'lines').map((problem) => `stderr: ${problem}`),
  ];
  if (problems.length > 0) throw new Error(`${label}\nargs: ${args.join(' ')}\n${problems.slice(0, 5).join('\n')}`);
}

const linkText = fc
  .array(fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...LINK_SYNTAX) }, { weight: 1, arbitrary: fc.string({ maxLength: 3 }) }), {
    minLength: 1,
    maxLength: 10,
  })
  .map((pieces) => pieces.join(''));

/** Link syntax in any text field (and a key) of a spec or a katas report, the document's own text kept after it. */
const linkSyntax = fc
  .record({
    katas: fc.boolean(),
    targets: fc.array(fc.nat(), { minLength: 1, maxLength: 6 }),
    texts: fc.array(linkText, { minLength: 6, maxLength: 6 }),
    key: fc.option(linkText, { nil: undefined }),
  })
  .map(({ katas, targets, texts, key }) => {
    const document: Record<string, unknown> = katas ? baseKatasReport() : validSpec();
    // The katas report's schema names its dialect: it stays, or the document is not read as one.
    const paths = stringPaths(document).filter((path) => path[0] !== 'schema');
    const changed = targets.map((target, index) => {
      const path = paths[target % paths.length] as Path;
      const text = texts[index] as string;
      setAt(document, path, text);
      return `/${path.join('/')} ${JSON.stringify(text)}`;
    });
    if (key !== undefined) document[key] = 'a key of link syntax';
    return { label: `link syntax in ${katas ? 'a katas report' : 'a spec'}: ${changed.join(', ')}`, content: JSON.stringify(document) };
  });

/** What starts a workflow command, or holds one, at a name's start, after white space or mid-name. */
const COMMAND_PIECES = [
  '::add-mask::',
  '::stop-commands::',
  '::error::',
  '::warning file=x,line=1::',
  '::',
  ':',
  '##[add-mask]',
  '##[error]',
  '#',
];

const commandName = fc
  .tuple(
    fc.constantFrom('', ' ', '\u00a0', '\u3000', 'a ', '\t'),
    fc.constantFrom(...COMMAND_PIECES),
    fc.string({ maxLength: 6 }).map((text) => text.replace(/[/\u0000]/g, '_')),
    fc.constantFrom('', ...HOSTILE_TEXTS.map(({ text }) => text.replace(/[/\u0000]/g, '_').slice(0, 24))),
  )
  .map((parts) => parts.join(''));

/** Files named by workflow commands, each a spec with a warning, a failing spec or unreadable, and briefs artifacts of the same names. */
const commandNames = fc.uniqueArray(fc.record({ name: commandName, content: fc.constantFrom('warning', 'failing', 'broken') }), {
  minLength: 1,
  maxLength: 3,
  selector: (file) => file.name,
});

const CONTENTS: Record<string, () => string> = {
  warning: () => JSON.stringify({ ...validSpec(), owner: 'x' }),
  failing: () => JSON.stringify({ ...validSpec(), budget: { total: 1, used: 9, unit: 'reads' } }),
  broken: () => '{"goal": ',
};

/** Every format that lists the files of a folder, and what its standard output holds. */
const FOLDER_FORMATS: ReadonlyArray<{ args: string[]; kind: OutputKind }> = [
  { args: ['.', '--format', 'text'], kind: 'lines' },
  { args: ['.', '--format', 'github'], kind: 'workflow-commands' },
  { args: ['.', '--format', 'sarif'], kind: 'sarif' },
  { args: ['.', '--format', 'text', '--json'], kind: 'json' },
  { args: ['stats', '.'], kind: 'markdown' },
];

function printable<T extends { label: string }>(value: T): T {
  return Object.assign(value, { [fc.toStringMethod]: () => value.label });
}

export function hostileTextProperties(): NamedProperty[] {
  return [
    {
      name: 'link syntax in any text field renders as text in the report and the statistics',
      runs: 20,
      property: fc.asyncProperty(
        linkSyntax.map((value) => printable(value)),
        async ({ label, content }) => {
          const dir = join(workDir, `links-${cases++}`);
          mkdirSync(dir);
          writeFileSync(join(dir, 'doc.json'), content);
          await expectInert(label, dir, ['doc.json'], 'markdown');
          await expectInert(label, dir, ['stats', 'doc.json'], 'markdown');
          rmSync(dir, { recursive: true, force: true });
        },
      ),
    },
    {
      name: 'file names that start or hold workflow commands stay inert in every format',
      runs: 20,
      property: fc.asyncProperty(
        commandNames.map((files) => printable({ label: `files ${JSON.stringify(files.map((file) => file.name))}`, files })),
        async ({ label, files }) => {
          const dir = join(workDir, `names-${cases++}`);
          mkdirSync(join(dir, 'briefs'), { recursive: true });
          for (const { name, content } of files) {
            writeFileSync(join(dir, `${name}.json`), (CONTENTS[content] as () => string)());
            writeFileSync(join(dir, 'briefs', `${name}-0001.json`), '{}');
          }
          for (const { args, kind } of FOLDER_FORMATS) await expectInert(label, dir, args, kind);
          await expectInert(label, join(dir, 'briefs'), ['briefs', '.', '--format', 'text'], 'lines');
          rmSync(dir, { recursive: true, force: true });
        },
      ),
    },
  ];
}
