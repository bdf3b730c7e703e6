import { jsonText } from '../common/json-text.js';
import { DIAGNOSTIC_CAP, TOO_MANY_PROBLEMS } from '../diagnostics/cap.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import { type FileOutcome, INPUT_ERROR_RULE_ID, problemsOf } from '../report/outcome.js';
import { criteria } from '../rules/criteria.js';
import type { Rule } from '../rules/rule.js';

export interface SarifContext {
  tool: { name: string; version: string };
  /** The catalog, in catalog order: results point into it by index. */
  rules: readonly Rule[];
  settings: Readonly<Record<string, RuleSetting>>;
  /** Checks outside the catalog whose results may appear, described after the rules. */
  extraChecks?: readonly ExtraCheck[];
}

/** The descriptor of files that could not be read or parsed; it has no rule module of its own. */

const SRCROOT = '%SRCROOT%';

/**
 * A SARIF 2.1.0 log with one run, for GitHub code scanning and other SARIF viewers. A file inside
 * the working directory is a path relative to %SRCROOT%, which is left undefined; a file outside
 * it, which no relative path under %SRCROOT% can name, is an absolute file:// URI with no base.
 */
export function formatSarif(files: FileOutcome[], context: SarifContext): string {
  const extras = [...(context.extraChecks ?? []), INPUT_ERROR_CHECK, TOO_MANY_PROBLEMS_CHECK];
  const descriptors = [
    ...context.rules.map((rule) => ruleDescriptor(rule, context.settings[rule.meta.id])),
    ...extras.map(extraDescriptor),
  ];
  const ruleIndex = new Map(descriptors.map((descriptor, index) => [descriptor.id, index]));
  const results: object[] = [];
  const artifacts = files.map(artifactLocation);
  files.forEach((file, artifactIndex) => {
    const location = (line?: number, column?: number) => ({
      physicalLocation: { artifactLocation: { ...artifacts[artifactIndex], index: artifactIndex }, ...region(line, column) },
    });
    for (const problem of problemsOf(file)) {
      const { ruleId, subcode, message, omitted, expected, suggestion } = problem;
      results.push({
        ruleId,
        ruleIndex: ruleIndex.get(ruleId),
        level: problem.severity,
        message: { text: subcode === undefined ? message : `${subcode}: ${message}` },
        locations: [location(problem.line, problem.column)],
        properties:
          subcode === undefined
            ? {
                jsonPointer: problem.path,
                ...(omitted ? { omitted } : {}),
                ...(expected ? { expected } : {}),
                ...(suggestion === undefined ? {} : { suggestion }),
              }
            : { subcode },
      });
    }
  });
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: context.tool.name, version: context.tool.version, semanticVersion: context.tool.version, rules: descriptors },
        },
        originalUriBaseIds: { [SRCROOT]: { description: { text: `The working directory ${context.tool.name} ran in.` } } },
        artifacts: artifacts.map((location) => ({ location })),
        results,
        invocations: [{ executionSuccessful: true }],
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
  return jsonText(log);
}

interface Descriptor {
  id: string;
  [key: string]: unknown;
}

function ruleDescriptor(rule: Rule, setting: RuleSetting | undefined): Descriptor {
  const { id, criterion, description, rationale } = rule.meta;
  const criterionName = criteria.find((entry) => entry.id === criterion)?.name ?? criterion;
  const level = setting === 'error' || setting === 'warning' ? setting : 'none';
  return {
    id,
    name: pascalCase(id),
    shortDescription: { text: description },
    fullDescription: { text: `${description} ${rationale}` },
    help: {
      text: `${rationale} Each result's message says what is wrong at that place and how to fix it.`,
      markdown: `**${escapeMarkdown(description)}**\n\n${escapeMarkdown(rationale)}\n\nGate criterion: ${escapeMarkdown(criterionName)}. Each result's message says what is wrong at that place and how to fix it.`,
    },
    defaultConfiguration: level === 'none' ? { enabled: false, level } : { level },
    properties: { tags: [criterion] },
  };
}

/** A check that is not a rule of the spec catalog: unreadable input, or a brief artifact chain. */
export interface ExtraCheck {
  id: string;
  description: string;
  rationale: string;
  fix: string;
  tag: string;
}

const INPUT_ERROR_CHECK: ExtraCheck = {
  id: INPUT_ERROR_RULE_ID,
  description: 'The input file could be read, decoded and parsed as a JSON or YAML object.',
  rationale: 'A file that cannot be read or parsed yields no spec, so no rule of the gate can judge it.',
  fix: 'Fix the path, the encoding (UTF-8) or the syntax the message names, then run again.',
  tag: 'input',
};

const TOO_MANY_PROBLEMS_CHECK: ExtraCheck = {
  id: TOO_MANY_PROBLEMS,
  description: `A file lists at most ${DIAGNOSTIC_CAP.toLocaleString('en-US')} problems; this result counts the rest.`,
  rationale: 'One file with millions of problems would otherwise make millions of results, and a list too long to act on.',
  fix: 'Fix the problems listed, then run again to see the next ones.',
  tag: 'limits',
};

function extraDescriptor({ id, description, rationale, fix, tag }: ExtraCheck): Descriptor {
  return {
    id,
    name: pascalCase(id),
    shortDescription: { text: description },
    fullDescription: { text: `${description} ${rationale}` },
    help: {
      text: `${rationale} ${fix}`,
      markdown: `**${escapeMarkdown(description)}**\n\n${escapeMarkdown(rationale)} ${escapeMarkdown(fix)}`,
    },
    defaultConfiguration: { level: 'error' },
    properties: { tags: [tag] },
  };
}

/** SARIF lines and columns are 1-based: an unknown or impossible position gets no region at all. */
function region(line?: number, column?: number): { region?: { startLine: number; startColumn?: number } } {
  if (line === undefined || !Number.isInteger(line) || line < 1) return {};
  if (column === undefined || !Number.isInteger(column) || column < 1) return { region: { startLine: line } };
  return { region: { startLine: line, startColumn: column } };
}

function artifactLocation(file: FileOutcome): { uri: string; uriBaseId?: string } {
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
export function encodePath(path: string): string {
  const wellFormed = path.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  return wellFormed.split('/').map(encodeURIComponent).join('/');
}

function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (character) => `\\${character}`);
}
