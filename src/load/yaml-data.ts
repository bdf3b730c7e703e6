import { type Alias, isAlias, isMap, isPair, isScalar, isSeq, type Node, type Pair, type YAMLSeq } from 'yaml';
import { show } from '../common/text.js';
import { duplicateKey, type InputProblem, inputProblem, lostListDash } from './input-error.js';
import { MAX_ALIAS_EXPANSION, MAX_DEPTH } from './limits.js';
import { circularMessage, tooDeepMessage } from './shape.js';
import type { LineIndex } from './text-position.js';

/** Why a YAML document cannot become spec data; thrown to unwind the conversion, caught by parseYaml. */
export class YamlRefusal extends Error {
  constructor(readonly problem: InputProblem) {
    super(problem.message);
  }
}

/** What every alias of the document stands for, so that locating a pointer can follow aliases too. */
export type AliasTargets = ReadonlyMap<Alias, Node>;

interface Converted {
  value: unknown;
  /** Values in the subtree, the node itself included: what one more use of it costs. */
  size: number;
  /** Characters of the strings in the subtree. */
  characters: number;
  /** Levels of objects and arrays in the subtree: 0 for a scalar. */
  height: number;
}

/** Aliases may always add this many characters, however short the document. */
const MIN_ALIAS_CHARACTERS = 1024 * 1024;

const NULL: Converted = { value: null, size: 1, characters: 0, height: 0 };

/**
 * The data of a composed YAML document, built in one pass over its nodes in document order.
 * Unlike the yaml library's toJS, it refuses:
 * - an alias inside the node its anchor names (`&a [*a]`): data that contains itself (CIRCULAR);
 * - aliases that would expand to more than MAX_ALIAS_EXPANSION values in all, or to more
 *   characters of strings than the document itself has (at least a mebibyte) (YAML_SYNTAX);
 * - nesting deeper than MAX_DEPTH, counting what aliases bring in (TOO_DEEP);
 * - a collection as a mapping key (YAML_COMPLEX_KEY): JSON keys are strings;
 * - two keys of one mapping that are the same string once resolved (DUPLICATE_KEY), whether
 *   written twice, reached through an alias (`*k : x`), or spelled differently (`1` and `"1"`).
 * A key becomes a string as the yaml library makes it one: null as "", other scalars with String().
 * An anchored node is converted once and shared by its aliases, but every use counts its size.
 */
export function yamlToData(root: Node | null, lines: LineIndex, textLength: number): { value: unknown; aliasTargets: AliasTargets } {
  const conversion = new Conversion(lines, Math.max(textLength, MIN_ALIAS_CHARACTERS));
  const { value } = conversion.node(root, 1);
  return { value, aliasTargets: conversion.aliasTargets };
}

/** The string a scalar key stands for in the data. */
export function keyString(value: unknown): string {
  return value === null ? '' : String(value);
}

class Conversion {
  readonly aliasTargets = new Map<Alias, Node>();
  /** The latest node of each anchor name met so far: an alias names the last one before it. */
  private readonly anchors = new Map<string, Node>();
  private readonly converted = new Map<Node, Converted>();
  private readonly inProgress = new Set<Node>();
  /** Mappings that are items of a block sequence (`- id: H1`). */
  private readonly blockItems = new Set<Node>();
  private expanded = 0;
  private expandedCharacters = 0;

  constructor(
    private readonly lines: LineIndex,
    private readonly maxAliasCharacters: number,
  ) {}

  /** A node whose objects and arrays, if any, sit at nesting `level` (the document's being 1). */
  node(node: Node | null | undefined, level: number): Converted {
    if (node === null || node === undefined) return NULL;
    if (isAlias(node)) return this.alias(node, level);
    const anchor = node.anchor;
    if (anchor === undefined) return this.body(node, level);
    this.anchors.set(anchor, node);
    this.inProgress.add(node);
    const result = this.body(node, level);
    this.inProgress.delete(node);
    this.converted.set(node, result);
    return result;
  }

  private alias(alias: Alias, level: number): Converted {
    const target = this.anchors.get(alias.source);
    if (target === undefined)
      this.refuse(
        'YAML_SYNTAX',
        `invalid YAML: a value that starts with "*" is an alias in YAML, and no anchor ${show(`&${alias.source}`)} comes before this one: to write a text that starts with "*" (a glob, say), quote it: ${show(`*${alias.source}`)}; for an alias, define the anchor first.`,
        alias,
      );
    if (this.inProgress.has(target)) {
      this.refuse('CIRCULAR', circularMessage(`the alias *${alias.source} sits inside the node its anchor &${alias.source} names`), alias);
    }
    this.aliasTargets.set(alias, target);
    const result = this.converted.get(target) as Converted;
    this.expanded += result.size;
    this.expandedCharacters += result.characters;
    if (this.expanded > MAX_ALIAS_EXPANSION || this.expandedCharacters > this.maxAliasCharacters) {
      this.refuse(
        'YAML_SYNTAX',
        `invalid YAML: its aliases expand to more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} values or ${this.maxAliasCharacters.toLocaleString('en-US')} characters (an alias bomb); write the values out`,
        alias,
      );
    }
    if (level - 1 + result.height > MAX_DEPTH) this.refuse('TOO_DEEP', tooDeepMessage(level - 1 + result.height), alias);
    return result;
  }

  private body(node: Node, level: number): Converted {
    if (isScalar(node))
      return { value: node.value, size: 1, characters: typeof node.value === 'string' ? node.value.length : 0, height: 0 };
    if (level > MAX_DEPTH) this.refuse('TOO_DEEP', tooDeepMessage(level), node);
    if (isMap(node)) return this.map(node.items as Pair<Node | null, Node | null>[], level, !node.flow && this.blockItems.has(node));
    if (isSeq(node)) return this.sequence(node, level);
    return NULL;
  }

  /**
   * `itemOfList`: the mapping is an item of a block sequence, so a repeat of its first key most
   * likely starts the next item, written without its "- ".
   */
  private map(pairs: ReadonlyArray<Pair<Node | null, Node | null>>, level: number, itemOfList = false): Converted {
    const data: Record<string, unknown> = {};
    const offsets = new Map<string, number>();
    let size = 1;
    let characters = 0;
    let height = 1;
    for (const pair of pairs) {
      const key = this.key(pair.key, level);
      const offset = pair.key?.range?.[0] ?? 0;
      const first = offsets.get(key);
      if (first !== undefined) {
        const here = this.lines.position(offset);
        const there = this.lines.position(first);
        const startsItem = itemOfList && first === pairs[0]?.key?.range?.[0];
        throw new YamlRefusal(startsItem ? lostListDash(key, here, there) : duplicateKey(key, here, there));
      }
      offsets.set(key, offset);
      const value = this.node(pair.value, level + 1);
      size += value.size;
      characters += key.length + value.characters;
      if (value.height + 1 > height) height = value.height + 1;
      // A plain assignment of "__proto__" would replace the prototype; a definition keeps it data.
      if (key === '__proto__')
        Object.defineProperty(data, key, { value: value.value, enumerable: true, writable: true, configurable: true });
      else data[key] = value.value;
    }
    return { value: data, size, characters, height };
  }

  private sequence(node: YAMLSeq, level: number): Converted {
    const items = node.items as Array<Node | Pair<Node | null, Node | null> | null>;
    if (!node.flow) for (const item of items) if (isMap(item)) this.blockItems.add(item);
    const data: unknown[] = [];
    let size = 1;
    let characters = 0;
    let height = 1;
    for (const item of items) {
      // A pair in a flow sequence (`[a: 1]`) is a mapping of one pair.
      const value = isPair(item) ? this.map([item], level + 1) : this.node(item, level + 1);
      size += value.size;
      characters += value.characters;
      if (value.height + 1 > height) height = value.height + 1;
      data.push(value.value);
    }
    return { value: data, size, characters, height };
  }

  private key(key: Node | null, level: number): string {
    const converted = this.node(key, level + 1);
    if (converted.value !== null && typeof converted.value === 'object') {
      this.refuse('YAML_COMPLEX_KEY', 'a mapping key is itself a sequence or mapping; keys of a spec are plain strings', key);
    }
    return keyString(converted.value);
  }

  private refuse(subcode: InputProblem['subcode'], message: string, node: Node | null): never {
    const offset = node?.range?.[0];
    throw new YamlRefusal(inputProblem(subcode, message, offset === undefined ? undefined : this.lines.position(offset)));
  }
}
