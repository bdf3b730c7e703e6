import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import { baseKatasReport, katasPolicy } from '../src/dialects/katas/index.js';
import { katasReportSchema } from '../src/dialects/katas/schema.js';
import { projectRoot } from './support/cli.js';
import { type KatasBase, katasMutants, type Mutant } from './support/katas-mutants.js';
import { announceMissing, hasKatasReference, katasReferenceDir } from './support/shared.js';
import { useTempDirs } from './support/temp.js';

if (!hasKatasReference) announceMissing('the katas reference-parity suite (the katas validator beside the compiler)', katasReferenceDir);

const tempDir = useTempDirs('katas-reference');
const SEED = 20_240_614;

/**
 * Runs the katas validator's own `main` on each file in one Python process (the validator is
 * imported from the shared folder, never copied) and prints one verdict a file: "pass" for exit 0,
 * "fail" for any other exit or an exception, as a crash of the script fails the report.
 */
const DRIVER = `
import contextlib, importlib.util, io, sys
spec = importlib.util.spec_from_file_location("katas_validator", sys.argv[1])
validator = importlib.util.module_from_spec(spec)
spec.loader.exec_module(validator)
for line in sys.stdin:
    path = line.rstrip("\\n")
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            code = validator.main(["validate", path])
        print("pass" if code == 0 else "fail")
    except Exception:
        print("fail")
`;

type Verdict = 'pass' | 'fail';

const compilers = { gate: createCompiler({ preset: 'gate' }), reference: createCompiler({ preset: 'reference' }) };

/**
 * What the command line answers, through the compiler itself: the document told apart by its
 * schema (a mutant that loses or changes it is no katas report), an input error, a critical gap,
 * then any error diagnostic fails; a clean run passes.
 */
function verdictOf(text: string, preset: 'gate' | 'reference'): Verdict {
  return compilers[preset].compile(text, { path: 'report.json' }).exitCode === 0 ? 'pass' : 'fail';
}

function jsonFiles(dir: string): Array<{ name: string; text: string }> {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json') && !name.endsWith('.expect.json'))
    .sort()
    .map((name) => ({ name, text: readFileSync(join(dir, name), 'utf8') }));
}

/** Sound reports weigh five times as much as broken ones: most of their mutants break one thing only. */
function basesOf(documents: ReadonlyArray<{ name: string; text: string }>): KatasBase[] {
  const bases = documents.map(({ name, text }) => ({ name: name.replace(/\.json$/, ''), data: JSON.parse(text) }));
  const sound = bases.filter((base) => verdictOf(JSON.stringify(base.data), 'reference') === 'pass');
  return [...bases, ...sound, ...sound, ...sound, ...sound];
}

const LABELS = ['the shared fixtures and mutants of them', 'our own fixtures and mutants of them'] as const;

interface Corpus {
  label: (typeof LABELS)[number];
  documents: Mutant[];
}

describe.skipIf(!hasKatasReference)('katas reference parity: the katas validator and the compiler under --preset reference', () => {
  const corpora: Corpus[] = [];
  const theirs = new Map<Corpus, Verdict[]>();

  beforeAll(() => {
    const shared = jsonFiles(join(katasReferenceDir, 'fixtures'));
    const own = [
      ...jsonFiles(join(projectRoot, 'fixtures', 'katas', 'valid')),
      ...jsonFiles(join(projectRoot, 'fixtures', 'katas', 'invalid')),
      { name: 'base-report.json', text: `${JSON.stringify(baseKatasReport(), null, 2)}\n` },
    ];
    corpora.push(
      { label: LABELS[0], documents: [...shared, ...katasMutants(basesOf(shared), 2000, SEED)] },
      { label: LABELS[1], documents: [...own, ...katasMutants(basesOf(own), 1000, SEED + 1)] },
    );
    const dir = tempDir();
    const paths = corpora.flatMap((corpus, index) =>
      corpus.documents.map((document, at) => {
        const path = join(dir, `${index}-${at}-${document.name}`);
        writeFileSync(path, document.text);
        return path;
      }),
    );
    const validator = join(katasReferenceDir, 'validate_adaptive_investigation_report.py');
    const run = spawnSync('python3', ['-c', DRIVER, validator], { input: `${paths.join('\n')}\n`, encoding: 'utf8', maxBuffer: 1 << 24 });
    if (run.error !== undefined || run.status !== 0)
      throw new Error(`the katas validator did not run: ${run.error?.message ?? run.stderr}`);
    const verdicts = run.stdout.trimEnd().split('\n') as Verdict[];
    expect(verdicts.length).toBe(paths.length);
    let offset = 0;
    for (const corpus of corpora) {
      theirs.set(corpus, verdicts.slice(offset, offset + corpus.documents.length));
      offset += corpus.documents.length;
    }
  });

  it.each(LABELS)('agrees on every verdict of %s', (label) => {
    const corpus = corpora.find((candidate) => candidate.label === label) as Corpus;
    const expected = theirs.get(corpus) as Verdict[];
    const disagreements = corpus.documents.filter((document, at) => verdictOf(document.text, 'reference') !== expected[at]);
    const passes = expected.filter((verdict) => verdict === 'pass').length;
    console.log(
      `katas reference parity (${corpus.label}): ${corpus.documents.length - disagreements.length} of ${corpus.documents.length} documents agree (${passes} pass the validator)`,
    );
    expect(disagreements.slice(0, 5).map((document) => `${document.name}\n${document.text}`)).toEqual([]);
    // The mutants are worth something only if a fair share of them still pass.
    expect(passes).toBeGreaterThan(corpus.documents.length / 40);
  });

  it('the gate fails every document the validator fails', () => {
    for (const corpus of corpora) {
      const expected = theirs.get(corpus) as Verdict[];
      const holes = corpus.documents.filter((document, at) => expected[at] === 'fail' && verdictOf(document.text, 'gate') === 'pass');
      expect(holes.slice(0, 5).map((document) => `${document.name}\n${document.text}`)).toEqual([]);
    }
  });

  it("holds the contract's required fields and checks", () => {
    const contract = JSON.parse(readFileSync(join(katasReferenceDir, 'report-contract.json'), 'utf8'));
    expect(katasReportSchema.required).toEqual(contract.required_top_level_fields);
    expect(katasPolicy('reference').requiredChecks).toEqual(contract.required_validation_checks);
    expect(katasPolicy('reference').schemaId).toBe(contract.report_schema);
    expect(katasPolicy('gate').skill).toBe(contract.skill);
  });
});
