import { isRecord } from '../../../../common/guards.js';
import { isBlank, oneOf, show } from '../../../../common/text.js';
import { childPointer, parsePointer } from '../../../../diagnostics/pointer.js';
import type { Rule, RuleContext } from '../../../../rules/rule.js';
import type { KatasExample } from '../../base-report.js';
import type { KatasPolicy } from '../../policy.js';
import { isPythonBlank, pythonInteger, wholeNumber } from '../../python.js';
import type { Holder, KatasView, Located } from '../../view.js';

export type KatasContext = RuleContext<KatasView, KatasPolicy>;
export type KatasRule = Rule<KatasView, KatasPolicy, KatasExample>;

/**
 * The readers the katas rules share. Each reads one field as the policy reads values and reports
 * what is wrong with it, in messages that end with how to fix it. A value of the wrong shape is
 * reported only under Python reading (`policy.python`), where no JSON Schema ran: otherwise
 * `katas-schema` owns it and the reader returns undefined without a word. Blank texts, values
 * outside a fixed list and numbers spelt as floats are the rules' own under both readings.
 */

/** A pointer as the report's readers name fields: "budget.files.used", "findings[0].id". */
export function fieldName(path: string): string {
  if (path === '') return 'the report';
  return parsePointer(path)
    .map((token, index) => (/^\d+$/.test(token) ? `[${token}]` : index === 0 ? token : `.${token}`))
    .join('');
}

/** Text as the policy reads it: a string with something besides white space (Python's), or with a visible character. */
export function isText(policy: KatasPolicy, value: unknown): value is string {
  return typeof value === 'string' && !(policy.python ? isPythonBlank(value) : isBlank(value, true));
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return `the ${typeof value} ${show(value)}`;
}

/** Reports a value of the wrong shape under Python reading: a missing one on the object that lacks it. */
export function reportShape(context: KatasContext, holder: Holder, key: string, value: unknown, wanted: string, fix: string): void {
  const path = childPointer(holder.path, key);
  if (!context.policy.python || context.view.rejected(path)) return;
  if (value === undefined) context.report(holder.path, `${fieldName(path)} is missing; ${fix}`);
  else context.report(path, `${fieldName(path)} must be ${wanted}, not ${describeValue(value)}; ${fix}`);
}

export function readObject(context: KatasContext, holder: Holder, key: string, fix: string): Holder | undefined {
  const object = context.view.object(holder, key);
  if (object === undefined) reportShape(context, holder, key, context.view.field(holder, key), 'an object', fix);
  return object;
}

export function readList(context: KatasContext, holder: Holder, key: string, fix: string): Located<unknown[]> | undefined {
  const list = context.view.list(holder, key);
  if (list === undefined) reportShape(context, holder, key, context.view.field(holder, key), 'a list', fix);
  return list;
}

/** The objects of a list, and whether the list is empty, or whole (every item an object the schema accepted). */
export interface Records {
  path: string;
  records: Holder[];
  empty: boolean;
  complete: boolean;
}

/** The objects of a list; an item that is not one is reported under Python reading. */
export function readRecords(context: KatasContext, holder: Holder, key: string, fix: string): Records | undefined {
  const list = readList(context, holder, key, fix);
  if (list === undefined) return undefined;
  const records: Holder[] = [];
  for (const item of context.view.items(list)) {
    if (isRecord(item.value)) records.push(item as Holder);
    else if (context.policy.python)
      context.report(item.path, `${fieldName(item.path)} must be an object, not ${describeValue(item.value)}; ${fix}`);
  }
  return { path: list.path, records, empty: list.value.length === 0, complete: records.length === list.value.length };
}

export function readText(context: KatasContext, holder: Holder, key: string, fix: string): string | undefined {
  const value = context.view.field(holder, key);
  if (isText(context.policy, value)) return value;
  if (typeof value === 'string') {
    const path = childPointer(holder.path, key);
    context.report(path, `${fieldName(path)} is blank; ${fix}`);
  } else reportShape(context, holder, key, value, 'a string', fix);
  return undefined;
}

/** The texts of a list, and whether every item is one (a rule concludes from a list only when it is whole). */
export interface Texts {
  items: Located<string>[];
  values: string[];
  /** The values, for lookups. */
  distinct: ReadonlySet<string>;
  complete: boolean;
}

/** A list of texts; `fix`, when given, is how to fix a bad item, which is then reported. */
export function textItems(context: KatasContext, list: Located<unknown[]>, fix?: string): Texts {
  const texts: Located<string>[] = [];
  for (const { value, path } of context.view.items(list)) {
    if (isText(context.policy, value)) texts.push({ value, path });
    else if (fix === undefined) continue;
    else if (typeof value === 'string') context.report(path, `${fieldName(path)} is blank; ${fix}`);
    else if (context.policy.python) context.report(path, `${fieldName(path)} must be a string, not ${describeValue(value)}; ${fix}`);
  }
  const values = texts.map((text) => text.value);
  return { items: texts, values, distinct: new Set(values), complete: texts.length === list.value.length };
}

export function readTexts(context: KatasContext, holder: Holder, key: string, fix: string): Texts | undefined {
  const list = readList(context, holder, key, fix);
  return list === undefined ? undefined : textItems(context, list, fix);
}

/** A whole number, written as one; booleans count as 0 and 1 under Python reading. Reports nothing. */
export function integerOf(context: KatasContext, holder: Holder | undefined, key: string): number | undefined {
  if (holder === undefined) return undefined;
  const value = context.view.field(holder, key);
  const speltAsFloat = context.view.isFloatLiteral(childPointer(holder.path, key));
  return context.policy.python ? pythonInteger(value, speltAsFloat) : wholeNumber(value, speltAsFloat);
}

/** A whole number of at least `minimum`; booleans count as 0 and 1 under Python reading. */
export function readInteger(context: KatasContext, holder: Holder, key: string, minimum: number, fix: string): number | undefined {
  const value = context.view.field(holder, key);
  const path = childPointer(holder.path, key);
  const number = integerOf(context, holder, key);
  if (number === undefined) {
    if (context.view.isFloatLiteral(path) && Number.isInteger(value))
      context.report(
        path,
        `${fieldName(path)} is written with a decimal point or an exponent, which makes it a fraction to Python; ${fix}`,
      );
    else reportShape(context, holder, key, value, `a whole number of at least ${minimum}`, fix);
    return undefined;
  }
  if (number >= minimum) return number;
  if (context.policy.python) context.report(path, `${fieldName(path)} must be at least ${minimum}, not ${number}; ${fix}`);
  return undefined;
}

/** A boolean, which must be `expected` when given. */
export function readBoolean(
  context: KatasContext,
  holder: Holder,
  key: string,
  expected: boolean | undefined,
  fix: string,
): boolean | undefined {
  const value = context.view.field(holder, key);
  const path = childPointer(holder.path, key);
  if (typeof value === 'boolean') {
    if (expected === undefined || value === expected) return value;
    context.report(path, `${fieldName(path)} is ${value}; ${fix}`);
    return undefined;
  }
  reportShape(context, holder, key, value, expected === undefined ? 'true or false' : String(expected), fix);
  return undefined;
}

/** One of a fixed list of values, reported with the list and the closest value when it is another. */
export function readAllowed(context: KatasContext, holder: Holder, key: string, allowed: readonly string[], fix = ''): string | undefined {
  const value = context.view.field(holder, key);
  const path = childPointer(holder.path, key);
  if (typeof value === 'string' && allowed.includes(value)) return value;
  const use = `use ${oneOf(allowed)}.${fix === '' ? '' : ` ${fix}`}`;
  if (typeof value === 'string') context.report(path, () => `${fieldName(path)} is ${show(value)}; ${use}`, { value, allowed });
  else reportShape(context, holder, key, value, oneOf(allowed), use);
  return undefined;
}
