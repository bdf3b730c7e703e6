import { isMap, isScalar, isSeq, Lexer, parseDocument, Parser, visit, type Document, type Node, type ParsedNode } from 'yaml';
import { parsePointer } from '../diagnostics/pointer.js';
import { duplicateKey, inputProblem, type InputProblem } from './input-error.js';
import { MAX_DEPTH, measureShape, tooDeepMessage } from './shape.js';
import { LineIndex, type Locator } from './text-position.js';

export type YamlResult = { ok: true; value: unknown; locate: Locator } | { ok: false; problem: InputProblem };

/** More aliases than this is treated as an alias bomb ("billion laughs"), never expanded. */
const MAX_YAML_ALIASES = 100;

export function parseYaml(text: string): YamlResult {
  // The syntax tree may be a level or two deeper than the value; measureShape judges the exact limit.
  if (nestingExceeds(text, 2 * MAX_DEPTH)) return { ok: false, problem: tooDeep() };
  let document: Document;
  try {
    // resolveKnownTags off: !!binary, !!set, !!timestamp and the like stay unresolved, and are refused below.
    // logLevel error: the parser's warnings (a collection used as a key) stay out of the user's stderr.
    // uniqueKeys off: the parser's check compares each key with every other one (a minute for 50,000
    // keys); repeated keys are found below, in one pass.
    document = parseDocument(text, { prettyErrors: true, uniqueKeys: false, strict: true, resolveKnownTags: false, logLevel: 'error' });
  } catch (error) {
    // The parser recurses; nesting deep enough to exhaust the stack is refused like any excess.
    if (error instanceof RangeError) return { ok: false, problem: tooDeep() };
    throw error;
  }
  const lines = new LineIndex(text);
  const unknownTag = document.warnings.find((warning) => warning.code === 'TAG_RESOLVE_FAILED');
  if (unknownTag) {
    return {
      ok: false,
      problem: inputProblem('YAML_TAG', `YAML tags other than the core schema's are refused (${firstLine(unknownTag.message)}); write plain values instead`, lines.position(unknownTag.pos[0])),
    };
  }
  const firstError = document.errors[0];
  if (firstError?.message.includes('call stack')) return { ok: false, problem: tooDeep() };
  const duplicate = findDuplicateKey(document, lines);
  if (firstError) {
    const position = lines.position(firstError.pos[0]);
    if (duplicate && comesBefore(duplicate, position)) return { ok: false, problem: duplicate };
    return { ok: false, problem: inputProblem('YAML_SYNTAX', `invalid YAML: ${firstLine(firstError.message)}`, position) };
  }
  if (duplicate) return { ok: false, problem: duplicate };
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: MAX_YAML_ALIASES });
  } catch (error) {
    return { ok: false, problem: inputProblem('YAML_SYNTAX', `invalid YAML: ${error instanceof Error ? error.message : String(error)}`) };
  }
  const { depth } = measureShape(value);
  if (depth > MAX_DEPTH) return { ok: false, problem: inputProblem('TOO_DEEP', tooDeepMessage(depth)) };
  const locate: Locator = (pointer) => {
    const offset = memberOffset(document, parsePointer(pointer));
    return offset === undefined ? undefined : lines.position(offset);
  };
  return { ok: true, value, locate };
}

function tooDeep(): InputProblem {
  return inputProblem('TOO_DEEP', `the document nests too deeply to parse; at most ${MAX_DEPTH} levels are accepted`);
}

/**
 * Whether the syntax tree nests deeper than the limit, checked while the text is parsed, lexeme by
 * lexeme, so that a document nested a million levels deep is refused after a few hundred lexemes.
 * The parser keeps its open collections on a stack, but composing the tree into a document
 * recurses once per level: thousands of levels exhaust the call stack (and V8 has been seen to
 * abort the process afterwards), and millions take the parser minutes.
 */
function nestingExceeds(text: string, limit: number): boolean {
  const parser = new Parser();
  for (const lexeme of new Lexer().lex(text)) {
    const tokens = parser.next(lexeme);
    while (!tokens.next().done);
    if (parser.stack.length > limit) return true;
  }
  return false;
}

/** The offset of the key of the member a pointer names (of the item, in a sequence), or of its nearest existing ancestor. */
function memberOffset(document: Document, tokens: string[]): number | undefined {
  let node: unknown = document.contents;
  let offset = rangeStart(node);
  for (const token of tokens) {
    let next: unknown;
    if (isMap(node)) {
      const pair = node.items.find((item) => keyText(item.key) === token);
      next = pair?.value;
      if (pair) offset = rangeStart(pair.key) ?? offset;
    } else if (isSeq(node) && /^\d+$/.test(token)) {
      next = node.items[Number(token)];
      offset = rangeStart(next) ?? offset;
    }
    if (next === undefined || next === null) break;
    node = next;
  }
  return offset;
}

function rangeStart(node: unknown): number | undefined {
  return (node as Node | undefined)?.range?.[0];
}

function keyText(key: unknown): string | undefined {
  if (isScalar(key)) return String(key.value);
  return typeof key === 'string' ? key : undefined;
}

function comesBefore(problem: InputProblem, position: { line: number; column: number }): boolean {
  const line = problem.line ?? Infinity;
  return line < position.line || (line === position.line && (problem.column ?? Infinity) < position.column);
}

/** Both places of the first repeated key, with one set of keys per mapping: linear in the number of keys. */
function findDuplicateKey(document: Document, lines: LineIndex): InputProblem | undefined {
  let found: InputProblem | undefined;
  visit(document, {
    Map(_, map) {
      const seen = new Map<string, number>();
      for (const pair of map.items) {
        const key = keyText(pair.key);
        const offset = rangeStart(pair.key as ParsedNode | undefined);
        if (key === undefined || offset === undefined) continue;
        const first = seen.get(key);
        if (first === undefined) {
          seen.set(key, offset);
          continue;
        }
        found = duplicateKey(key, lines.position(offset), lines.position(first));
        return visit.BREAK;
      }
      return undefined;
    },
  });
  return found;
}

function firstLine(message: string): string {
  return (message.split('\n')[0] ?? message).replace(/:\s*$/, '');
}
