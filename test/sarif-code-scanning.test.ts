import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../src/compile.js';
import type { Diagnostic } from '../src/diagnostics/diagnostic.js';
import { DEFAULT_SARIF_CATEGORY, FINGERPRINT_KEY, formatSarif, sarifLimits } from '../src/render/sarif.js';
import type { FileOutcome } from '../src/report/outcome.js';
import { rules } from '../src/rules/catalog.js';
import { toolInfo } from '../src/tool.js';
import { projectRoot } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
import { judgedOutcome } from './support/outcomes.js';
import { sarifValidator } from './support/sarif.js';
import { gateFailingSpec, validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('sarif-scanning');

interface Result {
  ruleId: string;
  level: string;
  partialFingerprints: Record<string, string>;
  locations: Array<{ physicalLocation: { region?: { startLine: number } } }>;
}

async function sarifOf(dir: string, args: string[]): Promise<{ log: any; status: number; stderr: string }> {
  const run = await runInProcess([...args, '--format', 'sarif'], { cwd: dir });
  const log = JSON.parse(run.stdout);
  expect(sarifValidator()(log), JSON.stringify(sarifValidator().errors)).toBe(true);
  return { log, status: run.status, stderr: run.stderr };
}

/** Each kept result's fingerprint is the one the same problem has in the log with nothing cut. */
function expectFingerprintsOfUncut(files: FileOutcome[], kept: Result[]): void {
  const uncut = JSON.parse(formatSarif(files, context)).runs[0].results as Array<Result & { message: { text: string } }>;
  const byMessage = new Map(uncut.map((result) => [result.message.text, result.partialFingerprints]));
  for (const result of kept as Array<Result & { message: { text: string } }>) {
    expect(result.partialFingerprints).toEqual(byMessage.get(result.message.text));
  }
}

const settings = createCompiler().settings;
const context = { tool: toolInfo, rules, settings };

describe('SARIF that code scanning tracks across commits', () => {
  it('fingerprints each result by rule, file and JSON Pointer: lines moved by an unrelated edit keep them', async () => {
    const dir = tempDir();
    const spec = gateFailingSpec();
    spec.deepDives[1].tool = 'WebFetch';
    writeJson(dir, 'spec.json', spec);
    const before = (await sarifOf(dir, ['spec.json'])).log.runs[0].results as Result[];
    // Twenty lines of an unrelated change above the problems: every line number moves.
    writeFileSync(
      join(dir, 'spec.json'),
      JSON.stringify(
        {
          ...spec,
          risks: [
            ...spec.risks,
            ...Array.from({ length: 20 }, (_, index) => `Coverage note ${index + 1}: the reports folder was not mapped.`),
          ],
        },
        null,
        2,
      ).replace('{\n', `{${'\n'.repeat(20)}`),
    );
    const after = (await sarifOf(dir, ['spec.json'])).log.runs[0].results as Result[];
    expect(after.map((result) => result.locations[0]?.physicalLocation.region?.startLine)).not.toEqual(
      before.map((result) => result.locations[0]?.physicalLocation.region?.startLine),
    );
    expect(after.map((result) => result.partialFingerprints)).toEqual(before.map((result) => result.partialFingerprints));
    const prints = before.map((result) => result.partialFingerprints[FINGERPRINT_KEY]);
    expect(new Set(prints).size).toBe(2);
    for (const print of prints) expect(print).toMatch(/^[0-9a-f]{32}$/);
  });

  it('gives two problems of one rule at one place two fingerprints, and another file others', () => {
    const at = (path: string): Diagnostic => ({ ruleId: 'schema', severity: 'error', message: 'm', path });
    const log = JSON.parse(
      formatSarif([judgedOutcome('a.json', [at('/goal'), at('/goal')]), judgedOutcome('b.json', [at('/goal')])], context),
    );
    const prints = log.runs[0].results.map((result: Result) => result.partialFingerprints[FINGERPRINT_KEY]);
    expect(new Set(prints).size).toBe(3);
  });

  it('links every rule to its page under docs/rules, names the tool home, and has the version and category', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    // No base URL given: no link to a host that may not exist, and no file:// path of this machine.
    const unlinked = await sarifOf(dir, ['spec.json']);
    expect(unlinked.log.runs[0].tool.driver.informationUri).toBeUndefined();
    expect(unlinked.log.runs[0].tool.driver.rules.filter((rule: { helpUri?: string }) => rule.helpUri !== undefined)).toEqual([]);
    expect(JSON.stringify(unlinked.log)).not.toContain('file:');
    const base = 'https://docs.example.com/compile-investigation/docs/rules/';
    const { log } = await sarifOf(dir, ['spec.json', '--rule-docs-base-url', base]);
    const { driver } = log.runs[0].tool;
    expect(driver.informationUri).toBe(base);
    expect(driver.semanticVersion).toBe(toolInfo.version);
    for (const descriptor of driver.rules) {
      expect(descriptor.helpUri, descriptor.id).toBe(`${base}${descriptor.id}.md`);
      // The page exists in docs/rules/, which the package ships: publish it under the base.
      expect(existsSync(join(projectRoot, 'docs', 'rules', `${descriptor.id}.md`)), descriptor.id).toBe(true);
    }
    expect(log.runs[0].automationDetails).toEqual({ id: DEFAULT_SARIF_CATEGORY });
    const named = await sarifOf(dir, ['spec.json', '--sarif-category', 'specs/gate']);
    expect(named.log.runs[0].automationDetails).toEqual({ id: 'specs/gate/' });
    const slashed = await sarifOf(dir, ['spec.json', '--sarif-category', 'gate-2/']);
    expect(slashed.log.runs[0].automationDetails).toEqual({ id: 'gate-2/' });
  });

  it('links the rules under ruleDocsBaseUrl of the configuration, and --rule-docs-base-url over it; a URL that cannot be one is refused', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeJson(dir, 'investigation.config.json', { ruleDocsBaseUrl: 'https://docs.example.com/gate/rules/' });
    const configured = await sarifOf(dir, ['spec.json']);
    const urls = (log: any) => log.runs[0].tool.driver.rules.map((rule: { helpUri: string }) => rule.helpUri);
    expect(configured.log.runs[0].tool.driver.informationUri).toBe('https://docs.example.com/gate/rules/');
    expect(urls(configured.log)).toContain('https://docs.example.com/gate/rules/dive-grounded.md');
    const flagged = await sarifOf(dir, ['spec.json', '--rule-docs-base-url', 'https://intranet.example/ci/']);
    expect(urls(flagged.log).every((url: string) => url.startsWith('https://intranet.example/ci/'))).toBe(true);
    const refused = await runInProcess(['spec.json', '--format', 'sarif', '--rule-docs-base-url', 'docs/rules'], { cwd: dir });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('--rule-docs-base-url "docs/rules" must be an absolute URL ending in "/"');
    writeJson(dir, 'investigation.config.json', { ruleDocsBaseUrl: 'https://docs.example.com/no-slash' });
    const bad = await runInProcess(['spec.json', '--format', 'sarif'], { cwd: dir });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('ruleDocsBaseUrl "https://docs.example.com/no-slash" must be an absolute URL ending in "/"');
  });

  it('records the exit code, and an unreadable file as an unsuccessful execution with a notification', async () => {
    const dir = tempDir();
    writeJson(dir, 'fail.json', gateFailingSpec());
    const failing = await sarifOf(dir, ['fail.json']);
    expect(failing.log.runs[0].invocations).toEqual([{ executionSuccessful: true, exitCode: 1 }]);
    writeFileSync(join(dir, 'broken.json'), '{"goal": ');
    const broken = await sarifOf(dir, ['fail.json', 'broken.json']);
    const [invocation] = broken.log.runs[0].invocations;
    expect(invocation).toMatchObject({ executionSuccessful: false, exitCode: 3 });
    expect(invocation.toolExecutionNotifications[0].message.text).toContain('1 of 2 files could not be read or parsed');
  });

  it(`keeps at most ${sarifLimits.results.toLocaleString('en-US')} results, errors first, and says it cut`, () => {
    const diagnostics = (severity: 'error' | 'warning', count: number): Diagnostic[] =>
      Array.from({ length: count }, (_, index) => ({ ruleId: 'schema', severity, message: `${severity} ${index}`, path: `/x/${index}` }));
    // Warnings first in the files, so that file order alone would keep the wrong ones.
    const files = [judgedOutcome('warn.json', diagnostics('warning', 5)), judgedOutcome('err.json', diagnostics('error', 8))];
    const notes: string[] = [];
    const log = JSON.parse(formatSarif(files, { ...context, notes, limits: { results: 10, gzippedBytes: sarifLimits.gzippedBytes } }));
    const results = log.runs[0].results as Result[];
    expect(results).toHaveLength(10);
    expect(results.filter((result) => result.level === 'error')).toHaveLength(8);
    expect(results.map((result) => result.level)).toEqual([...Array(2).fill('warning'), ...Array(8).fill('error')]);
    expect(notes).toEqual([expect.stringContaining('the SARIF log lists 10 of 13 results, the most severe first')]);
    expect(log.runs[0].invocations[0].toolExecutionNotifications[0].message.text).toBe(notes[0]);
    expectFingerprintsOfUncut(files, results);
    expect(sarifValidator()(log)).toBe(true);
  });

  it('stays under a size limit measured gzipped, cutting results until it fits', () => {
    // Messages that gzip poorly (distinct hexadecimal), so that the compressed size grows with the results.
    const diagnostics: Diagnostic[] = Array.from({ length: 400 }, (_, index) => ({
      ruleId: 'schema',
      severity: 'error',
      message: Buffer.from(String(index * 7919).repeat(40)).toString('base64'),
      path: `/x/${index}`,
    }));
    const notes: string[] = [];
    const limits = { results: sarifLimits.results, gzippedBytes: 20_000 };
    const text = formatSarif([judgedOutcome('big.json', diagnostics)], { ...context, notes, limits });
    expect(gzipSync(text).length).toBeLessThanOrEqual(limits.gzippedBytes);
    const results = JSON.parse(text).runs[0].results as Result[];
    const kept = results.length;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThan(400);
    expect(notes[0]).toContain(`lists ${kept} of 400 results`);
    expectFingerprintsOfUncut([judgedOutcome('big.json', diagnostics)], results);
  });
});
