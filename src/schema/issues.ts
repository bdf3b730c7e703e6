import { isRecord } from '../common/guards.js';
import { offerSuggestion, suggestAllowed } from '../common/suggest.js';
import { show } from '../common/text.js';
import type { ValueFix } from '../diagnostics/diagnostic.js';
import { childPointer, parsePointer } from '../diagnostics/pointer.js';
import { QUOTE_COLON_HINT } from '../load/yaml-hint-quotes.js';
import { TRACE_TIME, windowTimeProblem } from '../trace/time.js';
import type { ErrorCount } from './cap-errors.js';
import {
  type DocumentSchema,
  documentValidator,
  type ErrorObject,
  type SchemaName,
  type ValidateFunction,
  validator,
} from './validators.js';

interface SchemaIssue {
  path: string;
  message: string;
  /** The value that fixes it, when it is the value written in another spelling (a number in quotes). */
  fix?: ValueFix;
}

export interface SchemaFindings {
  /** Structure and type problems, owned by the `schema` rule. */
  structural: SchemaIssue[];
  /** Keys the format does not know, owned by the `unknown-field` rule. */
  unknownKeys: SchemaIssue[];
  /** Pointers whose values rules must not read: every failing value and every container of one. */
  tainted: Set<string>;
  /** The failing values themselves: a rule may not read below one either. */
  failed: Set<string>;
  /**
   * Schema errors past SCHEMA_ERROR_CAP, counted but not described: structural ones, and unknown
   * keys. With structural ones omitted the tainted set is incomplete, so no rule may read the data.
   */
  omitted: { structural: number; unknown: number };
}

export const NO_SCHEMA_FINDINGS: SchemaFindings = {
  structural: [],
  unknownKeys: [],
  tainted: new Set(),
  failed: new Set(),
  omitted: { structural: 0, unknown: 0 },
};

/** Which schema judges a spec: the finished investigation's, or a draft's, where later sections may be missing. */
export type Stage = 'final' | 'draft';

export function validateStructure(data: Record<string, unknown>, stage: Stage = 'final'): SchemaFindings {
  return validateAgainst(stage === 'draft' ? 'investigationDraft' : 'investigation', data, 'the spec');
}

/**
 * What one of the tool's schemas, or a dialect's own, finds in a document; `documentName` names its
 * root in messages ("the spec", "the report").
 */
export function validateAgainst(schema: SchemaName | DocumentSchema, data: unknown, documentName: string): SchemaFindings {
  const validate = (typeof schema === 'string' ? validator(schema) : documentValidator(schema)) as ValidateFunction & ErrorCount;
  if (validate(data)) return NO_SCHEMA_FINDINGS;
  const errors = validate.errors ?? [];
  const unknownKept = errors.filter((error) => error.keyword === 'additionalProperties').length;
  const unknownCount = validate.unknownErrorCount ?? unknownKept;
  const omitted = {
    structural: Math.max(0, (validate.errorCount ?? errors.length) - unknownCount - (errors.length - unknownKept)),
    unknown: Math.max(0, unknownCount - unknownKept),
  };
  return { ...describeSchemaErrors(errors, documentName), omitted };
}

/** Ajv's errors as the `schema` and `unknown-field` rules word them, each worded issue once. */
export function describeSchemaErrors(errors: readonly ErrorObject[], documentName = 'the spec'): Omit<SchemaFindings, 'omitted'> {
  const findings: Omit<SchemaFindings, 'omitted'> = { structural: [], unknownKeys: [], tainted: new Set(), failed: new Set() };
  const seen = new Set<string>();
  for (const error of errors) {
    const issue = describe(error, documentName);
    if (!issue) continue;
    const key = `${issue.kind}\u0000${issue.path}\u0000${issue.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (issue.kind === 'unknown') {
      findings.unknownKeys.push({ path: issue.path, message: issue.message });
      continue;
    }
    findings.structural.push({ path: issue.path, message: issue.message, ...(issue.fix === undefined ? {} : { fix: issue.fix }) });
    findings.failed.add(issue.taintPath);
    taint(findings.tainted, issue.taintPath);
  }
  return findings;
}

function taint(tainted: Set<string>, path: string): void {
  const tokens = parsePointer(path);
  let current = '';
  tainted.add(current);
  for (const token of tokens) {
    current = childPointer(current, token);
    tainted.add(current);
  }
}

interface DescribedIssue {
  kind: 'structural' | 'unknown';
  path: string;
  taintPath: string;
  message: string;
  fix?: ValueFix;
}

function describe(error: ErrorObject, documentName: string): DescribedIssue | undefined {
  const path = error.instancePath;
  const where = (at: string): string => (at === '' ? documentName : at);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required': {
      const field = String(params['missingProperty']);
      return {
        kind: 'structural',
        path,
        taintPath: childPointer(path, field),
        message: `${where(path)} is missing the required field ${show(field)}; add it.`,
      };
    }
    case 'additionalProperties': {
      const key = String(params['additionalProperty']);
      const known = Object.keys((error.parentSchema as { properties?: object } | undefined)?.properties ?? {});
      return {
        kind: 'unknown',
        path: childPointer(path, key),
        taintPath: childPointer(path, key),
        message: `unknown field ${show(key)} in ${where(path)}; it is ignored.${offerSuggestion(suggestAllowed(key, known))} Prefix extension data with "x-".`,
      };
    }
    case 'type': {
      const number = quotedNumber(params['type'], error.data);
      const message = `${where(path)} must be ${article(String(params['type']))}, not ${describeValue(error.data)}.`;
      if (number === undefined) return structural(path, `${message}${typeHint(path, params['type'], error.data)}`);
      return { ...structural(path, `${message} Write it without quotes: ${number}.`), fix: { replacement: number, safety: 'safe' } };
    }
    case 'enum':
      return structural(path, outsideList(where(path), error.data, params['allowedValues']));
    case 'const':
      return structural(path, outsideList(where(path), error.data, [params['allowedValue']]));
    case 'minLength':
      return structural(path, `${where(path)} must not be an empty string; fill it in.`);
    case 'minimum':
      return structural(path, `${where(path)} must be at least ${String(params['limit'])}, not ${show(error.data)}.`);
    case 'pattern': {
      // A window's end (x-trace since, until), said as --trace-since says it: a time without a zone named as such.
      const time =
        params['pattern'] === TRACE_TIME.source && typeof error.data === 'string' ? windowTimeProblem(where(path), error.data) : undefined;
      return structural(path, `${time ?? `${where(path)} ${error.message ?? 'is invalid'}`}.`);
    }
    default:
      return structural(path, `${where(path)} ${error.message ?? 'is invalid'}.`);
  }
}

/**
 * A value the schema lists the allowed values of (a brief finding's direction, a stop reason): the
 * values, and the closest one to a string, as the rules word a value outside a policy's list.
 */
function outsideList(where: string, value: unknown, allowed: unknown): string {
  const values: unknown[] = Array.isArray(allowed) ? allowed : [];
  const shown = values.map((entry) => show(entry));
  const listed = shown.length <= 1 ? shown.join('') : `one of ${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`;
  const names = values.filter((entry): entry is string => typeof entry === 'string');
  const suggestion = typeof value === 'string' ? suggestAllowed(value, names) : undefined;
  return `${where} is ${describeValue(value)}; it must be ${listed}.${offerSuggestion(suggestion)}`;
}

/** What YAML may have made of a text written without quotes, as a sentence to append; or nothing. */
function typeHint(path: string, expectedType: unknown, value: unknown): string {
  if (textTurnedMapping(expectedType, value)) return ` ${QUOTE_COLON_HINT}`;
  const item = textTurnedList(expectedType, value);
  if (item === undefined) return '';
  const key = parsePointer(path).at(-1);
  const text = `[${item}]`;
  const example = typeof key === 'string' && /^[A-Za-z][\w-]*$/.test(key) ? `${key}: ${show(text)}` : show(text);
  return ` In YAML, ${/^\[[\w.-]{1,40}\]$/.test(text) ? text : 'a text in square brackets'} without quotes is a list of one item; to write the text, quote it: ${example}.`;
}

/**
 * A number expected, and a text that spells one the way JSON and YAML write numbers (`"1"`,
 * `"-2"`, `"0.5"` where a number goes): that number, the same value without its quotes. Other
 * spellings (`"01"`, `"1e3"`, `" 1"`) are left to the author.
 */
function quotedNumber(expectedType: unknown, value: unknown): number | undefined {
  if (typeof value !== 'string' || (expectedType !== 'integer' && expectedType !== 'number')) return undefined;
  const pattern = expectedType === 'integer' ? /^-?(?:0|[1-9]\d{0,14})$/ : /^-?(?:0|[1-9]\d{0,14})(?:\.\d{1,15})?$/;
  if (!pattern.test(value)) return undefined;
  const number = Number(value);
  return Object.is(number, -0) ? undefined : number;
}

/** A string expected, and an array of one text: what YAML makes of an unquoted "[TAG]". */
function textTurnedList(expectedType: unknown, value: unknown): string | undefined {
  if (expectedType !== 'string' || !Array.isArray(value) || value.length !== 1) return undefined;
  const [item] = value;
  return typeof item === 'string' && item !== '' && !/[[\]{},\n]/.test(item) ? item : undefined;
}

/** A string expected, and an object of one key with a text or number value: what YAML makes of an unquoted "key: text". */
function textTurnedMapping(expectedType: unknown, value: unknown): boolean {
  if (expectedType !== 'string' || !isRecord(value)) return false;
  const entries = Object.values(value);
  return entries.length === 1 && ['string', 'number', 'boolean'].includes(typeof entries[0]);
}

function structural(path: string, message: string): DescribedIssue {
  return { kind: 'structural', path, taintPath: path, message };
}

function article(type: string): string {
  const names: Record<string, string> = {
    string: 'a string',
    integer: 'an integer',
    number: 'a number',
    boolean: 'a boolean',
    array: 'an array',
    object: 'an object',
    null: 'null',
  };
  return type
    .split(',')
    .map((name) => names[name] ?? name)
    .join(' or ');
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'number') return Number.isInteger(value) ? `the number ${value}` : `the fraction ${value}`;
  if (typeof value === 'boolean') return `the boolean ${value}`;
  return `the ${typeof value} ${show(value)}`;
}
