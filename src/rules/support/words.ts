/**
 * Word characters as Python's `re` sees them in a str pattern (letters, digits, underscore in any
 * script), so that whole-word matches agree with the reference script on non-ASCII text.
 */
const WORD_CHARACTER = /[\p{L}\p{N}_]/u;

function isWordCharacterAt(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return false;
  const code = text.codePointAt(index) as number;
  return WORD_CHARACTER.test(String.fromCodePoint(code));
}

function isWordCharacterBefore(text: string, index: number): boolean {
  if (index <= 0) return false;
  const low = text.charCodeAt(index - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && index >= 2 ? index - 2 : index - 1;
  return isWordCharacterAt(text, start);
}

/**
 * Whether `needle` occurs in `haystack` with no word character on either side. Plain scanning,
 * no regular expression, so that no input text ever becomes a pattern.
 */
export function containsWholeWord(haystack: string, needle: string, foldCase: boolean): boolean {
  if (needle === '') return false;
  const text = foldCase ? haystack.toLowerCase() : haystack;
  const word = foldCase ? needle.toLowerCase() : needle;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    if (!isWordCharacterBefore(text, at) && !isWordCharacterAt(text, at + word.length)) return true;
  }
  return false;
}
