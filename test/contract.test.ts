import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import envelopeSchemaAsset from '../assets/envelope.schema.json' with { type: 'json' };
import investigationSchemaAsset from '../assets/investigation.schema.json' with { type: 'json' };
import gatePreset from '../assets/presets/gate.json' with { type: 'json' };
import referencePreset from '../assets/presets/reference.json' with { type: 'json' };
import { discoverFixtures, displayPath, fixtureStem } from '../src/regression/index.js';
import { rules } from '../src/rules/catalog.js';
import { type CliRun, projectRoot, runCli } from './support/cli.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson, writeYaml } from './support/temp.js';

/**
 * The machine contract, tested through the built CLI only: the `--json` envelope of every outcome,
 * the `schema` command that documents it, configuration precedence, and `rules` / `explain`.
 */

const tempDir = useTempDirs('contract');

// ---------------------------------------------------------------------------------------------
// Helpers

interface EnvelopeError {
  code: string;
  subcode: string | null;
  message: string;
}

interface Envelope {
  schema: string;
  ok: boolean;
  command: string;
  data: Record<string, any>;
  warnings: string[];
  error: EnvelopeError | null;
}

interface ErrorCodeEntry {
  code: string;
  exitCode: number;
  meaning: string;
  subcodes: Array<{ subcode: string; meaning: string }>;
}

interface Contract {
  contractVersion: string;
  envelopeSchema: Record<string, unknown>;
  exitCodes: Array<{ code: number; meaning: string }>;
  errorCodes: ErrorCodeEntry[];
  rules: Array<{ id: string; criterion: string; description: string; rationale: string; severity: Record<string, string> }>;
  inputSchema: unknown;
  policySchema?: unknown;
}

const NO_STACK = /\n\s+at /;

/** Runs the CLI with INVESTIGATION_CONFIG cleared (empty means unset), so the caller's shell never leaks in. */
function run(args: string[], options: { cwd?: string; env?: Record<string, string>; input?: string | Buffer } = {}): CliRun {
  return runCli(args, { ...options, env: { INVESTIGATION_CONFIG: '', ...options.env } });
}

function gateFailingSpec(): Record<string, any> {
  const spec = validSpec();
  spec.deepDives[0].tool = 'WebFetch';
  return spec;
}

/** Only an unknown-field warning: passes the gate unless warnings fail it. */
function warningOnlySpec(): Record<string, any> {
  const spec = validSpec();
  spec.owner = 'platform team';
  return spec;
}

function withoutProvenance(): Record<string, any> {
  const spec = validSpec();
  for (const dive of spec.deepDives) delete dive.provenance;
  return spec;
}

let cachedContract: { contract: Contract; validate: ValidateFunction; exitOf: Map<string, number> } | undefined;

/** The contract as `schema` prints it, with its envelope schema compiled once. */
function contract(): { contract: Contract; validate: ValidateFunction; exitOf: Map<string, number> } {
  if (cachedContract) return cachedContract;
  const result = run(['schema'], { cwd: tempDir() });
  expect(result.status, result.stderr).toBe(0);
  const printed = JSON.parse(result.stdout) as Contract;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(printed.envelopeSchema);
  const exitOf = new Map(printed.errorCodes.map((entry) => [entry.code, entry.exitCode]));
  cachedContract = { contract: printed, validate, exitOf };
  return cachedContract;
}

interface Expected {
  command: string;
  exit?: number;
  code?: string | null;
  subcode?: string | null;
}

/**
 * Checks everything the contract promises about one `--json` run, then the expectations given:
 * stdout is exactly one JSON document (the envelope) and nothing else, it validates against the
 * envelope schema `schema` prints, ok is exit 0, and the error's code has the documented exit code.
 */
function expectEnvelope(result: CliRun, expected: Expected): Envelope {
  const context = `stdout:\n${result.stdout.slice(0, 2000)}\nstderr:\n${result.stderr.slice(0, 2000)}`;
  let envelope: Envelope;
  try {
    envelope = JSON.parse(result.stdout) as Envelope;
  } catch (error) {
    throw new Error(`stdout is not exactly one JSON document (${String(error)})\n${context}`);
  }
  expect(result.stdout.startsWith('{'), context).toBe(true);
  expect(result.stdout.endsWith('}\n'), context).toBe(true);
  expect(typeof envelope === 'object' && envelope !== null && !Array.isArray(envelope), context).toBe(true);
  expect(Object.keys(envelope).sort()).toEqual(['command', 'data', 'error', 'ok', 'schema', 'warnings']);

  const { validate, exitOf, contract: printed } = contract();
  const valid = validate(envelope);
  expect(valid, `envelope does not match the printed envelopeSchema: ${JSON.stringify(validate.errors, null, 2)}\n${context}`).toBe(true);

  expect(envelope.schema).toBe('1');
  expect(envelope.command).toBe(expected.command);
  expect(envelope.ok, context).toBe(result.status === 0);
  expect(Array.isArray(envelope.warnings)).toBe(true);
  for (const warning of envelope.warnings) expect(typeof warning).toBe('string');
  expect(typeof envelope.data === 'object' && envelope.data !== null && !Array.isArray(envelope.data)).toBe(true);

  if (envelope.ok) {
    expect(envelope.error).toBeNull();
  } else {
    expect(envelope.error, context).not.toBeNull();
    const error = envelope.error as EnvelopeError;
    expect(Object.keys(error).sort()).toEqual(['code', 'message', 'subcode']);
    expect(typeof error.message).toBe('string');
    expect(error.message.length).toBeGreaterThan(0);
    expect(exitOf.has(error.code), `undocumented error code ${error.code}`).toBe(true);
    expect(result.status, `exit code of ${error.code}\n${context}`).toBe(exitOf.get(error.code));
    if (error.subcode !== null) {
      const documented = printed.errorCodes.find((entry) => entry.code === error.code)?.subcodes.map((entry) => entry.subcode) ?? [];
      expect(documented, `subcode ${error.subcode} is not documented under ${error.code}`).toContain(error.subcode);
    }
  }

  // Per-file errors in a compile envelope follow the same code ↔ exit code mapping.
  if (envelope.command === 'compile' && Array.isArray(envelope.data['files'])) {
    for (const file of envelope.data['files'] as Array<Record<string, any>>) {
      expect(file['verdict']).toBe(file['exitCode'] === 0 ? 'pass' : 'fail');
      if (file['error'] !== null) expect(file['exitCode']).toBe(exitOf.get(file['error'].code));
      if (file['exitCode'] === 0 || file['exitCode'] === 1) expect(file['error']).toBeNull();
    }
    expect(envelope.data['summary'].exitCode).toBe(result.status);
  }

  expect(result.stderr, context).not.toMatch(NO_STACK);
  if (expected.exit !== undefined) expect(result.status, context).toBe(expected.exit);
  if (expected.code !== undefined) expect(envelope.error?.code ?? null, context).toBe(expected.code);
  if (expected.subcode !== undefined) expect(envelope.error?.subcode ?? null, context).toBe(expected.subcode);
  return envelope;
}

// ---------------------------------------------------------------------------------------------
// 0. Hermeticity: temporary folders have no configuration up their tree.

describe('test environment', () => {
  it('a fresh temporary folder resolves to the built-in defaults, with no walk-up warning', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const result = run(['spec.json', '--json'], { cwd: dir });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 0, code: null });
    expect(envelope.data['config']).toEqual({ path: null, source: 'default' });
    expect(envelope.warnings).toEqual([]);
    expect(result.stderr).toBe('');
  });
});

// ---------------------------------------------------------------------------------------------
// 1 and 3. The envelope of every outcome, validated against the printed envelope schema.

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
      expect(envelope.data['summary']).toEqual({ files: 1, passed: 1, failed: 0, errors: 0, warnings: 0, exitCode: 0 });
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
    setup: (dir) => (writeJson(dir, 'spec.json', validSpec()), ['spec.json', '--format', 'html', '--json']),
    expected: { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'INVALID_ARGUMENT' },
    check: (envelope) => expect(envelope.error?.message).toContain('html'),
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
];

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
  it.each(scenarios.map((scenario) => [scenario.name, scenario] as const))('%s', (_name, scenario) => {
    const dir = tempDir();
    const args = scenario.setup(dir);
    const result = run(args, { cwd: dir, ...(scenario.input === undefined ? {} : { input: scenario.input }) });
    const envelope = expectEnvelope(result, scenario.expected);
    scenario.check?.(envelope, result, dir);
  });

  it('covers every error code but INTERNAL_ERROR and every exit code but 5 among the scenarios', () => {
    const codes = new Set(scenarios.map((scenario) => scenario.expected.code).filter((code) => typeof code === 'string'));
    expect([...codes].sort()).toEqual(['CRITICAL_INPUT', 'GATE_FAILED', 'INPUT_ERROR', 'USAGE_ERROR']);
    const exits = new Set(scenarios.map((scenario) => scenario.expected.exit));
    expect([...exits].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('without --json, a usage error prints nothing on stdout and a human message on stderr', () => {
    const dir = tempDir();
    const result = run(['explain', 'no-such-rule'], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('no-such-rule');
  });

  it('with --json, human diagnostics go to stderr only', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    const result = run(['spec.json', '--json', '--format', 'text'], { cwd: dir });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 1, code: 'GATE_FAILED', subcode: 'ERRORS' });
    expect(result.stderr).toContain('dive-selective');
    // The text rendering is inside the envelope, never beside it.
    expect(envelope.data['rendered']).toContain('dive-selective');
    expect(result.stdout.split('\n').filter((line) => line.startsWith('spec.json'))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The schema command.

describe('schema command', () => {
  let printed: Contract;
  let enveloped: Envelope;

  beforeAll(() => {
    const dir = tempDir();
    const plain = run(['schema'], { cwd: dir });
    expect(plain.status).toBe(0);
    expect(plain.stderr).toBe('');
    printed = JSON.parse(plain.stdout) as Contract;
    enveloped = expectEnvelope(run(['schema', '--json'], { cwd: dir }), { command: 'schema', exit: 0, code: null });
  });

  it('prints valid JSON without --json: the contract itself, equal to the envelope data of --json', () => {
    expect(printed.contractVersion).toBe('1');
    expect(enveloped.data['contractVersion']).toBe('1');
    expect(enveloped.data).toEqual(printed);
  });

  it('holds the envelope schema, identical to assets/envelope.schema.json', () => {
    expect(printed.envelopeSchema).toEqual(envelopeSchemaAsset);
  });

  it('lists exit codes 0 to 5 with a meaning each', () => {
    expect(printed.exitCodes.map((entry) => entry.code)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const entry of printed.exitCodes) expect(entry.meaning.length).toBeGreaterThan(0);
  });

  it('lists the error codes with their exit codes', () => {
    const exits = Object.fromEntries(printed.errorCodes.map((entry) => [entry.code, entry.exitCode]));
    expect(exits).toEqual({ GATE_FAILED: 1, USAGE_ERROR: 2, INPUT_ERROR: 3, CRITICAL_INPUT: 4, INTERNAL_ERROR: 5 });
    const documentedExits = new Set(printed.exitCodes.map((entry) => entry.code));
    for (const entry of printed.errorCodes) {
      expect(documentedExits.has(entry.exitCode)).toBe(true);
      expect(entry.meaning.length).toBeGreaterThan(0);
      for (const subcode of entry.subcodes) expect(subcode.meaning.length).toBeGreaterThan(0);
    }
  });

  it('lists the subcodes of each error code', () => {
    const subcodes = (code: string) =>
      printed.errorCodes.find((entry) => entry.code === code)?.subcodes.map((entry) => entry.subcode) ?? [];
    expect(subcodes('INPUT_ERROR')).toEqual(
      expect.arrayContaining([
        'NOT_FOUND',
        'NOT_A_FILE',
        'TOO_LARGE',
        'ENCODING',
        'JSON_SYNTAX',
        'YAML_SYNTAX',
        'DUPLICATE_KEY',
        'NOT_AN_OBJECT',
      ]),
    );
    expect(subcodes('CRITICAL_INPUT')).toEqual(expect.arrayContaining(['MISSING_GOAL', 'MISSING_BUDGET', 'MISSING_BUDGET_TOTAL']));
    expect(subcodes('GATE_FAILED')).toEqual(expect.arrayContaining(['ERRORS', 'WARNINGS', 'FIXTURES_FAILED']));
    expect(subcodes('USAGE_ERROR')).toEqual(
      expect.arrayContaining([
        'UNKNOWN_OPTION',
        'INVALID_ARGUMENT',
        'NO_INPUT',
        'UNKNOWN_RULE',
        'UNKNOWN_PRESET',
        'INVALID_CONFIG',
        'CONFIG_NOT_FOUND',
        'INVALID_SHARD',
      ]),
    );
    for (const entry of printed.errorCodes) {
      const names = entry.subcodes.map((subcode) => subcode.subcode);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('holds the whole rule catalog, in catalog order, with a severity for every preset', () => {
    expect(printed.rules.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.meta.id));
    for (const rule of printed.rules) {
      expect(rule.severity).toEqual({
        gate: (gatePreset.rules as Record<string, string>)[rule.id],
        reference: (referencePreset.rules as Record<string, string>)[rule.id],
      });
    }
  });

  it('holds the input schema, identical to assets/investigation.schema.json', () => {
    expect(printed.inputSchema).toEqual(investigationSchemaAsset);
    expect(printed.inputSchema).toEqual(JSON.parse(readFileSync(join(projectRoot, 'assets', 'investigation.schema.json'), 'utf8')));
  });

  it('prints an envelope schema that is a valid JSON Schema 2020-12 document', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    expect(ajv.validateSchema(printed.envelopeSchema), JSON.stringify(ajv.errors)).toBe(true);
    expect(printed.envelopeSchema['$schema']).toBe('https://json-schema.org/draft/2020-12/schema');
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Every fixture's envelope validates against the printed schema.

interface Sidecar {
  preset?: string;
  exitCode: number;
}

function readSidecar(file: string): Sidecar | null {
  const stem = fixtureStem(file);
  for (const extension of ['.expect.json', '.expect.yaml', '.expect.yml']) {
    const path = `${stem}${extension}`;
    if (existsSync(path)) return parseYaml(readFileSync(path, 'utf8')) as Sidecar;
  }
  return null;
}

// fixtures/briefs/ holds brief artifact folders for `compile-investigation briefs`, not specs.
const fixtureFiles = discoverFixtures([join(projectRoot, 'fixtures', 'valid'), join(projectRoot, 'fixtures', 'invalid')]);
const fixtureCases = fixtureFiles.map((file) => [displayPath(file, projectRoot), file] as const);

describe('fixtures through the CLI', () => {
  it('finds fixtures, valid and invalid', () => {
    expect(fixtureFiles.length).toBeGreaterThan(20);
    expect(fixtureCases.some(([path]) => path.startsWith('fixtures/valid/'))).toBe(true);
    expect(fixtureCases.some(([path]) => path.startsWith('fixtures/invalid/'))).toBe(true);
  });

  it.each(fixtureCases)('%s, alone, gives a valid envelope and its sidecar exit code', (path, file) => {
    const sidecar = readSidecar(file);
    const preset = sidecar?.preset ?? 'gate';
    const result = run([path, '--preset', preset, '--json'], { cwd: projectRoot });
    const envelope = expectEnvelope(result, { command: 'compile' });
    expect(envelope.data['files']).toHaveLength(1);
    expect(envelope.data['files'][0].path).toBe(path);
    if (sidecar) expect(result.status).toBe(sidecar.exitCode);
  });

  it('all at once, in one run per rendering, give valid envelopes that agree with the single runs', () => {
    const paths = fixtureCases.map(([path]) => path);
    const gateExits = new Map<string, number>();
    for (const [path, file] of fixtureCases) {
      const sidecar = readSidecar(file);
      if (sidecar && (sidecar.preset ?? 'gate') === 'gate') gateExits.set(path, sidecar.exitCode);
    }
    const out = tempDir();
    mkdirSync(join(out, 'json'));
    mkdirSync(join(out, 'md'));
    const runs: Array<[string[], (envelope: Envelope) => void]> = [
      [[...paths, '--json'], (envelope) => expect(typeof envelope.data['rendered']).toBe('string')],
      [
        ['fixtures/invalid', 'fixtures/valid', '--json', '--preset', 'gate', '--format', 'sarif'],
        (envelope) => expect(JSON.parse(envelope.data['rendered']).runs).toHaveLength(1),
      ],
      [['fixtures/invalid', 'fixtures/valid', '--json', '--format', 'github', '--fail-on', 'warning'], () => undefined],
      [
        ['fixtures/invalid', 'fixtures/valid', '--json', '--format', 'json', '--output-dir', join(out, 'json')],
        (envelope) => expect(envelope.data['files'].some((file: { reportFile?: string }) => file.reportFile !== undefined)).toBe(true),
      ],
      [['fixtures/invalid', 'fixtures/valid', '--json', '--quiet', '--output-dir', join(out, 'md')], () => undefined],
    ];
    for (const [args, check] of runs) {
      const result = run(args, { cwd: projectRoot });
      const envelope = expectEnvelope(result, { command: 'compile' });
      const files = envelope.data['files'] as Array<{ path: string; exitCode: number }>;
      expect(files, `${args.join(' ')}: ${JSON.stringify(envelope.error)}`).toBeDefined();
      expect(files.map((file) => file.path)).toEqual(paths);
      expect(result.status).toBe(Math.max(...files.map((file) => file.exitCode)));
      if (!args.includes('--fail-on')) {
        for (const file of files)
          if (gateExits.has(file.path)) expect([file.path, file.exitCode]).toEqual([file.path, gateExits.get(file.path)]);
      }
      check(envelope);
    }
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// 4. Configuration precedence.

describe('configuration', () => {
  /**
   * root/investigation.config.json   walk-up: finding-provenance off
   * root/work/                       the working folder, holding the spec without provenance tags
   * root/work/env.json               for INVESTIGATION_CONFIG: finding-provenance warning
   * root/work/flag.json              for --config: finding-provenance error
   */
  function layout(): { root: string; work: string } {
    const root = tempDir();
    const work = join(root, 'work');
    mkdirSync(work);
    writeJson(root, 'investigation.config.json', { rules: { 'finding-provenance': 'off' } });
    writeJson(work, 'env.json', { rules: { 'finding-provenance': 'warning' } });
    writeJson(work, 'flag.json', { rules: { 'finding-provenance': 'error' } });
    writeJson(work, 'spec.json', withoutProvenance());
    return { root, work };
  }

  function provenanceSeverities(envelope: Envelope): string[] {
    return [
      ...new Set(
        (envelope.data['files'][0].diagnostics as Array<{ ruleId: string; severity: string }>)
          .filter((diagnostic) => diagnostic.ruleId === 'finding-provenance')
          .map((diagnostic) => diagnostic.severity),
      ),
    ];
  }

  it('without any configuration the spec without provenance fails the gate (the baseline)', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', withoutProvenance());
    const envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
      subcode: 'ERRORS',
    });
    expect(envelope.data['config']).toEqual({ path: null, source: 'default' });
    expect(provenanceSeverities(envelope)).toEqual(['error']);
  });

  it('--config beats INVESTIGATION_CONFIG and the walk-up', () => {
    const { work } = layout();
    const result = run(['spec.json', '--config', 'flag.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: 'env.json' } });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 1, code: 'GATE_FAILED' });
    expect(envelope.data['config']).toEqual({ path: 'flag.json', source: 'flag' });
    expect(provenanceSeverities(envelope)).toEqual(['error']);
    expect(envelope.warnings).toEqual([]);
    expect(result.stderr).not.toContain('walking up');
  });

  it('-c is --config', () => {
    const { work } = layout();
    const envelope = expectEnvelope(run(['spec.json', '-c', 'flag.json', '--json'], { cwd: work }), { command: 'compile', exit: 1 });
    expect(envelope.data['config']).toEqual({ path: 'flag.json', source: 'flag' });
  });

  it('INVESTIGATION_CONFIG beats the walk-up', () => {
    const { work } = layout();
    const result = run(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: 'env.json' } });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 0, code: null });
    expect(envelope.data['config']).toEqual({ path: 'env.json', source: 'env' });
    expect(provenanceSeverities(envelope)).toEqual(['warning']);
    expect(envelope.warnings).toEqual([]);
    expect(result.stderr).not.toContain('walking up');
  });

  it('INVESTIGATION_CONFIG may be absolute; the echoed path is relative to the working folder', () => {
    const { work } = layout();
    const envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: join(work, 'env.json') } }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: 'env.json', source: 'env' });
  });

  it('the walk-up beats the defaults, and says so with a warning that names the file and how to pin it', () => {
    const { work } = layout();
    const result = run(['spec.json', '--json'], { cwd: work });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 0, code: null });
    expect(envelope.data['config']).toEqual({ path: '../investigation.config.json', source: 'walk-up' });
    expect(provenanceSeverities(envelope)).toEqual([]);
    expect(envelope.warnings).toHaveLength(1);
    const warning = envelope.warnings[0] as string;
    expect(warning).toContain('../investigation.config.json');
    expect(warning).toContain('--config');
    expect(warning).toContain('INVESTIGATION_CONFIG');
    expect(result.stderr).toContain(warning);
    expect(result.stderr).toMatch(/warning/);
  });

  it('the walk-up warning is on stderr without --json too, and stdout holds only the report', () => {
    const { work } = layout();
    const result = run(['spec.json'], { cwd: work });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^# Adaptive Investigation Report: /);
    expect(result.stdout).not.toContain('investigation.config.json');
    expect(result.stderr).toContain('../investigation.config.json');
    expect(result.stderr).toContain('--config');
    expect(result.stderr).toContain('INVESTIGATION_CONFIG');
  });

  it('an empty INVESTIGATION_CONFIG counts as unset', () => {
    const { work } = layout();
    const envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: '' } }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: '../investigation.config.json', source: 'walk-up' });
  });

  it('the walk-up finds the nearest configuration, from deeper folders too, and YAML (.yml) ones', () => {
    const { root } = layout();
    const deep = join(root, 'work', 'a', 'b');
    mkdirSync(deep, { recursive: true });
    writeJson(deep, 'spec.json', withoutProvenance());
    let envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: deep }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: '../../../investigation.config.json', source: 'walk-up' });
    expect(envelope.warnings[0]).toContain('../../../investigation.config.json');

    writeYaml(join(root, 'work', 'a'), 'investigation.config.yml', { rules: { 'finding-provenance': 'warning' } });
    envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: deep }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: '../investigation.config.yml', source: 'walk-up' });
    expect(provenanceSeverities(envelope)).toEqual(['warning']);
  });

  it('a configuration in the working folder itself is found', () => {
    const dir = tempDir();
    writeYaml(dir, 'investigation.config.yaml', { rules: { 'finding-provenance': 'off' } });
    writeJson(dir, 'spec.json', withoutProvenance());
    const envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: dir }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: 'investigation.config.yaml', source: 'walk-up' });
  });

  it('rules: {"finding-provenance": "off"} turns the verdict of a spec without provenance tags to pass', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', withoutProvenance());
    writeJson(dir, 'off.json', { rules: { 'finding-provenance': 'off' } });
    expectEnvelope(run(['spec.json', '--json'], { cwd: dir }), { command: 'compile', exit: 1, code: 'GATE_FAILED' });
    const envelope = expectEnvelope(run(['spec.json', '--config', 'off.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
      code: null,
    });
    expect(envelope.data['files'][0].verdict).toBe('pass');
    expect(envelope.data['files'][0].report.verdict).toBe('pass');
    expect(provenanceSeverities(envelope)).toEqual([]);
  });

  it('preset: "reference" in a configuration applies, and --preset overrides it', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', withoutProvenance());
    writeJson(dir, 'reference.json', { preset: 'reference' });
    writeJson(dir, 'gate.json', { preset: 'gate' });
    expectEnvelope(run(['spec.json', '--config', 'reference.json', '--json'], { cwd: dir }), { command: 'compile', exit: 0, code: null });
    expectEnvelope(run(['spec.json', '--config', 'reference.json', '--preset', 'gate', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expectEnvelope(run(['spec.json', '--config', 'gate.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expectEnvelope(run(['spec.json', '--config', 'gate.json', '--preset', 'reference', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 0,
      code: null,
    });
  });

  it("a configuration's rules apply on top of its preset", () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', withoutProvenance());
    writeJson(dir, 'config.json', { preset: 'reference', rules: { 'finding-provenance': 'error' } });
    const envelope = expectEnvelope(run(['spec.json', '--config', 'config.json', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 1,
      code: 'GATE_FAILED',
    });
    expect(provenanceSeverities(envelope)).toEqual(['error']);
  });

  it('YAML configurations (.yaml and .yml) work through --config and INVESTIGATION_CONFIG', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', withoutProvenance());
    writeYaml(dir, 'config.yaml', { rules: { 'finding-provenance': 'off' } });
    writeFileSync(join(dir, 'config.yml'), '# reference judges provenance off\npreset: reference\n');
    let envelope = expectEnvelope(run(['spec.json', '--config', 'config.yaml', '--json'], { cwd: dir }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: 'config.yaml', source: 'flag' });
    envelope = expectEnvelope(run(['spec.json', '--config', 'config.yml', '--json'], { cwd: dir }), { command: 'compile', exit: 0 });
    expect(envelope.data['config']).toEqual({ path: 'config.yml', source: 'flag' });
    envelope = expectEnvelope(run(['spec.json', '--json'], { cwd: dir, env: { INVESTIGATION_CONFIG: 'config.yml' } }), {
      command: 'compile',
      exit: 0,
    });
    expect(envelope.data['config']).toEqual({ path: 'config.yml', source: 'env' });
  });

  const broken: Array<[string, unknown, string, string]> = [
    ['an unknown rule id', { rules: { 'no-such-rule': 'off' } }, 'UNKNOWN_RULE', 'no-such-rule'],
    ['an unknown preset', { preset: 'strictest' }, 'UNKNOWN_PRESET', 'strictest'],
    ['an unknown top-level key', { preset: 'gate', colour: 'blue' }, 'INVALID_CONFIG', 'colour'],
    ['a rule setting that is not off, warning or error', { rules: { schema: 'loud' } }, 'INVALID_SETTING', 'loud'],
    ['a preset that is not a string', { preset: 3 }, 'INVALID_CONFIG', 'preset'],
    ['rules that are not an object', { rules: ['schema'] }, 'INVALID_CONFIG', 'rules'],
    ['a document that is not an object', ['gate'], 'INVALID_CONFIG', 'config.json'],
  ];
  describe.each(['flag', 'env', 'walk-up'] as const)('a broken configuration from %s is a usage error naming the problem', (source) => {
    it.each(broken)('%s', (_name, config, subcode, named) => {
      const root = tempDir();
      const work = join(root, 'work');
      mkdirSync(work);
      writeJson(work, 'spec.json', validSpec());
      const where = source === 'walk-up' ? root : work;
      writeJson(where, source === 'walk-up' ? 'investigation.config.json' : 'config.json', config);
      const args = source === 'flag' ? ['spec.json', '--config', 'config.json', '--json'] : ['spec.json', '--json'];
      const env: Record<string, string> = source === 'env' ? { INVESTIGATION_CONFIG: 'config.json' } : {};
      const result = run(args, { cwd: work, env });
      const envelope = expectEnvelope(result, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode });
      expect(envelope.error?.message).toContain(named);
      expect(result.stderr).toContain(named);
      // Without --json: nothing on stdout, the same message on stderr.
      const plain = run(
        args.filter((arg) => arg !== '--json'),
        { cwd: work, env },
      );
      expect(plain.status).toBe(2);
      expect(plain.stdout).toBe('');
      expect(plain.stderr).toContain(named);
    });
  });

  it('a missing --config file is CONFIG_NOT_FOUND, even when a walk-up configuration exists', () => {
    const { work } = layout();
    const result = run(['spec.json', '--config', 'nowhere.json', '--json'], { cwd: work });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'CONFIG_NOT_FOUND' });
    expect(envelope.error?.message).toContain('nowhere.json');
  });

  it('a missing INVESTIGATION_CONFIG file is CONFIG_NOT_FOUND', () => {
    const { work } = layout();
    const result = run(['spec.json', '--json'], { cwd: work, env: { INVESTIGATION_CONFIG: 'nowhere.yaml' } });
    const envelope = expectEnvelope(result, { command: 'compile', exit: 2, code: 'USAGE_ERROR', subcode: 'CONFIG_NOT_FOUND' });
    expect(envelope.error?.message).toContain('nowhere.yaml');
    expect(envelope.error?.message).toContain('INVESTIGATION_CONFIG');
  });

  it('a configuration that is not valid YAML is INVALID_CONFIG', () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    writeFileSync(join(dir, 'config.yaml'), 'preset: [\n');
    const envelope = expectEnvelope(run(['spec.json', '--config', 'config.yaml', '--json'], { cwd: dir }), {
      command: 'compile',
      exit: 2,
      code: 'USAGE_ERROR',
      subcode: 'INVALID_CONFIG',
    });
    expect(envelope.error?.message).toContain('config.yaml');
  });
});

// ---------------------------------------------------------------------------------------------
// 5. rules and explain.

describe('rules command', () => {
  it('lists every rule id with its severity in each preset, in catalog order', () => {
    const result = run(['rules'], { cwd: tempDir() });
    expect(result.status).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^Rules \(severity: gate \/ reference\):\n/);
    const lines = result.stdout.split('\n');
    let previous = -1;
    for (const rule of rules) {
      const id = rule.meta.id;
      const gate = (gatePreset.rules as Record<string, string>)[id];
      const reference = (referencePreset.rules as Record<string, string>)[id];
      const index = lines.findIndex((line) => new RegExp(`^\\s+${id.replace(/-/g, '\\-')}\\s+${gate} / ${reference}\\s+\\S`).test(line));
      expect(index, `no line for ${id} with ${gate} / ${reference}`).toBeGreaterThan(previous);
      expect(lines[index]).toContain(rule.meta.description);
      previous = index;
    }
  });

  it('--json lists the same rules with their severities', () => {
    const envelope = expectEnvelope(run(['rules', '--json'], { cwd: tempDir() }), { command: 'rules', exit: 0, code: null });
    const listed = envelope.data['rules'] as Contract['rules'];
    expect(listed.map((rule) => rule.id)).toEqual(rules.map((rule) => rule.meta.id));
    for (const entry of listed) {
      expect(entry.severity).toEqual({
        gate: (gatePreset.rules as Record<string, string>)[entry.id],
        reference: (referencePreset.rules as Record<string, string>)[entry.id],
      });
    }
  });
});

describe('explain command', () => {
  it.each(rules.map((rule) => [rule.meta.id, rule] as const))('explain %s', (id, rule) => {
    const dir = tempDir();
    const text = run(['explain', id], { cwd: dir });
    expect(text.status).toBe(0);
    expect(text.stderr).toBe('');
    expect(text.stdout.startsWith(`${id}  (`)).toBe(true);
    expect(text.stdout).toContain(rule.meta.description);
    expect(text.stdout).toContain('Failing example');
    expect(text.stdout).toContain('Passing example');
    expect(text.stdout.indexOf('Failing example')).toBeLessThan(text.stdout.indexOf('Passing example'));

    const envelope = expectEnvelope(run(['explain', id, '--json'], { cwd: dir }), { command: 'explain', exit: 0, code: null });
    expect(envelope.data['rule'].id).toBe(id);
    expect(envelope.data['rule'].description).toBe(rule.meta.description);
    const failing = envelope.data['examples'].failing.diagnostics as Array<{ ruleId: string }>;
    expect(
      failing.some((diagnostic) => diagnostic.ruleId === id),
      JSON.stringify(failing),
    ).toBe(true);
    expect(envelope.data['examples'].passing.diagnostics).toEqual([]);
    expect(envelope.data['examples'].failing.title).toBe(rule.meta.examples.failing.title);
    expect(envelope.data['examples'].passing.title).toBe(rule.meta.examples.passing.title);
  });
});
