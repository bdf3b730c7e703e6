// What a document is, by its own marks: one of the dialects the gate judges, or one of the other
// documents that lie beside specs (working briefs, the tool's own outputs), or none the tool reads.
// A folder walk judges the first and leaves the others out with a note; see src/run/file-kind.ts.
import { isRecord } from '../common/guards.js';
import type { DialectId } from '../report/types.js';
import { briefArtifactSchema, investigationSchema } from '../schema/validators.js';
import { toolInfo } from '../tool.js';
import { dialects } from './registry.js';

/** The documents a walk leaves out: working briefs, the tool's own outputs, and files of no kind it reads. */
export type OtherKind = 'brief-artifact' | 'brief-request' | 'json-report' | 'envelope' | 'sarif-log' | 'unknown';

/** A document's kind: the dialect that judges it, or another kind. */
export type DocumentKind = DialectId | OtherKind;

export interface OtherKindDescription {
  id: OtherKind;
  /** One of them, after "a" or "1": "brief artifact". */
  singular: string;
  /** Several, after a count: "brief artifacts". */
  plural: string;
}

/** The other kinds, in the order every listing gives them. */
export const otherKinds: readonly OtherKindDescription[] = [
  { id: 'brief-artifact', singular: 'brief artifact', plural: 'brief artifacts' },
  { id: 'brief-request', singular: 'brief request', plural: 'brief requests' },
  { id: 'json-report', singular: 'JSON report of this tool', plural: 'JSON reports of this tool' },
  { id: 'envelope', singular: '--json envelope of this tool', plural: '--json envelopes of this tool' },
  { id: 'sarif-log', singular: 'SARIF log of this tool', plural: 'SARIF logs of this tool' },
  { id: 'unknown', singular: 'file of no kind this tool reads', plural: 'files of no kind this tool reads' },
];

/** Every kind, in listing order: the dialects in the registry's order, then the others. */
export function documentKinds(): DocumentKind[] {
  return [...dialects.map((dialect) => dialect.id), ...otherKinds.map((kind) => kind.id)];
}

/** The description of another kind. */
export function otherKind(id: OtherKind): OtherKindDescription {
  return otherKinds.find((kind) => kind.id === id) as OtherKindDescription;
}

/** How listings name a dialect's documents, without the article: "investigation spec", "katas report". */
export function dialectName(id: DialectId): string {
  const name = dialects.find((dialect) => dialect.id === id)?.documentName ?? id;
  return name.replace(/^an? /, '');
}

/** "a, b or c" (or "and"): a list of words as a sentence says it. */
export function wordList(words: readonly string[], conjunction: 'and' | 'or'): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/** One of a dialect's documents after "a" or "an", as lists of what the tool reads name it: "a spec". */
function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** The documents the gate judges, as lists name one: "spec", "katas report". */
export function judgedShortNames(): string[] {
  return dialects.map((dialect) => dialect.shortName.singular);
}

/** The documents the gate judges, each after its article: "a spec", "a katas report". */
export function judgedDocumentNames(): string[] {
  return judgedShortNames().map(withArticle);
}

/** Whether a kind is one of the dialects', which the gate judges. */
export function isJudgedKind(kind: DocumentKind): kind is DialectId {
  return dialects.some((dialect) => dialect.id === kind);
}

/**
 * What a parsed document is, by its own marks, first match wins; null for one that is not an
 * object (judged as today: its own input error). The dialects come first, so that a spec is
 * never taken for anything else:
 * 1. a dialect whose `schema` text the document gives (a katas report);
 * 2. the dialect of documents without one (an investigation spec), when the document has one of
 *    its top-level keys (`goal`, `budget`, `surfaceMap`, …, not the `x-` ones) or a `$schema`
 *    naming the investigation schema: a spec that lost its goal is still a spec, and stops for it;
 * 3. the tool's own outputs: a JSON report (`reportVersion`, and `tool.name` this tool's), a
 *    `--json` envelope (`schema`, `ok`, `command`), a SARIF log of a run of this tool;
 * 4. a brief artifact, with at least two of the fields the brief artifact schema requires
 *    (`hypothesisId`, `sequence`, `parent`, `brief`), or a brief request (the brief `briefs append
 *    --from` reads), with at least two of the fields a brief requires (`formatVersion`,
 *    `findings`, `uncertainties`, `nextQuestion`, `changes`): one lone common word is no mark;
 * 5. otherwise a document of no kind this tool reads.
 * An empty object is a spec with nothing written yet (it stops for its goal, as it always did): a
 * gate never passes over an emptied spec as a file of no kind. A file name plays no part.
 */
export function documentKind(data: unknown): DocumentKind | null {
  if (!isRecord(data)) return null;
  const dialect = dialectKind(data) ?? (Object.keys(data).length === 0 ? unnamedDialect() : null);
  if (dialect !== null) return dialect;
  if (typeof data['reportVersion'] === 'number' && isRecord(data['tool']) && data['tool']['name'] === toolInfo.name) return 'json-report';
  if (typeof data['schema'] === 'string' && typeof data['ok'] === 'boolean' && typeof data['command'] === 'string') return 'envelope';
  if (data['version'] === '2.1.0' && Array.isArray(data['runs']) && data['runs'].some(isOwnSarifRun)) return 'sarif-log';
  if (countOwn(data, marks().briefArtifact) >= 2) return 'brief-artifact';
  if (countOwn(data, marks().briefRequest) >= 2) return 'brief-request';
  return 'unknown';
}

/**
 * The dialect whose marks a document (or the top-level keys read from the head of a file, their
 * values where they were simple strings) carries, or null: the first two steps of documentKind.
 */
export function dialectKind(data: Record<string, unknown>): DialectId | null {
  const schema = data['schema'];
  const named = typeof schema === 'string' ? dialects.find((dialect) => dialect.schema === schema) : undefined;
  if (named !== undefined) return named.id;
  const $schema = data['$schema'];
  const namesItsSchema = typeof $schema === 'string' && SPEC_SCHEMA_FILE.test($schema.slice($schema.lastIndexOf('/') + 1));
  return namesItsSchema || countOwn(data, marks().unnamed) > 0 ? unnamedDialect() : null;
}

/** The dialect of documents without a `schema` text: the investigation spec. */
function unnamedDialect(): DialectId | null {
  return dialects.find((dialect) => dialect.schema === null)?.id ?? null;
}

/** The file name of the investigation schema in a `$schema` URL or path: investigation.schema.json, investigation-1.schema.json, … */
const SPEC_SCHEMA_FILE = /^investigation[\w.-]*\.schema\.json$/i;

function isOwnSarifRun(run: unknown): boolean {
  if (!isRecord(run) || !isRecord(run['tool'])) return false;
  const driver = run['tool']['driver'];
  return isRecord(driver) && driver['name'] === toolInfo.name;
}

function countOwn(data: Record<string, unknown>, keys: readonly string[]): number {
  return keys.filter((key) => Object.hasOwn(data, key)).length;
}

interface Marks {
  /** The top-level keys of the dialect without a `schema` text (the spec's), from its schema: every property but `$schema` and the `x-` ones. */
  unnamed: readonly string[];
  briefArtifact: readonly string[];
  briefRequest: readonly string[];
}

let cached: Marks | undefined;

/** Read from the schemas once, so that a field added to a format is a mark at once. */
function marks(): Marks {
  if (cached !== undefined) return cached;
  const schema = dialects.find((dialect) => dialect.schema === null)?.inputSchema() as { properties?: object } | undefined;
  cached = {
    unnamed: Object.keys(schema?.properties ?? {}).filter((key) => key !== '$schema' && !key.startsWith('x-')),
    briefArtifact: briefArtifactSchema.required,
    briefRequest: investigationSchema.$defs.brief.required,
  };
  return cached;
}
