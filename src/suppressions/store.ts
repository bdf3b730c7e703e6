/**
 * One spec's accepted counts, flat: rule id, count, rule id, count… Rule ids are the catalog's own
 * strings, shared by every entry, so that a spec costs its key and one short array: about 100
 * bytes, where a pair of prototype-free objects per spec cost 250.
 */
type Packed = Array<string | number>;

/**
 * A baseline in memory: for each spec (its key, a path relative to the suppressions file's folder)
 * and rule, how many problems are accepted. Keys are Map keys, so a spec named "__proto__" is an
 * ordinary entry; a spec with no rule left has no entry.
 */
export class Suppressions {
  readonly #bySpec = new Map<string, Packed>();

  /** Specs with at least one accepted rule. */
  get size(): number {
    return this.#bySpec.size;
  }

  has(spec: string): boolean {
    return this.#bySpec.has(spec);
  }

  /** The counts of one spec by rule id, in a prototype-free object; undefined when it has none. */
  countsOf(spec: string): Record<string, number> | undefined {
    const packed = this.#bySpec.get(spec);
    if (packed === undefined) return undefined;
    const counts: Record<string, number> = Object.create(null);
    for (let index = 0; index < packed.length; index += 2) counts[packed[index] as string] = packed[index + 1] as number;
    return counts;
  }

  /** Sets one spec's counts (rule ids as the catalog spells them), replacing its old ones; no count at all removes the spec. */
  set(spec: string, counts: Readonly<Record<string, number>>): void {
    const packed: Packed = [];
    for (const ruleId of Object.keys(counts)) packed.push(ruleId, counts[ruleId] as number);
    if (packed.length === 0) this.#bySpec.delete(spec);
    else this.#bySpec.set(spec, packed);
  }

  /** Adds one rule's count to a spec, for readers that meet a file's entries one by one; the rule must be new to the spec. */
  add(spec: string, ruleId: string, count: number): void {
    const packed = this.#bySpec.get(spec);
    if (packed === undefined) this.#bySpec.set(spec, [ruleId, count]);
    else packed.push(ruleId, count);
  }

  delete(spec: string): void {
    this.#bySpec.delete(spec);
  }

  /** The specs, in the order they were first set. */
  specs(): IterableIterator<string> {
    return this.#bySpec.keys();
  }

  /** Every entry as [spec, rule id, count], spec by spec, each spec's rules in the order they were set. */
  *entries(): IterableIterator<[string, string, number]> {
    for (const [spec, packed] of this.#bySpec)
      for (let index = 0; index < packed.length; index += 2) yield [spec, packed[index] as string, packed[index + 1] as number];
  }

  /** A copy that changes independently. */
  copy(): Suppressions {
    const copied = new Suppressions();
    for (const [spec, packed] of this.#bySpec) copied.#bySpec.set(spec, packed.slice());
    return copied;
  }
}
