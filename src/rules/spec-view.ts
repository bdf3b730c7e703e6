import { isRecord } from '../common/guards.js';
import { childPointer, pointer } from '../diagnostics/pointer.js';
import type { SchemaFindings } from '../schema/issues.js';
import type { Budget, Discovery, SectionItem, SectionName, StopCondition } from '../spec/types.js';
import type { TraceEvidence } from '../trace/evidence.js';

export interface Item<T> {
  readonly value: T;
  readonly index: number;
  readonly path: string;
}

/** An item whose pointer is spelled out only when a rule asks for it: most are never reported. */
class SectionEntry<T> implements Item<T> {
  constructor(
    readonly value: T,
    readonly index: number,
    private readonly base: string,
  ) {}

  get path(): string {
    return childPointer(this.base, this.index);
  }
}

/** The fields of a section's items that a rule reads. */
export type Reads<K extends SectionName> = readonly (keyof SectionItem[K] & string)[];

/**
 * The spec as rules see it. A value the schema rejected is "tainted", along with every
 * object that contains it, so that a rule only ever reads values of the declared type and
 * stays quiet about what the schema already reported. Taint is as narrow as what a rule reads:
 * an item with one bad field still counts for a rule that reads only its other fields.
 */
export class SpecView {
  private readonly itemCache = new Map<string, Item<unknown>[]>();
  private readonly idCache = new Map<SectionName, Set<string>>();
  private mappedNodeCache: Set<string> | undefined;

  constructor(
    readonly data: Record<string, unknown>,
    /** What the JSON Schema found; read by the `schema` and `unknown-field` rules. */
    readonly schema: SchemaFindings,
    /** The agent's own trace, when one was given: read by the trace-* rules. */
    readonly trace?: TraceEvidence,
  ) {}

  /** The raw array of a section, whatever its items hold; undefined when it is not an array. */
  rawSection(section: SectionName): unknown[] | undefined {
    const value = this.data[section];
    return Array.isArray(value) ? value : undefined;
  }

  /** Items of a section whose fields in `reads` the schema accepted, with their index and pointer. */
  items<K extends SectionName>(section: K, reads: Reads<K>): Item<SectionItem[K]>[] {
    const base = pointer(section);
    // Taint reaches every object above a rejected value, so a section without it has no rejected
    // item, and every rule sees all of its items: one list serves them all, not one a rule (a
    // million entries for 100,000 deep dives read ten ways).
    const key = this.schema.tainted.has(base) ? `${section}\u0000${reads.join('\u0000')}` : section;
    let cached = this.itemCache.get(key);
    if (!cached) {
      cached = [];
      const raw = this.rawSection(section) ?? [];
      for (let index = 0; index < raw.length; index++) {
        if (this.canRead(base, index, reads)) cached.push(new SectionEntry(raw[index], index, base));
      }
      this.itemCache.set(key, cached);
    }
    return cached as Item<SectionItem[K]>[];
  }

  /**
   * Whether the schema accepted the fields in `reads` of every item of a section. A rule that
   * concludes from the absence of something ("no deep dive confirms H2") needs them all, or it
   * stays quiet.
   */
  isComplete<K extends SectionName>(section: K, reads: Reads<K>): boolean {
    const raw = this.rawSection(section);
    return raw !== undefined && this.items(section, reads).length === raw.length;
  }

  /** Every string id in a section, including items the schema rejected for another field. */
  ids(section: SectionName): Set<string> {
    let cached = this.idCache.get(section);
    if (!cached) {
      cached = new Set();
      for (const item of this.rawSection(section) ?? []) {
        const id = isRecord(item) ? item['id'] : undefined;
        if (typeof id === 'string') cached.add(id);
      }
      this.idCache.set(section, cached);
    }
    return cached;
  }

  /** Every node the surface map surfaced. */
  mappedNodes(): Set<string> {
    if (!this.mappedNodeCache) {
      this.mappedNodeCache = new Set();
      for (const entry of this.rawSection('surfaceMap') ?? []) {
        const nodes = isRecord(entry) ? entry['candidateNodes'] : undefined;
        if (!Array.isArray(nodes)) continue;
        for (const node of nodes) if (typeof node === 'string') this.mappedNodeCache.add(node);
      }
    }
    return this.mappedNodeCache;
  }

  budget(): Budget | undefined {
    return this.cleanField<Budget>('budget');
  }

  stopCondition(): StopCondition | undefined {
    return this.cleanField<StopCondition>('stopCondition');
  }

  deliverable(): string | undefined {
    return this.cleanField<string>('deliverable');
  }

  /** The discovery block, when present and accepted by the schema. */
  discovery(): Discovery | undefined {
    return this.cleanField<Discovery>('discovery');
  }

  /** Ids of the evidence registry, or undefined when the spec has no registry. */
  evidenceIds(): Set<string> | undefined {
    return this.rawSection('evidence') === undefined ? undefined : this.ids('evidence');
  }

  risks(): string[] | undefined {
    return this.cleanField<string[]>('risks');
  }

  private cleanField<T>(key: string): T | undefined {
    if (!Object.hasOwn(this.data, key)) return undefined;
    return this.schema.tainted.has(pointer(key)) ? undefined : (this.data[key] as T);
  }

  /** The item itself is an object the schema accepted as one, and no field it reads failed. */
  private canRead(base: string, index: number, reads: readonly string[]): boolean {
    const { tainted, failed } = this.schema;
    if (tainted.size === 0) return true;
    const path = childPointer(base, index);
    if (!tainted.has(path)) return true;
    if (failed.has('') || failed.has(base) || failed.has(path)) return false;
    return reads.every((field) => !tainted.has(childPointer(path, field)));
  }
}
