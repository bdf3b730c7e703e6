import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exitCodeMeanings } from '../../src/common/exit-codes.js';
import { CompareInputError, CompareMismatchError } from '../../src/compare/index.js';
import { UsageError } from '../../src/compile.js';
import { ConfigError } from '../../src/config/resolve.js';
import { CliError, errorCodes } from '../../src/engine/contract.js';
import { ERROR_TABLE, internalError, reportedError, reportingErrors } from '../../src/engine/error-table.js';
import { GateResultsError } from '../../src/gate/index.js';
import { RegressionUsageError } from '../../src/regression/index.js';
import { SuppressionsError } from '../../src/suppressions/index.js';
import { projectRoot } from '../support/cli.js';

/** The one table from an error class to its code, subcode, exit code and message (src/engine/error-table.ts). */

const SOURCE = join(projectRoot, 'src');

/**
 * The error classes that never reach a front end: the module named turns each into a problem of
 * its own (a diagnostic, a fixture's failure, a write refusal with its file's label) where it is
 * thrown, so it has no row. A class here must be caught by `instanceof` in that module.
 */
const KEPT_INSIDE: Record<string, string> = {
  YamlRefusal: 'load/yaml.ts',
  TraceFileError: 'run/trace-file.ts',
  UnreadableTraceError: 'run/trace-file.ts',
  UnnarrowableTraceError: 'run/trace-file.ts',
  ExpectationError: 'regression/run-fixture.ts',
  FixtureTraceError: 'regression/run-fixture.ts',
  // The writer thread's bundle holds the writer only, so it says the refusal without the table: as OUTPUT_NOT_WRITABLE.
  WriteRefusedError: 'engine/write-output-file.ts',
  // A settings file hook install will not edit: refused as the usage error INVALID_AGENT_SETTINGS, naming the file.
  SettingsRefusal: 'commands/hook-install.ts',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sourceFiles(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : [],
  );
}

/** Every class of src/ that extends Error or one of its subclasses, by name. */
function thrownErrorClasses(): string[] {
  const parents = new Map<string, string>();
  for (const file of sourceFiles(SOURCE))
    for (const match of readFileSync(file, 'utf8').matchAll(/\bclass (\w+) extends (\w+)/g))
      parents.set(match[1] as string, match[2] as string);
  const isError = (name: string): boolean => {
    const parent = parents.get(name);
    return parent === 'Error' || (parent !== undefined && isError(parent));
  };
  return [...parents.keys()].filter(isError).sort();
}

describe('the error table', () => {
  it('has a row for every error class the code throws, or says where the class is kept', () => {
    const rows = new Set(ERROR_TABLE.map(({ kind }) => kind.name));
    const uncovered = thrownErrorClasses().filter((name) => !rows.has(name) && KEPT_INSIDE[name] === undefined);
    expect(uncovered).toEqual([]);
    // The scan finds the classes it must: a broken pattern would leave nothing to cover.
    expect(thrownErrorClasses()).toEqual(expect.arrayContaining([...rows, ...Object.keys(KEPT_INSIDE)]));
  });

  it('leaves out only classes caught where they are thrown', () => {
    for (const [name, module] of Object.entries(KEPT_INSIDE)) {
      const text = readFileSync(join(SOURCE, module), 'utf8');
      expect(text, `${name} in ${relative(projectRoot, join(SOURCE, module))}`).toMatch(new RegExp(`instanceof ${name}\\b`));
    }
  });

  it.each([
    [new CliError('INPUT_ERROR', 'NOT_UTF8', 'a.json: not UTF-8'), 'INPUT_ERROR', 'NOT_UTF8', 3],
    [new UsageError('UNKNOWN_PRESET', 'no preset x'), 'USAGE_ERROR', 'UNKNOWN_PRESET', 2],
    [new ConfigError('INVALID_CONFIG', 'c.json: bad'), 'USAGE_ERROR', 'INVALID_CONFIG', 2],
    [new SuppressionsError('SUPPRESSIONS_NOT_FOUND', 'gone'), 'USAGE_ERROR', 'SUPPRESSIONS_NOT_FOUND', 2],
    [new RegressionUsageError('NOT_FOUND', 'x does not exist'), 'USAGE_ERROR', 'NO_INPUT', 2],
    [new RegressionUsageError('NOT_A_FIXTURE', 'x is a file'), 'USAGE_ERROR', 'NOT_A_DIRECTORY', 2],
    [new RegressionUsageError('BAD_SHARD', '--shard 3/2'), 'USAGE_ERROR', 'INVALID_SHARD', 2],
    [new CompareMismatchError('no file in common'), 'USAGE_ERROR', 'COMPARE_MISMATCH', 2],
    [new CompareInputError('not a report'), 'INPUT_ERROR', 'NOT_A_REPORT', 3],
    [new GateResultsError('DUPLICATE_FILE', 'a.json twice'), 'USAGE_ERROR', 'CONFLICTING_ARGUMENTS', 2],
    [new GateResultsError('NOT_A_RESULT', 'r.json is no result'), 'INPUT_ERROR', 'NOT_A_RESULT', 3],
  ] as const)('reports %s as its code, subcode and exit code, with its own message', (error, code, subcode, exitCode) => {
    const reported = reportedError(error);
    expect(reported).toBeInstanceOf(CliError);
    expect([reported?.code, reported?.subcode, reported?.exitCode, reported?.message]).toEqual([code, subcode, exitCode, error.message]);
    expect(reportedError(error, '--policy p.json: ')?.message).toBe(`--policy p.json: ${error.message}`);
  });

  it('reports an error of no row as none, for the caller to say as an internal error (exit code 5)', () => {
    expect(reportedError(new TypeError('x is undefined'))).toBeUndefined();
    expect(() => reportingErrors(() => JSON.parse('{'))).toThrow(SyntaxError);
    const internal = internalError(new TypeError('x is undefined'));
    expect([internal.code, internal.exitCode, internal.message]).toEqual([
      'INTERNAL_ERROR',
      5,
      'internal error: x is undefined. This is a bug; please report it with the input that caused it.',
    ]);
  });

  it('pairs each code with one exit code, and docs/cli.md documents exactly those exit codes and passing', () => {
    const cli = readFileSync(join(projectRoot, 'docs/cli.md'), 'utf8');
    const section = /<!-- generated:exit-codes -->\n([\s\S]*?)<!-- \/generated:exit-codes -->/.exec(cli)?.[1] ?? '';
    const documented = new Map([...section.matchAll(/^\| `(\d+)` \| (.*) \|$/gm)].map((row) => [Number(row[1]), row[2]]));
    expect([...documented.keys()]).toEqual([0, ...errorCodes.map((entry) => entry.exitCode)]);
    expect(new Set(errorCodes.map((entry) => entry.exitCode)).size).toBe(errorCodes.length);
    for (const { code, meaning } of exitCodeMeanings) expect(documented.get(code)).toBe(meaning);
    for (const entry of errorCodes) expect(new CliError(entry.code, null, '').exitCode).toBe(entry.exitCode);
  });

  it('names in the README only exit codes that docs/cli.md documents', () => {
    const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
    const commands = readme.split('## The five commands to know first')[1]?.split('\n\n')[1] ?? '';
    const named = [...commands.matchAll(/\| ([^|]*) \|$/gm)].slice(2).flatMap((row) => [...(row[1] ?? '').matchAll(/\b(\d)\b/g)]);
    expect(named.length).toBeGreaterThan(5);
    const known = new Set(exitCodeMeanings.map(({ code }) => String(code)));
    for (const [code] of named) expect(known.has(code)).toBe(true);
  });
});
