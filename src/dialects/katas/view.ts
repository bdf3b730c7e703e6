import { isRecord } from '../../common/guards.js';
import { childPointer } from '../../diagnostics/pointer.js';
import type { SchemaFindings } from '../../schema/issues.js';
import { katasReportSchema } from './schema.js';

/** A value of the report and its JSON Pointer. */
export interface Located<T> {
  readonly value: T;
  readonly path: string;
}

/** An object of the report, whose fields a rule reads through the view. */
export type Holder = Located<Record<string, unknown>>;

const NO_POINTERS: ReadonlySet<string> = new Set();

/**
 * The katas report as rules see it. A value the JSON Schema rejected is not handed out, so that a
 * rule stays quiet about what `katas-schema` reported; the judge gives the view no such findings
 * when `katas-schema` is off (the reference preset), and the rules then check shapes themselves.
 * Every object handed out was walked to through accepted values only.
 */
export class KatasView {
  readonly root: Holder;

  constructor(
    readonly data: Record<string, unknown>,
    /** What the JSON Schema found; read by the `katas-schema` and `katas-unknown-field` rules. */
    readonly schema: SchemaFindings,
    /** Pointers of numbers the text wrote with a fraction or an exponent (5.0, 5e0): floats to Python. */
    private readonly floatLiterals: ReadonlySet<string> = NO_POINTERS,
  ) {
    this.root = { value: data, path: '' };
  }

  /** The value of `key` in an object of the report; undefined when absent or rejected by the JSON Schema. */
  field(holder: Holder, key: string): unknown {
    if (!Object.hasOwn(holder.value, key)) return undefined;
    return this.rejected(childPointer(holder.path, key)) ? undefined : holder.value[key];
  }

  /** The object at `key`, when it is one. */
  object(holder: Holder, key: string): Holder | undefined {
    const value = this.field(holder, key);
    return isRecord(value) ? { value, path: childPointer(holder.path, key) } : undefined;
  }

  /** The list at `key`, when it is one. */
  list(holder: Holder, key: string): Located<unknown[]> | undefined {
    const value = this.field(holder, key);
    return Array.isArray(value) ? { value, path: childPointer(holder.path, key) } : undefined;
  }

  /** The items of a list that the JSON Schema did not reject, with their pointers. */
  items(list: Located<readonly unknown[]>): Located<unknown>[] {
    const items: Located<unknown>[] = [];
    for (const [index, value] of list.value.entries()) {
      const path = childPointer(list.path, index);
      if (!this.rejected(path)) items.push({ value, path });
    }
    return items;
  }

  /** The objects among the items of the list at `key`; none when there is no such list. */
  records(holder: Holder | undefined, key: string): Holder[] {
    const list = holder === undefined ? undefined : this.list(holder, key);
    return list === undefined ? [] : this.items(list).filter((item): item is Holder => isRecord(item.value));
  }

  /** Whether the JSON Schema rejected the value at a pointer itself. */
  rejected(path: string): boolean {
    return this.schema.failed.has(path);
  }

  /** Whether the number at a pointer was written with a fraction or an exponent. */
  isFloatLiteral(path: string): boolean {
    return this.floatLiterals.has(path);
  }

  /** The format's top-level fields that the report lacks, in the schema's order. */
  missingTopLevelFields(): string[] {
    return katasReportSchema.required.filter((key) => !Object.hasOwn(this.data, key));
  }
}
