import { isRecord } from '../common/guards.js';
import { childPointer, pointer } from '../diagnostics/pointer.js';
import type { SchemaFindings } from '../schema/issues.js';
import type { Budget, Discovery, SectionItem, SectionName, StopCondition } from '../spec/types.js';

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

/**
 * The spec as rules see it. A value the schema rejected is "tainted", along with every
 * object that contains it, so that a rule only ever reads values of the declared type and
 * stays quiet about what the schema already reported.
 */
export class SpecView {
  private readonly itemCache = new Map<SectionName, Item<unknown>[]>();
  private readonly idCache = new Map<SectionName, Set<string>>();
  private mappedNodeCache: Set<string> | undefined;

  constructor(
    readonly data: Record<string, unknown>,
    /** What the JSON Schema found; read by the `schema` and `unknown-field` rules. */
    readonly schema: SchemaFindings,
  ) {}

  isClean(path: string): boolean {
    return !this.schema.tainted.has(path);
  }

  /** The raw array of a section, whatever its items hold; undefined when it is not an array. */
  rawSection(section: SectionName): unknown[] | undefined {
    const value = this.data[section];
    return Array.isArray(value) ? value : undefined;
  }

  /** Items of a section that the schema accepted, with their index and pointer. */
  items<K extends SectionName>(section: K): Item<SectionItem[K]>[] {
    let cached = this.itemCache.get(section);
    if (!cached) {
      cached = [];
      const raw = this.rawSection(section) ?? [];
      const base = pointer(section);
      const anyTainted = this.schema.tainted.size > 0;
      for (let index = 0; index < raw.length; index++) {
        if (!anyTainted || this.isClean(childPointer(base, index))) cached.push(new SectionEntry(raw[index], index, base));
      }
      this.itemCache.set(section, cached);
    }
    return cached as Item<SectionItem[K]>[];
  }

  /**
   * Whether every item of a section passed the schema. A rule that concludes from the absence of
   * something ("no deep dive confirms H2") needs the whole section, or it stays quiet.
   */
  isComplete(section: SectionName): boolean {
    const raw = this.rawSection(section);
    return raw !== undefined && this.items(section).length === raw.length;
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
    return this.isClean(pointer(key)) ? (this.data[key] as T) : undefined;
  }
}
