import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { expect } from 'vitest';
import { type CliRun, runHermetic, STACK_TRACE } from './cli.js';
import { useTempDirs } from './temp.js';

/**
 * The machine contract as the built CLI states it: the `--json` envelope, and the contract that
 * `schema` prints, whose envelope schema every envelope must match.
 */

// `schema` runs in a folder of its own, with no configuration up its tree.
const schemaDir = useTempDirs('contract-schema');

interface EnvelopeError {
  code: string;
  subcode: string | null;
  message: string;
}

export interface Envelope {
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

export interface Contract {
  contractVersion: string;
  envelopeSchema: Record<string, unknown>;
  exitCodes: Array<{ code: number; meaning: string }>;
  errorCodes: ErrorCodeEntry[];
  rules: Array<{ id: string; criterion: string; description: string; rationale: string; severity: Record<string, string> }>;
  inputSchema: unknown;
  policySchema?: unknown;
}

let cachedContract: { contract: Contract; validate: ValidateFunction; exitOf: Map<string, number> } | undefined;

/** The contract as `schema` prints it, with its envelope schema compiled once. */
function printedContract(): { contract: Contract; validate: ValidateFunction; exitOf: Map<string, number> } {
  if (cachedContract) return cachedContract;
  const result = runHermetic(['schema'], { cwd: schemaDir() });
  expect(result.status, result.stderr).toBe(0);
  const printed = JSON.parse(result.stdout) as Contract;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  const validate = ajv.compile(printed.envelopeSchema);
  const exitOf = new Map(printed.errorCodes.map((entry) => [entry.code, entry.exitCode]));
  cachedContract = { contract: printed, validate, exitOf };
  return cachedContract;
}

export interface Expected {
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
export function expectEnvelope(result: CliRun, expected: Expected): Envelope {
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

  const { validate, exitOf, contract: printed } = printedContract();
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
      expect(file['verdict']).toBe(file['exitCode'] === 0 ? (file['report']?.stage === 'draft' ? 'draft-ok' : 'pass') : 'fail');
      if (file['error'] !== null) expect(file['exitCode']).toBe(exitOf.get(file['error'].code));
      if (file['exitCode'] === 0 || file['exitCode'] === 1) expect(file['error']).toBeNull();
    }
    expect(envelope.data['summary'].exitCode).toBe(result.status);
  }

  expect(result.stderr, context).not.toMatch(STACK_TRACE);
  if (expected.exit !== undefined) expect(result.status, context).toBe(expected.exit);
  if (expected.code !== undefined) expect(envelope.error?.code ?? null, context).toBe(expected.code);
  if (expected.subcode !== undefined) expect(envelope.error?.subcode ?? null, context).toBe(expected.subcode);
  return envelope;
}
