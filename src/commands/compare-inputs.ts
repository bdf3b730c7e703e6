import { relative, resolve } from 'node:path';
import { definedFields } from '../common/defined-fields.js';
import { forwardSlashes } from '../common/display-path.js';
import { isRecord } from '../common/guards.js';
import { pathText } from '../common/raw-path.js';
import { sameFile } from '../common/real-path.js';
import { statOrNull } from '../common/stat-or-null.js';
import { checkComparable, looksLikeReport, type SideFile, sideOfOutcome, sideOfReport } from '../compare/index.js';
import { type Compiler, readDocument } from '../compile.js';
import { CliError, inputError, usageError } from '../engine/contract.js';
import { reportingErrors } from '../engine/error-table.js';
import { type ExpandOptions, expandInputs } from '../engine/inputs.js';
import { judgeInputs, type RunConfiguration, walkOptions } from '../engine/judges.js';
import type { Io } from '../engine/result.js';
import { fixtureStem } from '../regression/paths.js';
import { compileFile } from '../run/compile-file.js';
import type { InputFile } from '../run/input-file.js';

const REPORT_SUFFIX = '.report.json';

/** One file of a side: its key, its path inside the side's folder, and how to open it. */
interface Listed {
  key: string;
  file: string;
  input: InputFile;
}

export interface ComparedSides {
  base: Map<string, SideFile>;
  head: Map<string, SideFile>;
  /** Configurations found by walking up, and links not followed, from both sides. */
  warnings: string[];
  /** The specs compiled (not the reports read), by absolute path: where a baseline would be looked for. */
  specs: string[];
}

/**
 * Both folders read: each listed as `compile` expands a folder, JSON reports kept; the files
 * matched by key; reports read (a file that is not one is the run's INPUT_ERROR) and specs
 * compiled with one configuration machinery for both sides. Every refusal comes before any spec is
 * compiled, so that a wrong pair of folders costs nothing.
 */
export async function readSides(
  dirs: { base: string; head: string },
  configuration: RunConfiguration,
  io: Io,
  output: string | undefined,
): Promise<ComparedSides> {
  const { cwd } = io;
  const walk = walkOptions(configuration, io);
  const base = await listSide('BASE', dirs.base, cwd, walk);
  const head = await listSide('HEAD', dirs.head, cwd, walk);
  const setAside = [...base.setAside, ...head.setAside];
  reportingErrors(() => checkComparable(dirs, base.files, head.files));
  if (output !== undefined)
    refuseOutputOverInput(output, [...base.files.values(), ...head.files.values(), ...setAside.map(({ report }) => report)], cwd);
  const entries = [
    ...[...base.files.values()].map((listed) => ({ side: 'base' as const, listed })),
    ...[...head.files.values()].map((listed) => ({ side: 'head' as const, listed })),
  ];
  // Reports first: one that is not a report refuses the run before any spec is compiled.
  const read = entries.map(({ listed }) => readReport(listed, configuration.flags.maxBytes));
  const sides = read.map((item) => ('side' in item ? item.side : null));
  const specs = entries.flatMap((entry, index) => {
    const item = read[index];
    return item === undefined || 'side' in item ? [] : [{ ...entry, index, bytes: item.bytes }];
  });
  const judged = judgeInputs(
    configuration,
    specs.map(({ listed }) => listed.input),
  );
  const digests = new Map<Listed, string>();
  specs.forEach(({ listed, index, bytes }, nth) => {
    const judge = judged.files[nth]?.judge ?? 0;
    const compiler = judged.compilers[judge] as Compiler;
    const input = { ...listed.input, dependencies: judged.dependencies[judge] ?? [], ...definedFields({ bytes }) };
    const outcome = compileFile(compiler, input, configuration.flags, false);
    if (outcome.report) digests.set(listed, outcome.report.input.sha256);
    sides[index] = sideOfOutcome(listed.file, outcome);
  });
  const stale = staleReports(setAside, digests, configuration.flags.maxBytes);
  const result: ComparedSides = {
    base: new Map(),
    head: new Map(),
    warnings: [...judged.warnings, ...base.warnings, ...head.warnings, ...stale],
    specs: specs.flatMap(({ listed }) => (listed.input.open === '-' ? [] : [pathText(listed.input.open)])),
  };
  for (const [index, { side, listed }] of entries.entries()) result[side].set(listed.key, sides[index] as SideFile);
  return result;
}

/** A JSON report set aside for the spec beside it, which is compiled instead. */
interface SetAside {
  report: Listed;
  spec: Listed;
}

/**
 * A warning for each report set aside that was not made from its spec as it is now (its
 * `input.sha256` differs): whoever reads the folder should know the report is out of date. A
 * report that cannot be read is passed over: it was not compared.
 */
function staleReports(setAside: readonly SetAside[], digests: ReadonlyMap<Listed, string>, maxBytes: number): string[] {
  const warnings: string[] = [];
  for (const { report, spec } of setAside) {
    const digest = digests.get(spec);
    if (digest === undefined) continue;
    const parsed = readDocument(report.input.open, { maxBytes, shown: report.input.shown, format: 'json' });
    const input = parsed.ok && isRecord(parsed.data['input']) ? parsed.data['input'] : undefined;
    if (input !== undefined && input['sha256'] !== digest)
      warnings.push(
        `${report.input.shown} was not made from ${spec.input.shown} as it is now (its input.sha256 differs); the spec was compiled and compared, the report was not`,
      );
  }
  return warnings;
}

/**
 * A side's files by key, as `compile` finds them in a folder, JSON reports included. A spec and
 * its report (`x.yaml` and `x.report.json`) are one file: the spec, compiled here, is the truth,
 * and the report is set aside (a report beside its spec is not taken at its word). Any other two
 * files of one key are a usage error.
 */
async function listSide(
  label: 'BASE' | 'HEAD',
  dir: string,
  cwd: string,
  walk: ExpandOptions,
): Promise<{ files: Map<string, Listed>; setAside: SetAside[]; warnings: string[] }> {
  const root = resolve(cwd, dir);
  const stats = statOrNull(root);
  if (stats === null) throw usageError('NO_INPUT', `${label} ${dir} does not exist; give a folder of specs or JSON reports`);
  if (!stats.isDirectory())
    throw usageError('NOT_A_DIRECTORY', `${label} ${dir} is not a folder; compare takes two folders of specs or JSON reports`);
  let expanded: Awaited<ReturnType<typeof expandInputs>>;
  try {
    expanded = await expandInputs([dir], cwd, { ...walk, withReports: true });
  } catch (error) {
    if (error instanceof CliError && error.subcode === 'NO_INPUT')
      throw usageError('NO_INPUT', `${label} ${dir} holds no spec (.json, .yaml, .yml) or JSON report (.report.json)`);
    throw error;
  }
  const files = new Map<string, Listed>();
  const setAside: SetAside[] = [];
  for (const input of expanded.files) {
    const inside = relative(root, pathText(input.open));
    const file = forwardSlashes(inside);
    const key = isReportName(file) ? file.slice(0, -REPORT_SUFFIX.length) : fixtureStem(file);
    const listed = { key, file, input };
    const other = files.get(key);
    if (other === undefined) {
      files.set(key, listed);
    } else if (isReportName(file) !== isReportName(other.file)) {
      const [report, spec] = isReportName(file) ? [listed, other] : [other, listed];
      files.set(key, spec);
      setAside.push({ report, spec });
    } else {
      throw usageError(
        'KEY_COLLISION',
        `${label} ${dir}: ${other.file} and ${file} would both be compared as ${JSON.stringify(key)}; compare matches files by their path without .json, .yaml, .yml or .report.json, so keep one of them`,
      );
    }
  }
  return { files, setAside, warnings: expanded.warnings };
}

/**
 * A JSON file read as a report when it is named like one or holds one (`looksLikeReport`); for a
 * spec, which is compiled instead, the bytes read, if any, so that it is not read twice. A file
 * named like a report that is not one refuses the run.
 */
function readReport(listed: Listed, maxBytes: number): { side: SideFile } | { bytes?: Uint8Array } {
  const named = isReportName(listed.file);
  if (!listed.file.toLowerCase().endsWith('.json') || listed.input.problem !== undefined) return {};
  const { input } = listed;
  const parsed = readDocument(input.open, { maxBytes, shown: input.shown, format: 'json', inside: input.inside });
  if (!parsed.ok) {
    if (!named) return definedFields({ bytes: parsed.bytes });
    const message = parsed.bytes === undefined ? parsed.problem.message : `${input.shown}: ${parsed.problem.message}`;
    throw inputError(parsed.problem.subcode, message);
  }
  if (!named && !looksLikeReport(parsed.data)) return definedFields({ bytes: parsed.bytes });
  return { side: reportingErrors(() => sideOfReport(listed.file, parsed.data, input.shown)) };
}

function refuseOutputOverInput(output: string, files: readonly Listed[], cwd: string): void {
  const target = resolve(cwd, output);
  const input = files.find((listed) => sameFile(target, listed.input.open));
  if (input !== undefined)
    throw usageError('OUTPUT_IS_INPUT', `--output ${output} is the input ${input.input.shown}; refusing to overwrite it`);
}

function isReportName(file: string): boolean {
  return file.toLowerCase().endsWith(REPORT_SUFFIX);
}
