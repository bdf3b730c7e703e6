import { parseTree, printParseErrorCode, visit, type Node } from 'jsonc-parser';
import { parsePointer } from '../diagnostics/pointer.js';
import { duplicateKey, inputProblem, type InputProblem } from './input-error.js';
import { MAX_DEPTH, measureShape, tooDeepMessage } from './shape.js';
import { LineIndex, type Locator } from './text-position.js';

export type JsonResult = { ok: true; value: unknown; locate: Locator } | { ok: false; problem: InputProblem };

const STRICT_JSON = { disallowComments: true, allowTrailingComma: false } as const;

export function parseJson(text: string): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { ok: false, problem: syntaxProblem(text, error) };
  }
  const lines = new LineIndex(text);
  // JSON.parse keeps the last of two equal keys without a word. Every colon outside a string
  // separates one member, so fewer members than colons means a key was repeated.
  const shape = measureShape(value);
  if (shape.depth > MAX_DEPTH) return { ok: false, problem: inputProblem('TOO_DEEP', tooDeepMessage(shape.depth)) };
  if (countMemberSeparators(text) !== shape.members) {
    const duplicate = findDuplicateKey(text, lines);
    if (duplicate) return { ok: false, problem: duplicate };
  }
  let tree: Node | undefined;
  const locate: Locator = (pointer) => {
    tree ??= parseTree(text, [], STRICT_JSON);
    const offset = tree && memberOffset(tree, parsePointer(pointer));
    return offset === undefined ? undefined : lines.position(offset);
  };
  return { ok: true, value, locate };
}

/** The offset of the key of the member a pointer names (of the item, in an array), or of its nearest existing ancestor. */
function memberOffset(root: Node, tokens: string[]): number {
  let node = root;
  let offset = root.offset;
  for (const token of tokens) {
    let next: Node | undefined;
    if (node.type === 'object') {
      const property = node.children?.find((child) => child.children?.[0]?.value === token);
      next = property?.children?.[1];
      if (property) offset = property.offset;
    } else if (node.type === 'array' && /^\d+$/.test(token)) {
      next = node.children?.[Number(token)];
      if (next) offset = next.offset;
    }
    if (!next) break;
    node = next;
  }
  return offset;
}

function countMemberSeparators(text: string): number {
  let count = 0;
  let at = 0;
  for (;;) {
    const quote = text.indexOf('"', at);
    const end = quote === -1 ? text.length : quote;
    for (let colon = text.indexOf(':', at); colon !== -1 && colon < end; colon = text.indexOf(':', colon + 1)) count++;
    if (quote === -1) return count;
    at = closingQuote(text, quote) + 1;
  }
}

function closingQuote(text: string, opening: number): number {
  for (let at = text.indexOf('"', opening + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return text.length;
}

function findDuplicateKey(text: string, lines: LineIndex): InputProblem | undefined {
  const scopes: Array<Map<string, number>> = [];
  let found: InputProblem | undefined;
  visit(
    text,
    {
      onObjectBegin: () => void scopes.push(new Map()),
      onObjectEnd: () => void scopes.pop(),
      onObjectProperty: (key, offset) => {
        const scope = scopes[scopes.length - 1];
        if (found || !scope) return;
        const first = scope.get(key);
        if (first === undefined) {
          scope.set(key, offset);
          return;
        }
        found = duplicateKey(key, lines.position(offset), lines.position(first));
      },
    },
    STRICT_JSON,
  );
  return found;
}

const PROBLEMS: Record<string, string> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a double-quoted property name',
  ValueExpected: 'expected a value',
  ColonExpected: 'expected a colon after the property name',
  CommaExpected: 'expected a comma between values',
  CloseBraceExpected: 'expected a closing brace',
  CloseBracketExpected: 'expected a closing bracket',
  EndOfFileExpected: 'unexpected content after the end of the document',
  InvalidCommentToken: 'comments are not allowed in JSON',
  UnexpectedEndOfComment: 'unterminated comment',
  UnexpectedEndOfString: 'unterminated string',
  UnexpectedEndOfNumber: 'unterminated number',
  InvalidUnicode: 'invalid unicode escape',
  InvalidEscapeCharacter: 'invalid escape character',
  InvalidCharacter: 'control character inside a string',
};

/** JSON.parse does not always say where it failed; a tolerant scanner finds the first error's place. */
function syntaxProblem(text: string, error: unknown): InputProblem {
  if (error instanceof RangeError) return inputProblem('TOO_DEEP', `the document nests too deeply to parse; at most ${MAX_DEPTH} levels are accepted`);
  const located: Array<{ code: string; offset: number }> = [];
  try {
    visit(text, { onError: (code, offset) => located.push({ code: printParseErrorCode(code), offset }) }, STRICT_JSON);
  } catch (scanError) {
    if (!(scanError instanceof RangeError)) throw scanError;
  }
  const first = located[0];
  if (!first) return inputProblem('JSON_SYNTAX', `invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  const position = new LineIndex(text).position(first.offset);
  return inputProblem('JSON_SYNTAX', `invalid JSON at line ${position.line}, column ${position.column}: ${PROBLEMS[first.code] ?? first.code}`, position);
}
