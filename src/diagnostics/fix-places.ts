// Where a diagnostic's fix can be written in a spec's text, and what is written there: the one
// check that decides both whether a fix is offered (the core keeps a fix only where this finds a
// place for it, so that "N fixable with --fix" counts only fixes that are written) and where
// --fix, the MCP server and the language server write it (src/fix/edit-value.ts). For YAML, the
// core asks it of the document the loader parsed (its locator's `fixPlace`), the editor of its own
// parse of the same text: one function of the document, never a second parse in a compile.
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import { Document, isMap, isScalar, isSeq, parseDocument, type Scalar } from 'yaml';
import type { Diagnostic } from './diagnostic.js';
import { isIndexToken, parsePointer } from './pointer.js';
import type { DocumentFormat } from './value-places.js';

/** A value of the text a fix may replace: its span (UTF-16 offsets, end excluded), and the text that writes a replacement as that value was written. */
export interface FixPlace {
  start: number;
  end: number;
  written(replacement: string | number): string;
}

/** The YAML scalars a fix may be written over: plain and quoted ones. */
const WRITABLE_SCALARS: ReadonlySet<Scalar['type']> = new Set(['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE']);

/**
 * The place of the value each pointer names, undefined where a fix must not be written: no such
 * value, or a value that is not a scalar; in YAML (yamlFixPlaces) more. The text is parsed once, on
 * the first question.
 */
export function fixPlaces(text: string, format: DocumentFormat): FixPlaceFinder {
  let find: FixPlaceFinder | undefined;
  return (pointer) => {
    find ??= format === 'json' ? jsonPlaces(text) : yamlFixPlaces(parseDocument(text, { uniqueKeys: false }).contents);
    return find(pointer);
  };
}

/** Where a fix to the value a pointer names may be written, if anywhere. */
export type FixPlaceFinder = (pointer: string) => FixPlace | undefined;

/**
 * The diagnostics with each fix kept only where `placeOf` finds its place; the same array when every
 * fix is kept. Without `placeOf` (JSON, or data that was never text), every fix is kept: in JSON
 * every value a rule can fix is a scalar the text writes once (a repeated key is refused), which
 * fixPlaces always finds, and a check would cost a second parse of every spec with a fix.
 */
export function keepApplicableFixes(diagnostics: Diagnostic[], placeOf: FixPlaceFinder | undefined): Diagnostic[] {
  if (placeOf === undefined || !diagnostics.some((diagnostic) => diagnostic.fix !== undefined)) return diagnostics;
  let dropped = false;
  const kept = diagnostics.map((diagnostic) => {
    if (diagnostic.fix === undefined || placeOf(diagnostic.path) !== undefined) return diagnostic;
    dropped = true;
    const { fix: _, ...rest } = diagnostic;
    return rest;
  });
  return dropped ? kept : diagnostics;
}

function jsonPlaces(text: string): FixPlaceFinder {
  const root = parseTree(text);
  return (pointer) => {
    const path = parsePointer(pointer).map((token) => (isIndexToken(token) ? Number(token) : token));
    const node = root === undefined ? undefined : findNodeAtLocation(root, path);
    if (node === undefined || node.type === 'object' || node.type === 'array' || node.type === 'property') return undefined;
    return { start: node.offset, end: node.offset + node.length, written: (replacement) => JSON.stringify(replacement) };
  };
}

/**
 * The places of a YAML document's contents, where a fix may be written as meant. Not in a value
 * that an alias stands for or that stands for an anchor's (an anchored or aliased scalar, or one
 * inside an anchored or aliased collection): writing it would change every alias of it too, or not
 * the value the pointer reads. Not in a block scalar (`|`, `>`), whose header and lines are more
 * than one value's text, nor in a value with an explicit tag (`!!str`), which the replacement may
 * not fit.
 */
export function yamlFixPlaces(contents: unknown): FixPlaceFinder {
  return (pointer) => {
    let node: unknown = contents;
    for (const token of parsePointer(pointer)) {
      if ((isMap(node) || isSeq(node)) && node.anchor !== undefined) return undefined;
      if (isMap(node)) node = node.items.find((pair) => isScalar(pair.key) && String(pair.key.value) === token)?.value;
      else if (isSeq(node) && isIndexToken(token)) node = node.items[Number(token)];
      else return undefined;
    }
    if (!isScalar(node) || node.anchor !== undefined || node.tag !== undefined || node.type === undefined) return undefined;
    if (!WRITABLE_SCALARS.has(node.type) || node.range === undefined || node.range === null) return undefined;
    const scalar = node;
    return { start: node.range[0], end: node.range[1], written: (replacement) => scalarText(scalar, replacement) };
  };
}

/**
 * The replacement as the scalar it replaces was written: a plain scalar stays plain where YAML reads
 * the new text back as the same string, else is double-quoted; a quoted one keeps its quotes.
 */
function scalarText(original: Scalar, replacement: string | number): string {
  if (typeof replacement === 'number') return String(replacement);
  if (original.type === 'QUOTE_SINGLE' && !/[\n\r]/.test(replacement)) return `'${replacement.replace(/'/g, "''")}'`;
  if (original.type === 'PLAIN') {
    const written = new Document(replacement).toString({ lineWidth: 0 }).trimEnd();
    if (!written.includes('\n') && !/^["']/.test(written)) return written;
  }
  return JSON.stringify(replacement);
}
