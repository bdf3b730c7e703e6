import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import envelopeSchema from '../assets/envelope.schema.json' with { type: 'json' };
import { COMMANDS } from '../src/commands/table/index.js';
import { listingFormats, reportFormats } from '../src/render/formatters.js';

// The extension points of ARCHITECTURE.md ("Where new things go") as they are written there: a
// dialect is its folder and one registry line, a command one entry in the table of commands.

/** The files outside the katas dialect's folder that may name it in code, and why (ARCHITECTURE.md). */
const NAMING_THE_DIALECT: Readonly<Record<string, string>> = {
  'src/dialects/registry.ts': 'the registry: its one line',
  'src/index.ts': "the library's public exports of the katas report's types and rules",
  'assets/envelope.schema.json':
    "the machine contract: the dialect's id and its catalog keys (test/catalog.test.ts checks them against the registry)",
  'assets/katas-report.schema.json': "the dialect's own schema, shipped with the package's other schemas",
};

/** Files that name the dialect by definition or are written from it: `convert` turns a katas report into a spec; `npm run docs` writes the presets. */
const EXEMPT = [/^src\/convert\//, /^src\/commands\/(table\/)?convert\.ts$/, /^assets\/presets\/(gate|reference)\.json$/];

/** The words of a module's code, comments left out: identifiers, strings, template texts. */
function codeWords(path: string, text: string): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, false);
  const words: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) words.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) words.push(node.text);
    node.forEachChild(visit);
  };
  visit(source);
  return words;
}

/** Whether a file names `word` in code: any text of a data file, the code (not the comments) of a module. */
function namesInCode(path: string, text: string, word: RegExp): boolean {
  if (/\.(ts|mts|cts|js|mjs|cjs)$/.test(path)) return codeWords(path, text).some((each) => word.test(each));
  return word.test(text);
}

function filesNamingKatas(): string[] {
  const tracked = execFileSync('git', ['ls-files', 'src', 'scripts', 'assets', 'bin'], { encoding: 'utf8' }).split('\n').filter(Boolean);
  return tracked.filter(
    (path) =>
      !path.startsWith('src/dialects/katas/') &&
      !EXEMPT.some((pattern) => pattern.test(path)) &&
      namesInCode(path, readFileSync(path, 'utf8'), /katas/i),
  );
}

describe('a dialect is its folder and one registry line', () => {
  it('reads code, not comments', () => {
    expect(namesInCode('a.ts', '// a katas report\nconst x = 1;', /katas/i)).toBe(false);
    const template = ['const x = `for $', '{y} katas`;'].join('');
    expect(namesInCode('a.ts', template, /katas/i)).toBe(true);
    expect(namesInCode('a.ts', 'import { katasDialect } from "./x.js";', /katas/i)).toBe(true);
    expect(namesInCode('a.json', '{"rules": {"katas-schema": "off"}}', /katas/i)).toBe(true);
  });

  it('names the katas dialect in code only in the files listed, each for its reason', () => {
    expect(filesNamingKatas().sort()).toEqual(Object.keys(NAMING_THE_DIALECT).sort());
  });
});

/** The commands of the envelope's `command` enum that the table does not declare, and those it declares that the enum lacks. */
function commandMismatch(declared: readonly { name: string; options: readonly { flags: string }[] }[], enumerated: readonly string[]) {
  // A command prints an envelope when it takes --json; help and version print one of their own.
  const enveloped = declared
    .filter((command) => command.options.some((option) => option.flags === '--json'))
    .map((command) => command.name);
  const expected = [...enveloped, 'help', 'version'];
  return {
    undeclared: enumerated.filter((name) => !expected.includes(name)),
    missing: expected.filter((name) => !enumerated.includes(name)),
  };
}

describe('a command is one entry in the table of commands', () => {
  const enumerated = envelopeSchema.properties.command.enum;

  it("the envelope schema's commands are the table's that print an envelope, and help and version", () => {
    expect(commandMismatch(COMMANDS, enumerated)).toEqual({ undeclared: [], missing: [] });
  });

  it('tells a command added to the table alone, and one left in the schema alone', () => {
    const added = { name: 'audit', options: [{ flags: '--json' }] };
    expect(commandMismatch([...COMMANDS, added], enumerated)).toEqual({ undeclared: [], missing: ['audit'] });
    expect(commandMismatch([...COMMANDS, added], [...enumerated, 'audit'])).toEqual({ undeclared: [], missing: [] });
    expect(commandMismatch(COMMANDS, [...enumerated, 'audit'])).toEqual({ undeclared: ['audit'], missing: [] });
    const serverOnly = { name: 'serve', options: [{ flags: '--stdio' }] };
    expect(commandMismatch([...COMMANDS, serverOnly], enumerated)).toEqual({ undeclared: [], missing: [] });
  });
});

describe('a format is one entry in the formatter table', () => {
  const formatOption = (command: string) =>
    COMMANDS.find((entry) => entry.name === command)?.options.find((option) => option.flags.includes('--format'));

  it("compile's --format choices are the table's report formats, then its listing formats", () => {
    expect(formatOption('compile')?.choices).toEqual(['markdown', 'json', 'html', 'text', 'sarif', 'github']);
    expect(formatOption('compile')?.choices).toEqual([...reportFormats, ...listingFormats]);
  });

  it('briefs lists its folder in every listing format of the table, and in its JSON, and its synopsis says so', () => {
    const choices = formatOption('briefs')?.choices ?? [];
    expect([...choices].sort()).toEqual([...listingFormats, 'json'].sort());
    const briefs = COMMANDS.find((entry) => entry.name === 'briefs');
    expect(briefs?.synopsis).toContain(`--format ${choices.join('|')}`);
  });
});
