import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { type CliRun, cliPath, projectRoot } from './support/cli.js';
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

interface SpecFile {
  /** Path relative to the working directory, the same in every layout. */
  relativePath: string;
  /** Working directories that hold the file at relativePath, with identical bytes. */
  roots: [string, string];
}

function writeSpec(relativePath: string, content: string): SpecFile {
  const roots: [string, string] = [tempDir(), tempDir()];
  for (const root of roots) {
    mkdirSync(dirname(join(root, relativePath)), { recursive: true });
    writeFileSync(join(root, relativePath), content);
  }
  return { relativePath, roots };
}

/** A fixture runs from the project root, and from a copy with the same layout elsewhere. */
function fixtureSpec(relativePath: string): SpecFile {
  const copy = tempDir();
  mkdirSync(dirname(join(copy, relativePath)), { recursive: true });
  copyFileSync(join(projectRoot, relativePath), join(copy, relativePath));
  return { relativePath, roots: [projectRoot, copy] };
}

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

/**
 * Like runCli, but asynchronous, so that the many runs of one check overlap. Bytes are decoded
 * only after the process ends, so a multi-byte character split across chunks cannot change them.
 */
function runCliAsync(args: string[], cwd: string, env: Env): Promise<CliRun> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [cliPath, ...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', reject);
    child.on('close', (status) => {
      resolvePromise({ status, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') });
    });
  });
}

function compile(file: SpecFile, format: string, root: string, env: Env = {}): Promise<CliRun> {
  return runCliAsync([file.relativePath, '--format', format], root, { ...BASE_ENV, ...env });
}

function expectWellFormed(run: CliRun): void {
  expect(run.stdout.length).toBeGreaterThan(0);
  expect(run.stdout).not.toContain('\r');
  expect(run.stdout.endsWith('\n')).toBe(true);
  expect(run.stdout.endsWith('\n\n')).toBe(false);
}

/** Every variant gives the baseline's exit code, stdout and stderr, byte for byte. */
async function checkDeterminism(file: SpecFile, expectedStatus?: number): Promise<void> {
  const [home, elsewhere] = file.roots;
  for (const format of FORMATS) {
    const variants: Array<[string, Promise<CliRun>]> = [
      ['baseline (TZ=UTC, LC_ALL=C)', compile(file, format, home)],
      ['second run', compile(file, format, home)],
      ...VARIANTS.map(([name, env]): [string, Promise<CliRun>] => [name, compile(file, format, home, env)]),
      ['other working directory', compile(file, format, elsewhere)],
    ];
    const runs = await Promise.all(variants.map(([, run]) => run));
    const baseline = runs[0]!;
    if (expectedStatus === undefined) expect([0, 1], baseline.stderr).toContain(baseline.status);
    else expect(baseline.status, baseline.stderr).toBe(expectedStatus);
    expectWellFormed(baseline);
    for (const root of file.roots) expect(baseline.stdout).not.toContain(root);
    runs.forEach((run, index) => {
      const label = `${format}, ${variants[index]![0]}`;
      expect(run.status, label).toBe(baseline.status);
      expect(run.stdout, label).toBe(baseline.stdout);
      expect(run.stderr, label).toBe(baseline.stderr);
    });
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
    const file = writeSpec('specs/ödeme/İstanbul-東京.json', `${JSON.stringify(unicodeSpec(), null, 2)}\n`);
    await checkDeterminism(file, 0);
    const report = JSON.parse((await compile(file, 'json', file.roots[0])).stdout);
    expect(report.input.path).toBe('specs/ödeme/İstanbul-東京.json');
    expect(report.summary.goal).toBe(unicodeSpec().goal);
  });

  it('a passing YAML spec with Turkish, German and CJK text', async () => {
    await checkDeterminism(writeSpec('investigations/straße/spec.yaml', toYaml(unicodeSpec())), 0);
  });

  it('a failing spec whose diagnostics quote non-ASCII values', async () => {
    const file = writeSpec('specs/fail/ıİ.json', `${JSON.stringify(failingUnicodeSpec(), null, 2)}\n`);
    await checkDeterminism(file, 1);
    const run = await compile(file, 'json', file.roots[0]);
    expect(JSON.parse(run.stdout).diagnostics.length).toBeGreaterThan(3);
    expect(run.stderr).toContain('[CÓDİGO]');
  });

  it('a failing YAML spec with CRLF line endings still renders LF only', async () => {
    const text = toYaml(failingUnicodeSpec()).replace(/\n/g, '\r\n');
    await checkDeterminism(writeSpec('specs/crlf.yml', text), 1);
  });

  it.each(fixtureFiles())('fixture %s', async (relativePath) => {
    await checkDeterminism(fixtureSpec(relativePath));
  });
});
