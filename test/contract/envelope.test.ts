import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../src/rules/catalog.js';
import { type CliRun, projectRoot, runHermetic } from '../support/cli.js';
import { type Envelope, type Expected, expectEnvelope } from '../support/contract.js';
import { runBuiltInProcess as runBuilt } from '../support/in-process.js';
import { gateFailingSpec, validSpec, warningOnlySpec } from '../support/specs.js';
import { useTempDirs, writeJson, writeYaml } from '../support/temp.js';

/**
 * The `--json` envelope of every outcome, through the built CLI: one scenario per command, error
 * code and subcode, each validated against the envelope schema that `schema` prints.
 */

const tempDir = useTempDirs('contract');

interface Scenario {
  name: string;
  /** Prepares the temporary working folder and returns the arguments. */
  setup: (dir: string) => string[];
  input?: string;
  expected: Expected;
  check?: (envelope: Envelope, result: CliRun, dir: string) => void;
}

const scenarios: Scenario[] = [
  // --help and --version keep the contract too.
  {
    name: '--help --json holds the help text',
    setup: () => ['--help', '--json'],
    expected: { command: 'help', exit: 0, code: null },
    check: (envelope) => expect(String(envelope.data['help'])).toContain('Usage: compile-investigation'),
  },
  {
    name: 'explain --help --json holds the command help',
    setup: () => ['explain', '--help', '--json'],
    expected: { command: 'help', exit: 0, code: null },
    check: (envelope) => expect(String(envelope.data['help'])).toContain('explain [options] <ruleId>'),
  },
  {
    name: '--version --json holds the version',
    setup: () => ['--version', '--json'],
    expected: { command: 'version', exit: 0, code: null },
    check: (envelope) => expect(envelope.data['version']).toMatch(/^\d+\.\d+\.\d+/),
  },
  // Success.
  {
    name: 'success, one file, Markdown rendered into data',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--json']),
    expected: { command: 'compile', exit: 0, code: null },
    check: (envelope, result) => {
      expect(envelope.data['files']).toHaveLength(1);
      const file = envelope.data['files'][0];
      expect(file).toMatchObject({ path: 'spec.json', exitCode: 0, verdict: 'pass', diagnostics: [], error: null });
      expect(file.report.verdict).toBe('pass');
      expect(envelope.data['rendered']).toMatch(/^# Adaptive Investigation Report: /);
      expect(envelope.data['summary']).toEqual({ files: 1, passed: 1, failed: 0, errors: 0, warnings: 0, suppressed: 0, exitCode: 0 });
      expect(result.stderr).toBe('');
    },
  },
  {
    name: 'success, --format json (the report lives in data.files[0].report)',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--format', 'json', '--json']),
    expected: { command: 'compile', exit: 0, code: null },
    check: (envelope) => {
      expect(envelope.data['files'][0].report.input.path).toBe('spec.json');
      expect(envelope.data).not.toHaveProperty('rendered');
    },
  },
  {
    name: 'success, from standard input',
    setup: () => ['-', '--json'],
    input: JSON.stringify(validSpec()),
    expected: { command: 'compile', exit: 0, code: null },
    check: (envelope) => expect(envelope.data['files'][0].path).toBe('<stdin>'),
  },
  {
    name: 'success, --output writes the report and the envelope names it',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--output', 'report.md', '--json']),
    expected: { command: 'compile', exit: 0, code: null },
    check: (envelope, _result, dir) => {
      expect(envelope.data['output']).toBe('report.md');
      expect(readFileSync(join(dir, 'report.md'), 'utf8')).toMatch(/^# Adaptive Investigation Report: /);
    },
  },
  {
    name: 'success, several files with --output-dir',
    setup: (dir) => {
      writeJson(dir, 'a.json', validSpec());
      writeYaml(dir, 'b.yaml', validSpec());
      mkdirSync(join(dir, 'out'));
      return ['a.json', 'b.yaml', '--output-dir', 'out', '--format', 'json', '--json'];
    },
    expected: { command: 'compile', exit: 0, code: null },
    check: (envelope, _result, dir) => {
      expect(envelope.data['files'].map((file: { reportFile: string }) => file.reportFile)).toEqual([
        'out/a.report.json',
        'out/b.report.json',
      ]);
      expect(readdirSync(join(dir, 'out')).sort()).toEqual(['a.report.json', 'b.report.json']);
    },
  },
  {
    name: 'success with warnings (warnings alone do not fail the gate)',
    setup: (dir) => (writeJson(dir, 'spec.json', warningOnlySpec()), ['spec.json', '--json']),
    expected: { command: 'compile', exit: 0, code: null },
    check: (envelope) => {
      expect(envelope.data['files'][0].diagnostics).toContainEqual(
        expect.objectContaining({ ruleId: 'unknown-field', severity: 'warning' }),
      );
      expect(envelope.data['summary'].warnings).toBeGreaterThan(0);
    },
  },
  // Gate failure.
  {
    name: 'gate failure (errors)',
    setup: (dir) => (writeJson(dir, 'spec.json', gateFailingSpec()), ['spec.json', '--json']),
    expected: { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'ERRORS' },
    check: (envelope, result) => {
      const file = envelope.data['files'][0];
      expect(file.verdict).toBe('fail');
      expect(file.report.verdict).toBe('fail');
      expect(file.diagnostics).toContainEqual(
        expect.objectContaining({ ruleId: 'dive-selective', severity: 'error', path: '/deepDives/0/tool' }),
      );
      expect(result.stderr).toMatch(/^spec\.json:\d+:\d+: error dive-selective /m);
    },
  },
  {
    name: 'gate failure on warnings with --fail-on warning',
    setup: (dir) => (writeJson(dir, 'spec.json', warningOnlySpec()), ['spec.json', '--fail-on', 'warning', '--json']),
    expected: { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'WARNINGS' },
    check: (envelope) => expect(envelope.data['files'][0]).toMatchObject({ exitCode: 1, verdict: 'fail' }),
  },
  {
    name: 'gate failure with errors stays ERRORS under --fail-on warning',
    setup: (dir) => (writeJson(dir, 'spec.json', gateFailingSpec()), ['spec.json', '--fail-on', 'warning', '--json']),
    expected: { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'ERRORS' },
  },
  // Usage errors.
  {
    name: 'unknown option',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--bogus', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'UNKNOWN_OPTION' },
    check: (envelope) => expect(envelope.error?.message).toContain('--bogus'),
  },
  {
    name: 'bad --format value',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--format', 'pdf', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' },
    check: (envelope) => expect(envelope.error?.message).toContain('pdf'),
  },
  {
    name: 'bad --fail-on value',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--fail-on', 'info', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' },
  },
  {
    name: 'bad --max-bytes value',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--max-bytes', 'abc', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' },
    check: (envelope) => expect(envelope.error?.message).toContain('abc'),
  },
  {
    name: 'unknown --preset value',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--preset', 'nope', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR' },
    check: (envelope) => expect(envelope.error?.message).toContain('nope'),
  },
  {
    name: 'no input',
    setup: () => ['--json'],
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'NO_INPUT' },
  },
  {
    name: 'explicit compile without input',
    setup: () => ['compile', '--json'],
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'NO_INPUT' },
  },
  {
    name: 'a glob that matches nothing',
    setup: () => ['nothing-*.json', '--json'],
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'NO_INPUT' },
  },
  {
    name: 'a folder without specs',
    setup: (dir) => (mkdirSync(join(dir, 'empty')), ['empty', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'NO_INPUT' },
  },
  {
    name: 'an unknown command word is taken as an input file of the default command',
    setup: () => ['frobnicate', '--json'],
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_FOUND' },
    check: (envelope) => expect(envelope.data['files'][0].path).toBe('frobnicate'),
  },
  {
    name: 'an unknown option of the schema command',
    setup: () => ['schema', '--bogus', '--json'],
    expected: { command: 'schema', exit: 2, code: 'USAGE_ERROR', subcode: 'UNKNOWN_OPTION' },
  },
  {
    name: 'an extra argument to the rules command',
    setup: () => ['rules', 'extra', '--json'],
    expected: { command: 'rules', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' },
  },
  {
    name: 'explain without a rule id',
    setup: () => ['explain', '--json'],
    expected: { command: 'explain', exit: 2, code: 'USAGE_ERROR', subcode: 'MISSING_ARGUMENT' },
  },
  {
    name: 'explain of an unknown rule',
    setup: () => ['explain', 'no-such-rule', '--json'],
    expected: { command: 'explain', exit: 2, code: 'USAGE_ERROR', subcode: 'UNKNOWN_RULE' },
    check: (envelope) => expect(envelope.error?.message).toContain('no-such-rule'),
  },
  {
    name: 'test without a folder',
    setup: () => ['test', '--json'],
    expected: { command: 'test', exit: 2, code: 'USAGE_ERROR', subcode: 'MISSING_ARGUMENT' },
  },
  {
    name: 'test on a missing folder',
    setup: () => ['test', 'no-such-dir', '--json'],
    expected: { command: 'test', exit: 2, code: 'USAGE_ERROR', subcode: 'NO_INPUT' },
    check: (envelope) => expect(envelope.error?.message).toContain('no-such-dir'),
  },
  {
    name: 'test on a folder without fixtures',
    setup: (dir) => (mkdirSync(join(dir, 'empty')), ['test', 'empty', '--json']),
    expected: { command: 'test', exit: 2, code: 'USAGE_ERROR', subcode: 'NO_INPUT' },
  },
  {
    name: 'test on a file that is not a fixture',
    setup: (dir) => (writeFileSync(join(dir, 'notes.txt'), 'notes\n'), ['test', 'notes.txt', '--json']),
    expected: { command: 'test', exit: 2, code: 'USAGE_ERROR', subcode: 'NOT_A_DIRECTORY' },
  },
  ...['4/3', '0/3', 'x/y', '3'].map(
    (shard): Scenario => ({
      name: `test --shard ${shard}`,
      setup: (dir) => (writePassingFixtures(dir, 'fx'), ['test', 'fx', '--shard', shard, '--json']),
      expected: { command: 'test', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_SHARD' },
      check: (envelope) => expect(envelope.error?.message).toContain(shard),
    }),
  ),
  {
    name: 'several inputs with a report format and no --output-dir',
    setup: (dir) => (
      writeJson(dir, 'a.json', validSpec()), writeJson(dir, 'b.json', validSpec()), ['a.json', 'b.json', '--format', 'json', '--json']
    ),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' },
  },
  {
    name: '--output and --output-dir together',
    setup: (dir) => (writeJson(dir, 'a.json', validSpec()), ['a.json', '--output', 'x.md', '--output-dir', 'out', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'CONFLICTING_ARGUMENTS' },
  },
  {
    name: '--output naming the input',
    setup: (dir) => (writeJson(dir, 'a.json', validSpec()), ['a.json', '--output', 'a.json', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'OUTPUT_IS_INPUT' },
  },
  {
    name: '--output into a missing folder',
    setup: (dir) => (writeJson(dir, 'a.json', validSpec()), ['a.json', '--output', 'missing/report.md', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'OUTPUT_NOT_WRITABLE' },
  },
  {
    name: 'a missing --policy file',
    setup: (dir) => (writeJson(dir, 'a.json', validSpec()), ['a.json', '--policy', 'missing-policy.json', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_POLICY' },
  },
  // Input errors.
  {
    name: 'NOT_FOUND',
    setup: () => ['missing.json', '--json'],
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_FOUND' },
  },
  ...(process.platform === 'win32'
    ? []
    : [
        {
          name: 'NOT_A_FILE (a character device)',
          setup: () => ['/dev/null', '--json'],
          expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_A_FILE' },
        } satisfies Scenario,
      ]),
  {
    name: 'JSON_SYNTAX',
    setup: (dir) => (writeFileSync(join(dir, 'broken.json'), '{\n  "goal": "x",\n'), ['broken.json', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'JSON_SYNTAX' },
  },
  {
    name: 'YAML_SYNTAX',
    setup: (dir) => (writeFileSync(join(dir, 'broken.yaml'), 'goal: [\n'), ['broken.yaml', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'YAML_SYNTAX' },
  },
  {
    name: 'YAML_TAG',
    setup: (dir) => (writeFileSync(join(dir, 'tagged.yaml'), 'goal: !custom x\n'), ['tagged.yaml', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'YAML_TAG' },
  },
  {
    name: 'DUPLICATE_KEY (JSON)',
    setup: (dir) => (writeFileSync(join(dir, 'dup.json'), '{"goal": "a", "goal": "b"}\n'), ['dup.json', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'DUPLICATE_KEY' },
  },
  {
    name: 'DUPLICATE_KEY (YAML)',
    setup: (dir) => (writeFileSync(join(dir, 'dup.yaml'), 'goal: a\ngoal: b\n'), ['dup.yaml', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'DUPLICATE_KEY' },
  },
  {
    name: 'NOT_AN_OBJECT (a JSON array)',
    setup: (dir) => (writeFileSync(join(dir, 'list.json'), '[1, 2]\n'), ['list.json', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_AN_OBJECT' },
  },
  {
    name: 'NOT_AN_OBJECT (a YAML scalar)',
    setup: (dir) => (writeFileSync(join(dir, 'scalar.yaml'), 'just a string\n'), ['scalar.yaml', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_AN_OBJECT' },
  },
  {
    name: 'ENCODING',
    setup: (dir) => (
      writeFileSync(join(dir, 'latin1.json'), Buffer.from([0x7b, 0x22, 0x67, 0xff, 0xfe, 0x22, 0x7d])), ['latin1.json', '--json']
    ),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'ENCODING' },
  },
  {
    name: 'TOO_LARGE with --max-bytes',
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--max-bytes', '100', '--json']),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'TOO_LARGE' },
  },
  {
    name: 'TOO_LARGE from standard input',
    setup: () => ['-', '--max-bytes', '100', '--json'],
    input: JSON.stringify(validSpec()),
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'TOO_LARGE' },
  },
  // Critical input.
  {
    name: 'MISSING_GOAL',
    setup: (dir) => {
      const spec = validSpec();
      delete spec.goal;
      return (writeJson(dir, 'spec.json', spec), ['spec.json', '--json']);
    },
    expected: { command: 'compile', exit: 4, code: 'CRITICAL_INPUT', subcode: 'MISSING_GOAL' },
  },
  {
    name: 'MISSING_GOAL (blank)',
    setup: (dir) => {
      const spec = validSpec();
      spec.goal = '   ';
      return (writeJson(dir, 'spec.json', spec), ['spec.json', '--json']);
    },
    expected: { command: 'compile', exit: 4, code: 'CRITICAL_INPUT', subcode: 'MISSING_GOAL' },
  },
  {
    name: 'MISSING_BUDGET',
    setup: (dir) => {
      const spec = validSpec();
      delete spec.budget;
      return (writeJson(dir, 'spec.json', spec), ['spec.json', '--json']);
    },
    expected: { command: 'compile', exit: 4, code: 'CRITICAL_INPUT', subcode: 'MISSING_BUDGET' },
  },
  {
    name: 'MISSING_BUDGET_TOTAL',
    setup: (dir) => {
      const spec = validSpec();
      delete spec.budget.total;
      return (writeJson(dir, 'spec.json', spec), ['spec.json', '--json']);
    },
    expected: { command: 'compile', exit: 4, code: 'CRITICAL_INPUT', subcode: 'MISSING_BUDGET_TOTAL' },
  },
  {
    name: 'MISSING_BUDGET_TOTAL (total 0, YAML)',
    setup: (dir) => {
      const spec = validSpec();
      spec.budget.total = 0;
      return (writeYaml(dir, 'spec.yaml', spec), ['spec.yaml', '--format', 'json', '--json']);
    },
    expected: { command: 'compile', exit: 4, code: 'CRITICAL_INPUT', subcode: 'MISSING_BUDGET_TOTAL' },
  },
  // Several files: the worst outcome wins.
  {
    name: 'several files with mixed outcomes report the worst (critical input)',
    setup: (dir) => {
      writeJson(dir, 'a-ok.json', validSpec());
      writeJson(dir, 'b-gate.json', gateFailingSpec());
      writeFileSync(join(dir, 'c-broken.json'), '{');
      const critical = validSpec();
      delete critical.goal;
      writeJson(dir, 'd-critical.json', critical);
      return ['a-ok.json', 'b-gate.json', 'c-broken.json', 'd-critical.json', '--json'];
    },
    expected: { command: 'compile', exit: 4, code: 'CRITICAL_INPUT', subcode: 'MISSING_GOAL' },
    check: (envelope) => {
      expect(envelope.data['files'].map((file: { exitCode: number }) => file.exitCode)).toEqual([0, 1, 3, 4]);
      expect(envelope.data['summary']).toMatchObject({ files: 4, passed: 1, failed: 3, exitCode: 4 });
      expect(envelope.error?.message).toContain('d-critical.json');
      expect(typeof envelope.data['rendered']).toBe('string');
    },
  },
  {
    name: 'several files, an input error beats a gate failure',
    setup: (dir) => {
      writeJson(dir, 'a-gate.json', gateFailingSpec());
      return ['a-gate.json', 'missing.json', '--format', 'sarif', '--json'];
    },
    expected: { command: 'compile', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_FOUND' },
    check: (envelope) => expect(JSON.parse(envelope.data['rendered']).version).toBe('2.1.0'),
  },
  // The other commands.
  {
    name: 'schema --json',
    setup: () => ['schema', '--json'],
    expected: { command: 'schema', exit: 0, code: null },
  },
  {
    name: 'rules --json',
    setup: () => ['rules', '--json'],
    expected: { command: 'rules', exit: 0, code: null },
    check: (envelope) => expect(envelope.data['rules'].map((rule: { id: string }) => rule.id)).toEqual(rules.map((rule) => rule.meta.id)),
  },
  {
    name: 'explain <id> --json',
    setup: () => ['explain', 'dive-selective', '--json'],
    expected: { command: 'explain', exit: 0, code: null },
    check: (envelope) => expect(envelope.data['rule'].id).toBe('dive-selective'),
  },
  {
    name: 'test on a passing fixture folder',
    setup: (dir) => (writePassingFixtures(dir, 'fx'), ['test', 'fx', '--json']),
    expected: { command: 'test', exit: 0, code: null },
    check: (envelope) => {
      expect(envelope.data).toMatchObject({ passed: 2, failed: 0, shard: null, updated: [] });
      expect(envelope.data['fixtures']).toEqual([
        { path: 'fx/a.json', passed: true, problems: [] },
        { path: 'fx/b.yaml', passed: true, problems: [] },
      ]);
    },
  },
  {
    name: 'test on a passing fixture folder, one shard',
    setup: (dir) => (writePassingFixtures(dir, 'fx'), ['test', 'fx', '--shard', '1/2', '--json']),
    expected: { command: 'test', exit: 0, code: null },
    check: (envelope) => expect(envelope.data['shard']).toBe('1/2'),
  },
  {
    name: 'test on a failing fixture folder',
    setup: (dir) => {
      writePassingFixtures(dir, 'fx');
      writeJson(dir, 'fx/c.json', validSpec());
      writeJson(dir, 'fx/c.expect.json', {
        exitCode: 1,
        verdict: 'fail',
        diagnostics: [{ ruleId: 'schema', severity: 'error', path: '/goal' }],
      });
      return ['test', 'fx', '--json'];
    },
    expected: { command: 'test', exit: 1, code: 'GATE_FAILED', subcode: 'FIXTURES_FAILED' },
    check: (envelope) => {
      expect(envelope.data).toMatchObject({ passed: 2, failed: 1 });
      const failed = envelope.data['fixtures'].find((fixture: { path: string }) => fixture.path === 'fx/c.json');
      expect(failed.passed).toBe(false);
      expect(failed.problems.length).toBeGreaterThan(0);
      expect(envelope.error?.message).toContain('fx/c.json');
    },
  },
  {
    name: 'test on a fixture without an expectation',
    setup: (dir) => (writeJson(dir, 'fx/lonely.json', validSpec()), ['test', 'fx', '--json']),
    expected: { command: 'test', exit: 1, code: 'GATE_FAILED', subcode: 'FIXTURES_FAILED' },
  },
  // compare: its document in data, a regression under --fail-on-regression, two folders that cannot be compared.
  {
    name: 'compare, a file that got worse, without --fail-on-regression',
    setup: (dir) => (writeCompareSides(dir), ['compare', 'base', 'head', '--json']),
    expected: { command: 'compare', exit: 0, code: null },
    check: (envelope) => {
      expect(envelope.data['summary']).toMatchObject({ files: 2, worse: 1, passToFail: 1, added: 1 });
      expect(envelope.data['rendered']).toMatch(/^a +pass → fail/);
    },
  },
  {
    name: 'compare --fail-on-regression, a file that got worse',
    setup: (dir) => (writeCompareSides(dir), ['compare', 'base', 'head', '--fail-on-regression', '--format', 'json', '--json']),
    expected: { command: 'compare', exit: 1, code: 'GATE_FAILED', subcode: 'REGRESSION' },
    check: (envelope) => expect(envelope.data).not.toHaveProperty('rendered'),
  },
  {
    name: 'compare, two folders with no file in common',
    setup: (dir) => (
      writeJson(dir, 'base/a.json', validSpec()), writeJson(dir, 'head/b.json', validSpec()), ['compare', 'base', 'head', '--json']
    ),
    expected: { command: 'compare', exit: 2, code: 'USAGE_ERROR', subcode: 'COMPARE_MISMATCH' },
  },
  {
    name: 'compare, a report file that is not a report',
    setup: (dir) => (
      writeJson(dir, 'base/a.report.json', validSpec()), writeJson(dir, 'head/a.json', validSpec()), ['compare', 'base', 'head', '--json']
    ),
    expected: { command: 'compare', exit: 3, code: 'INPUT_ERROR', subcode: 'NOT_A_REPORT' },
  },
  // briefs append: the artifact in data, a brief with errors, a chain it will not build on, a hypothesis id that names no file.
  {
    name: 'briefs append, the next artifact written',
    setup: (dir) => (copyBriefs(dir), [...appendToH2, '--json']),
    expected: { command: 'briefs append', exit: 0, code: null },
    check: (envelope) => expect(envelope.data).toMatchObject({ written: true, path: 'briefs/chain-valid/H2-0003.json', sequence: 3 }),
  },
  {
    name: 'briefs append, a brief with errors is not written',
    setup: (dir) => (
      copyBriefs(dir),
      writeJson(dir, 'brief.json', { formatVersion: 1 }),
      ['briefs', 'append', 'new', '--hypothesis', 'H1', '--from', 'brief.json', '--json']
    ),
    expected: { command: 'briefs append', exit: 1, code: 'GATE_FAILED', subcode: 'ERRORS' },
    check: (envelope) => expect(envelope.data).toMatchObject({ written: false, sha256: null }),
  },
  {
    name: 'briefs append to a forked chain',
    setup: (dir) => (
      copyBriefs(dir), ['briefs', 'append', 'briefs/fork', '--hypothesis', 'H1', '--from', 'briefs/next-brief.yaml', '--json']
    ),
    expected: { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode: 'CHAIN_BROKEN' },
  },
  {
    name: 'briefs append over a name that is taken',
    setup: (dir) => (copyBriefs(dir), mkdirSync(join(dir, 'briefs/chain-valid/H2-0003.json')), [...appendToH2, '--json']),
    expected: { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode: 'ARTIFACT_EXISTS' },
  },
  {
    name: 'briefs append with a hypothesis id that is a path',
    setup: (dir) => (copyBriefs(dir), ['briefs', 'append', 'new', '--hypothesis', '../H1', '--from', 'briefs/next-brief.yaml', '--json']),
    expected: { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_HYPOTHESIS' },
  },
  {
    name: 'briefs append without --from (the envelope names the subcommand)',
    setup: () => ['briefs', 'append', 'new', '--hypothesis', 'H1', '--json'],
    expected: { command: 'briefs append', exit: 2, code: 'USAGE_ERROR', subcode: 'MISSING_ARGUMENT' },
  },
  // stats: the statistics in data (runs of the same task among them), the Markdown beside them; a bad --k.
  {
    name: 'stats, the Markdown rendered into data beside the statistics',
    setup: (dir) => (writeStatsRuns(dir), ['stats', 'runs', '--json']),
    expected: { command: 'stats', exit: 0, code: null },
    check: (envelope) => {
      expect(envelope.data['stats']).toMatchObject({ files: 4, unassigned: 1, kValues: [1, 3, 5] });
      expect(envelope.data['rendered']).toContain('## Runs of the same task');
    },
  },
  {
    name: 'stats --format json --k 2,1: every figure of each task, no rendered text',
    setup: (dir) => (writeStatsRuns(dir), ['stats', 'runs', '--format', 'json', '--k', '2,1', '--json']),
    expected: { command: 'stats', exit: 0, code: null },
    check: (envelope) => {
      expect(envelope.data).not.toHaveProperty('rendered');
      expect(envelope.data['stats'].tasks).toEqual([
        {
          task: 'refund-retry',
          runs: 3,
          passes: 2,
          passRate: 0.6667,
          passAtK: [
            { k: 1, value: 0.6667 },
            { k: 2, value: 1 },
          ],
          passHatK: [
            { k: 1, value: 0.6667 },
            { k: 2, value: 0.3333 },
          ],
          failingRules: [{ ruleId: 'dive-selective', runs: 1 }],
        },
      ]);
    },
  },
  {
    name: 'stats, a --k that is not a list of positive whole numbers',
    setup: (dir) => (writeStatsRuns(dir), ['stats', 'runs', '--k', '1,0', '--json']),
    expected: { command: 'stats', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' },
    check: (envelope) =>
      expect(envelope.error?.message).toBe('--k takes comma-separated positive whole numbers (such as 1,3,5), not "1,0"'),
  },
];

/** H2's next brief in a copy of fixtures/briefs/chain-valid, as the README's example writes it. */
const appendToH2 = ['briefs', 'append', 'briefs/chain-valid', '--hypothesis', 'H2', '--from', 'briefs/next-brief.yaml'];

function copyBriefs(dir: string): void {
  cpSync(join(projectRoot, 'fixtures', 'briefs'), join(dir, 'briefs'), { recursive: true });
}

/** BASE with a passing spec, HEAD with it failing and a spec added. */
function writeCompareSides(dir: string): void {
  writeJson(dir, 'base/a.json', validSpec());
  writeJson(dir, 'head/a.json', gateFailingSpec());
  writeYaml(dir, 'head/b.yaml', validSpec());
}

function writePassingFixtures(dir: string, folder: string): void {
  writeJson(dir, `${folder}/a.json`, validSpec());
  writeJson(dir, `${folder}/a.expect.json`, { exitCode: 0, verdict: 'pass', diagnostics: [] });
  writeYaml(dir, `${folder}/b.yaml`, gateFailingSpec());
  writeJson(dir, `${folder}/b.expect.json`, {
    exitCode: 1,
    verdict: 'fail',
    diagnostics: [{ ruleId: 'dive-selective', severity: 'error', path: '/deepDives/0/tool' }],
  });
}

describe('--json envelope on every outcome', () => {
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', async (_name, scenario) => {
    const dir = tempDir();
    const args = scenario.setup(dir);
    // Standard input needs a real process; every other scenario runs in this one.
    const result =
      scenario.input === undefined ? await runBuilt(args, { cwd: dir }) : runHermetic(args, { cwd: dir, input: scenario.input });
    const envelope = expectEnvelope(result, scenario.expected);
    scenario.check?.(envelope, result, dir);
  });

  it('covers every error code but INTERNAL_ERROR and every exit code but 5 among the scenarios', () => {
    const codes = new Set(scenarios.map((scenario) => scenario.expected.code).filter((code) => typeof code === 'string'));
    expect([...codes].sort()).toEqual(['CRITICAL_INPUT', 'GATE_FAILED', 'INPUT_ERROR', 'USAGE_ERROR']);
    const exits = new Set(scenarios.map((scenario) => scenario.expected.exit));
    expect([...exits].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('without --json, a usage error prints nothing on stdout and a human message on stderr', async () => {
    const dir = tempDir();
    const result = await runBuilt(['explain', 'no-such-rule'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no-such-rule');
  });

  it('with --json, human diagnostics go to stderr only', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    const result = await runBuilt(['spec.json', '--json', '--format', 'text'], { cwd: dir });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'ERRORS' });
    expect(result.stderr).toContain('dive-selective');
    // The text rendering is inside the envelope, never beside it.
    expect(envelope.data['rendered']).toContain('dive-selective');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('spec.json'))).toEqual([]);
  });
});

/** Three runs of the task "refund-retry", one failing, and a spec that cannot be read. */
function writeStatsRuns(dir: string): void {
  writeJson(dir, 'runs/a.json', { ...validSpec(), 'x-task': 'refund-retry' });
  writeJson(dir, 'runs/b.json', { ...gateFailingSpec(), 'x-task': 'refund-retry' });
  writeYaml(dir, 'runs/c.yaml', { ...validSpec(), 'x-task': 'refund-retry' });
  writeFileSync(join(dir, 'runs', 'd.json'), '{"goal": ');
}
