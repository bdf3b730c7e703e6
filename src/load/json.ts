import { printParseErrorCode, visit } from 'jsonc-parser';
import { parsePointer } from '../diagnostics/pointer.js';
import { duplicateKey, type InputProblem, inputProblem } from './input-error.js';
import { countMemberSeparators, findRepeatedKey, locatePointers, measureNesting } from './json-scan.js';
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
  const shape = measureShape(value);
  if (shape.depth > MAX_DEPTH) return { ok: false, problem: tooDeep(text, tooDeepMessage(shape.depth)) };
  if (countMemberSeparators(text) !== shape.members) {
    const repeated = findRepeatedKey(text);
    if (repeated)
      return { ok: false, problem: duplicateKey(repeated.key, lines.position(repeated.offset), lines.position(repeated.firstOffset)) };
  }
  return { ok: true, value, locate: jsonLocator(text, lines) };
}

/**
 * Positions, looked up for all the pointers of a file at once (one pass over the text), and
 * remembered, so that a file with thousands of diagnostics is scanned once.
 */
function jsonLocator(text: string, lines: LineIndex): Locator {
  const offsets = new Map<string, number>();
  const locator: Locator = (pointer) => {
    let offset = offsets.get(pointer);
    if (offset === undefined) {
      [offset] = locatePointers(text, [parsePointer(pointer)]) as [number];
      offsets.set(pointer, offset);
    }
    return lines.position(offset);
  };
  locator.prepare = (pointers) => {
    const missing = [...new Set(pointers)].filter((pointer) => !offsets.has(pointer));
    if (missing.length === 0) return;
    const found = locatePointers(text, missing.map(parsePointer));
    for (const [index, pointer] of missing.entries()) offsets.set(pointer, found[index] as number);
  };
  return locator;
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

/** A refusal for nesting, at the bracket that opens the first level past the limit. */
function tooDeep(text: string, message: string): InputProblem {
  const offset = measureNesting(text, MAX_DEPTH).pastLimit;
  return inputProblem('TOO_DEEP', message, offset === undefined ? undefined : new LineIndex(text).position(offset));
}

/** JSON.parse does not always say where it failed; a tolerant scanner finds the first error's place. */
function syntaxProblem(text: string, error: unknown): InputProblem {
  if (error instanceof RangeError) return tooDeep(text, `the document nests too deeply to parse; at most ${MAX_DEPTH} levels are accepted`);
  const located: Array<{ code: string; offset: number }> = [];
  try {
    visit(text, { onError: (code, offset) => located.push({ code: printParseErrorCode(code), offset }) }, STRICT_JSON);
  } catch (scanError) {
    if (!(scanError instanceof RangeError)) throw scanError;
  }
  const first = located[0];
  if (!first) return inputProblem('JSON_SYNTAX', `invalid JSON: ${error instanceof Error ? error.message : String(error)}`);
  const comma = trailingComma(text, first);
  if (comma !== undefined) {
    const position = new LineIndex(text).position(comma.offset);
    return inputProblem(
      'JSON_SYNTAX',
      `invalid JSON at line ${position.line}, column ${position.column}: a trailing comma before the closing ${comma.closer}; JSON allows none, so remove it`,
      position,
    );
  }
  const position = new LineIndex(text).position(first.offset);
  return inputProblem(
    'JSON_SYNTAX',
    `invalid JSON at line ${position.line}, column ${position.column}: ${PROBLEMS[first.code] ?? first.code}`,
    position,
  );
}

/**
 * A comma followed only by white space and the end of an object or array: the scanner reports the
 * missing member at the closing bracket, but the mistake, and its fix, is the comma before it.
 */
function trailingComma(text: string, error: { code: string; offset: number }): { offset: number; closer: string } | undefined {
  if (error.code !== 'PropertyNameExpected' && error.code !== 'ValueExpected') return undefined;
  const closer = text[error.offset];
  if (closer !== '}' && closer !== ']') return undefined;
  let offset = error.offset - 1;
  while (offset >= 0 && JSON_SPACE.has(text[offset] as string)) offset--;
  if (text[offset] !== ',') return undefined;
  return { offset, closer: closer === '}' ? 'brace' : 'bracket' };
}

const JSON_SPACE: ReadonlySet<string> = new Set([' ', '\t', '\n', '\r']);
