import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type CliRun, projectRoot, runCliAsync } from './support/cli.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

/**
 * The same input must give the same bytes whatever the time zone, the locale or the working
 * directory, and run after run. The specs carry Turkish dotted/dotless i, German sharp s and CJK,
 * so that any locale-sensitive case mapping, collation or formatting would show up.
 */

const tempDir = useTempDirs('determinism');

type Env = Record<string, string>;

const BASE_ENV: Env = { TZ: 'UTC', LANG: 'C', LC_ALL: 'C', LANGUAGE: '' };

const VARIANTS: Array<[string, Env]> = [
  ['TZ=Asia/Kolkata', { TZ: 'Asia/Kolkata' }],
  ['TZ=America/St_Johns', { TZ: 'America/St_Johns' }],
  ['tr_TR.UTF-8', { LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', LANGUAGE: 'tr' }],
  ['de_DE.UTF-8', { LANG: 'de_DE.UTF-8', LC_ALL: 'de_DE.UTF-8', LANGUAGE: 'de' }],
  ['ja_JP.UTF-8', { LANG: 'ja_JP.UTF-8', LC_ALL: 'ja_JP.UTF-8', LANGUAGE: 'ja' }],
  ['tr_TR.UTF-8 with TZ=America/St_Johns', { LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8', TZ: 'America/St_Johns' }],
];

const FORMATS = ['markdown', 'json'] as const;

/** Non-ASCII text in every kind of field the report shows. */
function unicodeSpec(): Record<string, any> {
  const spec = validSpec();
  spec.goal = 'İstanbul şubesinde fatura toplamları nerede yuvarlanıyor? (Straße, Größe; 東京の請求書)';
  spec.hypotheses[0].claim = 'Fatura modülü toplamı yuvarlar: ıslak İMZA, ISTANBUL vs İstanbul.';
  spec.hypotheses[1].claim = 'Die gemeinsame Dezimalhilfe rundet: Maß, STRASSE, Straße, ẞ.';
  spec.hypotheses[2].claim = '旧い丸め処理が古い請求書でまだ動いている（レガシー経路）。';
  spec.deepDives[0].finding = 'total.ts ruft roundMoney() auf; „Größe“ wird nicht geprüft. İi Iı.';
  spec.deepDives[1].finding = 'roundMoney() は偶数丸め（銀行丸め）で小数点以下二桁に丸める。';
  spec.replanLog[0].decision = 'H2’yi öne al: fatura modülü yuvarlamayı devrediyor.';
  spec.stopCondition.evidence = 'D2 ve D3 nerede ve nasıl yuvarlandığını doğruluyor — 確認済み.';
  spec.deliverable = 'Toplamlar billing/money/decimal.ts içindeki roundMoney() ile yuvarlanır. 完了。';
  spec.risks = ['H3 açık kalıyor: billing/legacy/round.js okunmadı (ß, İ, 東京).', 'Ölçüm: ½ kuruş farkı mümkün.'];
  return spec;
}

/** A failing spec whose diagnostics quote non-ASCII values and suggest near misses. */
function failingUnicodeSpec(): Record<string, any> {
  const spec = unicodeSpec();
  spec.deepDives[0].tool = 'READ';
  spec.deepDives[1].provenance = '[CÓDİGO]';
  spec.deepDives[2].effect = 'İnvalidates';
  spec.hypotheses[2].status = 'OPEN';
  spec.hypotheses[1]['prİority'] = 2;
  spec.surfaceMap[0]['größe'] = 3;
  spec['notlar_東京'] = 'İ ı ß';
  return spec;
}

/**
 * Specs that run from the same working directories: every environment compiles all of a group's
 * files in one process (with --output-dir), not one process per file, format and environment.
 */
interface SpecGroup {
  /** Working directories that hold every file of the group at the same relative paths, with identical bytes. */
  roots: [string, string];
  /** Paths relative to the working directory, the same in every layout. */
  files: string[];
}

interface SpecFile {
  group: SpecGroup;
  relativePath: string;
}

/** The specs written for this file, in two temporary working directories. */
const writtenSpecs: SpecGroup = { roots: [tempDir(), tempDir()], files: [] };

function writeSpec(relativePath: string, content: string): SpecFile {
  for (const root of writtenSpecs.roots) {
    mkdirSync(dirname(join(root, relativePath)), { recursive: true });
    writeFileSync(join(root, relativePath), content);
  }
  writtenSpecs.files.push(relativePath);
  return { group: writtenSpecs, relativePath };
}

const unicodeJson = writeSpec('specs/ödeme/İstanbul-東京.json', `${JSON.stringify(unicodeSpec(), null, 2)}\n`);
const unicodeYaml = writeSpec('investigations/straße/spec.yaml', toYaml(unicodeSpec()));
const failingJson = writeSpec('specs/fail/ıİ.json', `${JSON.stringify(failingUnicodeSpec(), null, 2)}\n`);
const failingCrlfYaml = writeSpec('specs/crlf.yml', toYaml(failingUnicodeSpec()).replace(/\n/g, '\r\n'));

function fixtureFiles(): string[] {
  const folder = join(projectRoot, 'fixtures', 'valid');
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => /\.(json|ya?ml)$/.test(name) && !/\.(expect|report)\.json$/.test(name))
    .sort()
    .map((name) => `fixtures/valid/${name}`);
}

/** The fixtures run from the project root, and from a copy with the same layout elsewhere. */
const fixtures: SpecGroup = { roots: [projectRoot, tempDir()], files: fixtureFiles() };
for (const relativePath of fixtures.files) {
  const copy = join(fixtures.roots[1], relativePath);
  mkdirSync(dirname(copy), { recursive: true });
  copyFileSync(join(projectRoot, relativePath), copy);
}

function compile(file: SpecFile, format: string, root: string, env: Env = {}): Promise<CliRun> {
  return runCliAsync([file.relativePath, '--format', format], { cwd: root, env: { ...BASE_ENV, ...env } });
}

/** One process's compilation of a whole group: its exit code and stderr, and each file's exit code and report bytes. */
interface GroupRun {
  status: number | null;
  stderr: string;
  files: Map<string, { exitCode: number; report: string }>;
}

/** Compiles every file of the group in one process; the reports go to a folder outside the working directory. */
async function compileGroup(group: SpecGroup, format: string, root: string, env: Env): Promise<GroupRun> {
  const outputDir = tempDir();
  const run = await runCliAsync([...group.files, '--format', format, '--output-dir', outputDir, '--json'], {
    cwd: root,
    env: { ...BASE_ENV, ...env },
  });
  const envelope = JSON.parse(run.stdout) as { data: { files: Array<{ path: string; exitCode: number; reportFile: string }> } };
  const files = new Map(
    envelope.data.files.map((entry) => [entry.path, { exitCode: entry.exitCode, report: readFileSync(entry.reportFile, 'utf8') }]),
  );
  return { status: run.status, stderr: run.stderr, files };
}

type Variants = Array<[string, GroupRun]>;

/** Every environment's run of a group in one format, the baseline first; started once, shared by the group's tests. */
const variantRuns = new Map<string, Promise<Variants>>();

function variantsOf(group: SpecGroup, format: string): Promise<Variants> {
  const key = `${group.roots[0]} ${format}`;
  let runs = variantRuns.get(key);
  if (runs === undefined) {
    const [home, elsewhere] = group.roots;
    const labelled: Array<[string, Promise<GroupRun>]> = [
      ['baseline (TZ=UTC, LC_ALL=C)', compileGroup(group, format, home, {})],
      ['second run', compileGroup(group, format, home, {})],
      ...VARIANTS.map(([name, env]): [string, Promise<GroupRun>] => [name, compileGroup(group, format, home, env)]),
      ['other working directory', compileGroup(group, format, elsewhere, {})],
    ];
    runs = Promise.all(labelled.map(async ([name, run]): Promise<[string, GroupRun]> => [name, await run]));
    variantRuns.set(key, runs);
  }
  return runs;
}

function expectWellFormed(report: string): void {
  expect(report.length).toBeGreaterThan(0);
  expect(report).not.toContain('\r');
  expect(report.endsWith('\n')).toBe(true);
  expect(report.endsWith('\n\n')).toBe(false);
}

/** Every variant gives the baseline's exit codes, report bytes and stderr bytes. */
async function checkDeterminism(file: SpecFile, expectedStatus?: number): Promise<void> {
  for (const format of FORMATS) {
    const runs = await variantsOf(file.group, format);
    const baseline = runs[0]![1];
    const own = baseline.files.get(file.relativePath);
    expect(own, `${file.relativePath} in ${[...baseline.files.keys()].join(', ')}\n${baseline.stderr}`).toBeDefined();
    if (expectedStatus === undefined) expect([0, 1], baseline.stderr).toContain(own!.exitCode);
    else expect(own!.exitCode, baseline.stderr).toBe(expectedStatus);
    expectWellFormed(own!.report);
    for (const root of file.group.roots) expect(own!.report).not.toContain(root);
    for (const [name, run] of runs) {
      const label = `${format}, ${name}`;
      expect(run.status, label).toBe(baseline.status);
      expect(run.files.get(file.relativePath), label).toEqual(own);
      expect(run.stderr, label).toBe(baseline.stderr);
    }
  }
}

describe('the environment changes what Node sees', () => {
  it('the locale variables change the default ICU locale of a child process', () => {
    const locale = (env: Env) =>
      spawnSync(process.execPath, ['-e', 'process.stdout.write(Intl.DateTimeFormat().resolvedOptions().locale)'], {
        encoding: 'utf8',
        env: { ...process.env, ...BASE_ENV, ...env },
      }).stdout;
    const base = locale({});
    expect(locale({ LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' })).not.toBe(base);
    expect(locale({ LANG: 'ja_JP.UTF-8', LC_ALL: 'ja_JP.UTF-8' })).not.toBe(base);
  });
});

describe('byte-identical output across time zones, locales, working directories and runs', { timeout: 120_000 }, () => {
  it('a passing JSON spec with Turkish, German and CJK text', async () => {
    await checkDeterminism(unicodeJson, 0);
    const report = JSON.parse((await compile(unicodeJson, 'json', unicodeJson.group.roots[0])).stdout);
    expect(report.input.path).toBe('specs/ödeme/İstanbul-東京.json');
    expect(report.summary.goal).toBe(unicodeSpec().goal);
  });

  it('a passing YAML spec with Turkish, German and CJK text', async () => {
    await checkDeterminism(unicodeYaml, 0);
  });

  it('a failing spec whose diagnostics quote non-ASCII values', async () => {
    await checkDeterminism(failingJson, 1);
    const run = await compile(failingJson, 'json', failingJson.group.roots[0]);
    expect(JSON.parse(run.stdout).diagnostics.length).toBeGreaterThan(3);
    expect(run.stderr).toContain('[CÓDİGO]');
  });

  it('a failing YAML spec with CRLF line endings still renders LF only', async () => {
    await checkDeterminism(failingCrlfYaml, 1);
  });

  it.each(fixtures.files)('fixture %s', async (relativePath) => {
    await checkDeterminism({ group: fixtures, relativePath });
  });
});
