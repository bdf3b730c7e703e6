import { createHash } from 'node:crypto';
import { definedFields } from '../common/defined-fields.js';
import { plural } from '../common/text.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import { type FileOutcome, INPUT_ERROR_RULE_ID, problemsOf } from '../report/outcome.js';
import type { CatalogRule } from '../rules/rule.js';
import { unusedEntriesFailure } from './run-failure.js';
import { BUILT_IN_CHECKS, type ExtraCheck, extraDescriptor, ruleDescriptor } from './sarif-descriptors.js';
import { cutNote, type SarifLimits, sarifLimits, withinLimits } from './sarif-limits.js';
import { escapeFor } from './untrusted/index.js';

export { BUILT_IN_CHECKS, type ExtraCheck } from './sarif-descriptors.js';
export { type SarifLimits, sarifLimits } from './sarif-limits.js';

export interface SarifContext {
  /** With `ruleDocsBase` (an absolute URL ending in "/"), each rule links `<ruleDocsBase><id>.md` and the driver `informationUri`; without, neither. */
  tool: { name: string; version: string; informationUri?: string; ruleDocsBase?: string };
  /** The catalogs (the spec's, then the katas report's), in catalog order: results point into them by index. */
  rules: readonly CatalogRule[];
  settings: Readonly<Record<string, RuleSetting>>;
  /** Checks outside the catalog whose results may appear, described after the rules. */
  extraChecks?: readonly ExtraCheck[];
  /** How the run ended, and the category that tells its uploads apart (GitHub's automationDetails). */
  run?: { exitCode: number; category?: string };
  /** Unused baseline entries that fail the run (--fail-on-unused-suppressions): a notification says so. */
  failingUnused?: number;
  /** The notes on the files the walk found and left out (briefs, the tool's own outputs): each a notification of level "note". */
  leftOut?: readonly string[];
  /** Collects what the log had to leave out, for the command to say on standard error. */
  notes?: string[];
  /** What the log must stay within: GitHub code scanning's limits unless told. */
  limits?: SarifLimits;
}

const SRCROOT = '%SRCROOT%';
/** The partialFingerprints key: versioned, so that a change of recipe cannot match old alerts by accident. */
export const FINGERPRINT_KEY = 'compileInvestigation/v1';
/** The category of a run with no --sarif-category. */
export const DEFAULT_SARIF_CATEGORY = 'compile-investigation/';

/**
 * A SARIF 2.1.0 log with one run, for GitHub code scanning and other SARIF viewers. A file inside
 * the working directory is a path relative to %SRCROOT%, which is left undefined; a file outside
 * it, which no relative path under %SRCROOT% can name, is an absolute file:// URI with no base.
 * Each result has a fingerprint of its rule, file and JSON Pointer, which an edit elsewhere in the
 * file does not change (line numbers would), and problems a baseline accepts carry a suppression.
 * The log stays within what code scanning accepts (sarifLimits), and says what it left out.
 */
export function formatSarif(files: FileOutcome[], context: SarifContext): string {
  const extras = [...(context.extraChecks ?? []), ...BUILT_IN_CHECKS];
  const descriptors = [
    ...context.rules.map((rule) => ruleDescriptor(rule, context.settings[rule.meta.id], context.tool.ruleDocsBase)),
    ...extras.map((check) => extraDescriptor(check, context.tool.ruleDocsBase)),
  ];
  const ruleIndex = new Map(descriptors.map((descriptor, index) => [descriptor.id, index]));
  const artifacts = files.map(artifactLocation);
  // Fingerprinted before any cut, so that a result keeps its fingerprint however many others the limits leave out.
  const fingerprints = new Fingerprints();
  const problems = files.flatMap((file, artifactIndex) =>
    problemsOf(file).map((problem) => ({
      problem,
      artifactIndex,
      fingerprint: fingerprints.next(problem.ruleId, (artifacts[artifactIndex] as ArtifactLocation).uri, problem.path),
    })),
  );
  const resultOf = ({ problem, artifactIndex, fingerprint }: (typeof problems)[number]): object => {
    const { ruleId, subcode, message, omitted, expected, expectedCount, suggestion, suppressed } = problem;
    const artifact = artifacts[artifactIndex] as ArtifactLocation;
    return {
      ruleId,
      ruleIndex: ruleIndex.get(ruleId),
      level: problem.severity,
      message: { text: escapeFor.sarifMessage(subcode === undefined ? message : `${subcode}: ${message}`) },
      locations: [
        { physicalLocation: { artifactLocation: { ...artifact, index: artifactIndex }, ...region(problem.line, problem.column) } },
      ],
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprint },
      ...(suppressed === undefined
        ? {}
        : { suppressions: [{ kind: 'external', status: 'accepted', justification: `accepted by the baseline ${suppressed.baseline}` }] }),
      properties:
        subcode === undefined
          ? {
              jsonPointer: problem.path,
              ...(omitted ? { omitted } : {}),
              ...(expected ? { expected } : {}),
              ...definedFields({ expectedCount, suggestion }),
            }
          : { subcode },
    };
  };
  const logOf = (results: object[], left: number): object => ({
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: context.tool.name,
            version: context.tool.version,
            semanticVersion: context.tool.version,
            ...definedFields({ informationUri: context.tool.informationUri }),
            rules: descriptors,
          },
        },
        automationDetails: { id: automationId(context.run?.category) },
        originalUriBaseIds: { [SRCROOT]: { description: { text: `The working directory ${context.tool.name} ran in.` } } },
        artifacts: artifacts.map((location) => ({ location })),
        results,
        invocations: [
          invocation(
            files,
            context.run?.exitCode,
            left > 0 ? cutNote(left, problems.length, limits) : undefined,
            context.failingUnused ?? 0,
            context.leftOut ?? [],
          ),
        ],
        columnKind: 'utf16CodeUnits',
      },
    ],
  });
  const limits = context.limits ?? sarifLimits;
  const { text, left } = withinLimits(problems, resultOf, logOf, limits);
  if (left > 0) context.notes?.push(cutNote(left, problems.length, limits));
  return text;
}

type ArtifactLocation = { uri: string; uriBaseId?: string };

/**
 * The run's invocation: its exit code, whether every file could be judged, a notification of any
 * cut, one of unused baseline entries that fail the run (--fail-on-unused-suppressions), and a
 * note on each group of files the walk left out, as standard error says them.
 */
function invocation(
  files: readonly FileOutcome[],
  exitCode: number | undefined,
  cut: string | undefined,
  failingUnused: number,
  leftOut: readonly string[],
): object {
  const unread = files.filter((file) => file.error?.code === 'INPUT_ERROR').length;
  const notifications = [
    ...(unread > 0
      ? [
          {
            level: 'error',
            message: {
              text: `${unread} of ${plural(files.length, 'file')} could not be read or parsed; see the ${INPUT_ERROR_RULE_ID} results`,
            },
          },
        ]
      : []),
    ...(cut === undefined ? [] : [{ level: 'warning', message: { text: cut } }]),
    ...(failingUnused > 0 ? [{ level: 'error', message: { text: unusedEntriesFailure(failingUnused) } }] : []),
    ...leftOut.map((note) => ({ level: 'note', message: { text: escapeFor.sarifMessage(note) } })),
  ];
  return {
    executionSuccessful: unread === 0,
    ...definedFields({ exitCode }),
    ...(notifications.length > 0 ? { toolExecutionNotifications: notifications } : {}),
  };
}

/** GitHub reads the part up to the last "/" as the category, so a category always ends with one. */
function automationId(category: string | undefined): string {
  if (category === undefined || category === '') return DEFAULT_SARIF_CATEGORY;
  return category.endsWith('/') ? category : `${category}/`;
}

/**
 * Fingerprints of rule, file and JSON Pointer; the n-th result with the same three gets n in its
 * recipe too, so that two problems at one place stay two alerts.
 */
class Fingerprints {
  private readonly seen = new Map<string, number>();

  next(ruleId: string, uri: string, pointer: string): string {
    const identity = `${ruleId}\u0000${uri}\u0000${pointer}`;
    const occurrence = this.seen.get(identity) ?? 0;
    this.seen.set(identity, occurrence + 1);
    return createHash('sha256').update(`${identity}\u0000${occurrence}`).digest('hex').slice(0, 32);
  }
}

/** SARIF lines and columns are 1-based: an unknown or impossible position gets no region at all. */
function region(line?: number, column?: number): { region?: { startLine: number; startColumn?: number } } {
  if (line === undefined || !Number.isInteger(line) || line < 1) return {};
  if (column === undefined || !Number.isInteger(column) || column < 1) return { region: { startLine: line } };
  return { region: { startLine: line, startColumn: column } };
}

function artifactLocation(file: FileOutcome): ArtifactLocation {
  if (file.location?.kind === 'absolute') return { uri: fileUri(file.location.path) };
  return { uri: encodePath(file.location?.path ?? file.path), uriBaseId: SRCROOT };
}

/** An absolute path as a file URI: file:///home/x/spec.json, or file:///C:/x/spec.json on Windows. */
function fileUri(absolute: string): string {
  // Only a Windows path (a drive letter) has backslashes for separators; on POSIX one is part of a name.
  const path = /^[A-Za-z]:[\\/]/.test(absolute) ? `/${absolute.split('\\').join('/')}` : absolute;
  const drive = /^\/[A-Za-z]:/.exec(path)?.[0] ?? '';
  return `file://${drive}${encodePath(path.slice(drive.length))}`;
}

/**
 * A relative path as an RFC 3986 relative reference: each segment percent-encoded as UTF-8, the
 * slashes kept. Lone surrogates, which UTF-8 cannot encode, become U+FFFD first.
 */
function encodePath(path: string): string {
  const wellFormed = path.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return wellFormed.split('/').map(encodeURIComponent).join('/');
}
