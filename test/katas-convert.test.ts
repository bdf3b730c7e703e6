import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { globMatcher } from '../src/common/glob-pattern.js';
import { jsonText } from '../src/common/json-text.js';
import { createCompiler } from '../src/compile.js';
import { katasToSpec } from '../src/convert/katas-to-spec.js';
import { baseKatasReport } from '../src/dialects/katas/index.js';
import { expectEnvelope } from './support/contract.js';
import { runInProcess } from './support/in-process.js';
import { katasBases, katasReports } from './support/katas-reports.js';
import { DEFAULT_SEED } from './support/properties.js';
import { announceMissing, hasKatasReference, katasReferenceDir } from './support/shared.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('katas-convert');
const compilers = { gate: createCompiler({ preset: 'gate' }), reference: createCompiler({ preset: 'reference' }) };
const passes = (data: unknown, preset: 'gate' | 'reference'): boolean => compilers[preset].compile(JSON.stringify(data)).exitCode === 0;

/** The gate's criteria a spec fails, judged here on the spec the conversion gives, apart from the command. */
function failingCriteria(spec: unknown): string[] {
  const result = compilers.gate.compile(jsonText(spec));
  if (result.report === null) return ['critical-input'];
  return result.report.summary.gate.filter((criterion) => !criterion.passed).map((criterion) => criterion.criterion);
}

/** The largest files budget a spec's reads may have under the gate: past it no spec can hold the report's budget. */
const GATE_MAX_READS = 50;

describe('convert: the spec a katas report describes, judged by the default gate before it is written', () => {
  it('property: a report the katas validator passes converts to a spec the default gate passes, or the command names the criteria it fails first and writes nothing; one the gate passes converts to a spec it passes', {
    timeout: 180_000,
  }, async () => {
    const dir = tempDir();
    const seen = { validated: 0, gatePassed: 0, refused: 0, turned: 0 };
    await fc.assert(
      fc.asyncProperty(katasReports, async (report) => {
        // --preset reference gives the katas validator's verdict (test/katas-reference.test.ts holds it to that).
        fc.pre(passes(report, 'reference'));
        seen.validated++;
        const gatePasses = passes(report, 'gate');
        if (gatePasses) seen.gatePassed++;
        const expected = failingCriteria(katasToSpec(report).spec);
        rmSync(join(dir, 'spec.json'), { force: true });
        writeJson(dir, 'report.json', report);
        const run = await runInProcess(['convert', 'report.json', '--to', 'spec', '--output', 'spec.json'], { cwd: dir });
        if (expected.length === 0) {
          expect(run.status).toBe(0);
          expect(passes(JSON.parse(readFileSync(join(dir, 'spec.json'), 'utf8')), 'gate')).toBe(true);
          if ((katasToSpec(report).spec['hypotheses'] as unknown[]).length > 1) seen.turned++;
        } else {
          seen.refused++;
          expect(run.status).toBe(1);
          expect(existsSync(join(dir, 'spec.json'))).toBe(false);
          const named = [...run.stderr.matchAll(/would fail the default gate on ([a-z-]+) \(/g)].map((match) => match[1]);
          expect(named).toEqual(expected);
        }
        // The only way a report the gate passes yields a spec it fails is a files budget past the gate's reads.
        if (gatePasses && report['budget'].files.limit <= GATE_MAX_READS) expect(expected).toEqual([]);
      }),
      { numRuns: 200, seed: DEFAULT_SEED },
    );
    // The generator reaches every branch: not a property that holds vacuously.
    expect(seen.validated).toBe(200);
    expect(seen.gatePassed).toBeGreaterThan(30);
    expect(seen.refused).toBeGreaterThan(10);
    expect(seen.turned).toBeGreaterThan(10);
  });

  it("each project fixture, and the base report, converts to a spec both gates pass, with a hypothesis for each replan's turn", () => {
    for (const report of katasBases) {
      const { spec } = katasToSpec(report);
      expect(failingCriteria(spec)).toEqual([]);
      expect(passes(spec, 'reference')).toBe(true);
      const hypotheses = spec['hypotheses'] as Array<Record<string, unknown>>;
      expect(hypotheses).toHaveLength(1 + new Set(report['replans'].map((replan: any) => replan.trigger_finding_id)).size);
    }
  });

  it('a finding after a replan is a deep dive of the new hypothesis, which it confirms; the invalidated one is no longer the only one', () => {
    const { spec } = katasToSpec(baseKatasReport());
    expect(spec['hypotheses']).toMatchObject([
      { id: 'H1', status: 'invalidated' },
      { id: 'H2', status: 'confirmed', priority: 2 },
    ]);
    expect(spec['deepDives']).toMatchObject([
      { id: 'D1', hypothesisId: 'H1', effect: 'invalidates' },
      { id: 'D2', hypothesisId: 'H2', effect: 'confirms' },
    ]);
    expect(spec['replanLog']).toMatchObject([{ hypothesisId: 'H1', afterDeepDive: 'D1' }]);
    expect(spec['stopCondition']).toMatchObject({ reason: 'goal_resolved' });
  });

  it('a report that ends on a replan stops goal_unresolved, its new hypothesis open and named in a risk', () => {
    const report: any = baseKatasReport();
    report.findings = report.findings.slice(0, 1);
    report.budget.files.used = 1;
    const { spec } = katasToSpec(report);
    expect(spec['hypotheses']).toMatchObject([{ status: 'invalidated' }, { id: 'H2', status: 'open' }]);
    expect(spec['stopCondition']).toMatchObject({ reason: 'goal_unresolved' });
    expect((spec['risks'] as string[]).some((risk) => risk.startsWith('H2 was not settled'))).toBe(true);
    expect(failingCriteria(spec)).toEqual([]);
  });

  it('two replans after one finding are one turn: one new hypothesis and one replan of H1', () => {
    const report: any = baseKatasReport();
    report.replans.push({ ...report.replans[0], new_plan_order: [...report.replans[0].new_plan_order].reverse() });
    const { spec } = katasToSpec(report);
    expect(spec['hypotheses']).toHaveLength(2);
    expect(spec['replanLog']).toHaveLength(1);
    expect(failingCriteria(spec)).toEqual([]);
  });

  it('a map entry holds only the candidates its scan can be tied to, and says how it knows', () => {
    const { spec } = katasToSpec(baseKatasReport());
    // One Glob matches every candidate: the two Greps cannot be tied to any, and are kept aside.
    expect(spec['surfaceMap']).toEqual([
      expect.objectContaining({
        id: 'M1',
        tool: 'Glob',
        'x-surfaced': 'matched',
        candidateNodes: (baseKatasReport() as any).topology.candidates,
      }),
    ]);
    expect((spec['x-katas'] as any).unlisted_mapping.map((scan: any) => scan.pattern)).toEqual(['Retry|Backoff|WriteBatch', 'SaveCursor']);
    const flag = katasToSpec(katasBases[1] as any).spec['surfaceMap'] as Array<Record<string, unknown>>;
    expect(flag.map((entry) => [entry['id'], entry['x-surfaced'], (entry['candidateNodes'] as string[]).length])).toEqual([
      ['M1', 'matched', 2],
      ['M2', 'inferred', 1],
      ['M3', 'matched', 1],
    ]);
    const twoGreps: any = structuredClone(katasBases[1]);
    twoGreps.topology.cheap_mapping.push({ tool: 'Grep', pattern: 'RemoteFlags', result_count: 1, evidence_tag: '[CÓDIGO]' });
    const unknown = katasToSpec(twoGreps).spec['surfaceMap'] as Array<Record<string, unknown>>;
    expect(unknown.filter((entry) => entry['x-surfaced'] === 'unknown').map((entry) => entry['id'])).toEqual(['M2', 'M4']);
    expect(String(unknown[1]?.['evidence'])).toContain('the report does not say which candidates it surfaced');
  });

  it('a Glob too costly to match against the candidates is not matched, and holds what no Glob matched', () => {
    const report: any = baseKatasReport();
    const long = Array.from({ length: 50 }, (_, index) => `services/billing/export/${'deep/'.repeat(200)}file${index}.go`);
    report.topology.candidates.push(...long);
    report.topology.cheap_mapping[0].pattern = `${'*/'.repeat(30_000)}*.go`;
    const map = katasToSpec(report).spec['surfaceMap'] as Array<Record<string, unknown>>;
    expect(map.map((entry) => entry['x-surfaced'])).toEqual(['unknown', 'unknown', 'unknown']);
    expect(map[0]?.['candidateNodes']).toHaveLength(53);
  });

  it('the glob matcher: segments, globstars, classes, braces, escapes, and no backtracking on a hostile pattern', () => {
    const cases: Array<[string, string, boolean]> = [
      ['src/**/*.py', 'src/a/b/c.py', true],
      ['src/**/*.py', 'src/c.py', true],
      ['src/*.py', 'src/a/c.py', false],
      ['**', 'a/b', true],
      ['a/**', 'a/b/c', true],
      ['*.md', 'README.md', true],
      ['*.md', 'docs/x.md', false],
      ['file?.txt', 'file1.txt', true],
      ['file?.txt', 'file/.txt', false],
      ['[a-c]x', 'bx', true],
      ['[!a-c]x', 'bx', false],
      ['{src,lib}/**/*.{ts,js}', 'lib/x/y.js', true],
      ['{src,lib}/**/*.{ts,js}', 'bin/y.js', false],
      ['\\*.md', '*.md', true],
      ['\\*.md', 'a.md', false],
      ['./src/*.go', 'src/a.go', true],
    ];
    for (const [pattern, path, expected] of cases) expect(globMatcher(pattern)?.(path), `${pattern} on ${path}`).toBe(expected);
    expect(globMatcher('{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}')).toBeUndefined();
    const hostile = globMatcher(`${'*a'.repeat(2_000)}b`);
    expect(hostile?.('a'.repeat(4_000))).toBe(false);
  });

  it('convert refuses, naming the criterion, a report whose files budget no spec can hold; --allow-failing writes it', async () => {
    const dir = tempDir();
    const report: any = baseKatasReport();
    report.budget.files.limit = 60;
    writeJson(dir, 'wide.json', report);
    const refused: any = expectEnvelope(
      await runInProcess(['convert', 'wide.json', '--to', 'spec', '--output', 'spec.json', '--json'], { cwd: dir }),
      {
        command: 'convert',
        exit: 1,
        code: 'GATE_FAILED',
        subcode: 'CONVERSION_FAILS',
      },
    );
    expect(refused.data).toMatchObject({ spec: null, written: false, gate: { verdict: 'fail', failing: [{ criterion: 'hard-budget' }] } });
    expect(refused.data.gate.failing[0].diagnostics[0].ruleId).toBe('budget-limit');
    expect(readdirSync(dir)).toEqual(['wide.json']);
    const written = await runInProcess(['convert', 'wide.json', '--to', 'spec', '--output', 'spec.json', '--allow-failing'], { cwd: dir });
    expect(written.status).toBe(0);
    expect(written.stderr).toContain('would fail the default gate on hard-budget');
    expect(JSON.parse(readFileSync(join(dir, 'spec.json'), 'utf8')).budget.total).toBe(60);
  });
});

if (!hasKatasReference) announceMissing('the conversion of the katas validator fixtures', katasReferenceDir);

describe.skipIf(!hasKatasReference)('convert on the katas validator fixtures', () => {
  it('each fixture the validator passes converts to a spec the default gate passes', () => {
    const dir = join(katasReferenceDir, 'fixtures');
    const valid = readdirSync(dir).filter((name) => name.startsWith('valid-'));
    expect(valid.length).toBeGreaterThan(0);
    for (const name of valid)
      expect(failingCriteria(katasToSpec(JSON.parse(readFileSync(join(dir, name), 'utf8'))).spec), name).toEqual([]);
  });
});
