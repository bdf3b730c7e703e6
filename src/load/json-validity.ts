import { skipSpace } from './json-scan.js';

/**
 * Whether text is one JSON value (RFC 8259, white space around it allowed), told in one pass over
 * the text without recursion and without building the value: for text nested too deeply to be
 * parsed and walked safely, which must still be told apart from text that is not JSON at all.
 * The containers open at each point are kept one byte each, so memory is at most the text's length.
 */
export function isJsonText(text: string): boolean {
  const open = new ContainerStack();
  let at = skipSpace(text, 0);
  // Each turn reads one value, then what may follow it: a comma, the end of containers, or the end.
  for (;;) {
    at = readValue(text, at, open);
    if (at < 0) return false;
    for (;;) {
      at = skipSpace(text, at);
      const inside = open.top();
      if (inside === NONE) return at === text.length;
      const code = text.charCodeAt(at);
      if (code === COMMA) {
        at = skipSpace(text, at + 1);
        if (inside === OBJECT) at = readKey(text, at);
        if (at < 0) return false;
        break;
      }
      if (code !== (inside === OBJECT ? CLOSE_BRACE : CLOSE_BRACKET)) return false;
      open.pop();
      at++;
    }
  }
}

const LITERALS = ['true', 'false', 'null'] as const;
/** The characters that may follow a backslash, but the "u" of a \uXXXX escape. */
const SIMPLE_ESCAPES = new Set([...'"\\/bfnrt'].map((character) => character.charCodeAt(0)));

const NONE = 0;
const OBJECT = 1;
const ARRAY = 2;

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const MINUS = 45;
const PLUS = 43;
const DOT = 46;
const ZERO = 48;
const NINE = 57;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/** The kinds of the containers open, innermost last, one byte each. */
class ContainerStack {
  private kinds = new Uint8Array(64);
  private size = 0;

  push(kind: number): void {
    if (this.size === this.kinds.length) {
      const grown = new Uint8Array(this.kinds.length * 2);
      grown.set(this.kinds);
      this.kinds = grown;
    }
    this.kinds[this.size++] = kind;
  }

  pop(): void {
    this.size--;
  }

  top(): number {
    return this.size === 0 ? NONE : (this.kinds[this.size - 1] as number);
  }
}

/**
 * Reads a value starting at `start` (white space skipped): a scalar whole, or a container's
 * opening up to its first value, which the caller's loop reads next. Where reading stopped, or -1.
 * An empty container is read whole.
 */
function readValue(text: string, start: number, open: ContainerStack): number {
  let at = start;
  for (;;) {
    const code = text.charCodeAt(at);
    if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      const close = code === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
      const next = skipSpace(text, at + 1);
      if (text.charCodeAt(next) === close) return next + 1;
      open.push(code === OPEN_BRACE ? OBJECT : ARRAY);
      at = code === OPEN_BRACE ? readKey(text, next) : next;
      if (at < 0) return -1;
      continue;
    }
    if (code === QUOTE) return stringEnd(text, at);
    if (code === MINUS || (code >= ZERO && code <= NINE)) return numberEnd(text, at);
    for (const literal of LITERALS) if (text.startsWith(literal, at)) return at + literal.length;
    return -1;
  }
}

/** Reads `"key" :` at `start`; where the value starts, or -1. */
function readKey(text: string, start: number): number {
  if (text.charCodeAt(start) !== QUOTE) return -1;
  const end = stringEnd(text, start);
  if (end < 0) return -1;
  const colon = skipSpace(text, end);
  return text.charCodeAt(colon) === COLON ? skipSpace(text, colon + 1) : -1;
}

/** Just past the string opening at `open`, or -1: no control characters inside, only JSON's escapes. */
function stringEnd(text: string, open: number): number {
  for (let at = open + 1; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === QUOTE) return at + 1;
    if (code < 0x20) return -1;
    if (code !== BACKSLASH) continue;
    const escaped = text.charCodeAt(++at);
    if (escaped === 0x75) {
      for (let digit = 1; digit <= 4; digit++) if (!isHexDigit(text.charCodeAt(at + digit))) return -1;
      at += 4;
    } else if (!SIMPLE_ESCAPES.has(escaped)) {
      return -1;
    }
  }
  return -1;
}

/** Just past the number at `start` (-, digits without a leading zero, fraction, exponent), or -1. */
function numberEnd(text: string, start: number): number {
  let at = start;
  if (text.charCodeAt(at) === MINUS) at++;
  if (text.charCodeAt(at) === ZERO) at++;
  else if (isDigit(text.charCodeAt(at))) at = digitsEnd(text, at);
  else return -1;
  if (text.charCodeAt(at) === DOT) {
    if (!isDigit(text.charCodeAt(at + 1))) return -1;
    at = digitsEnd(text, at + 1);
  }
  const exponent = text.charCodeAt(at);
  if (exponent === 0x65 || exponent === 0x45) {
    at++;
    const sign = text.charCodeAt(at);
    if (sign === PLUS || sign === MINUS) at++;
    if (!isDigit(text.charCodeAt(at))) return -1;
    at = digitsEnd(text, at);
  }
  return at;
}

function digitsEnd(text: string, start: number): number {
  let at = start;
  while (isDigit(text.charCodeAt(at))) at++;
  return at;
}

function isDigit(code: number): boolean {
  return code >= ZERO && code <= NINE;
}

function isHexDigit(code: number): boolean {
  return isDigit(code) || (code >= 0x41 && code <= 0x46) || (code >= 0x61 && code <= 0x66);
}
