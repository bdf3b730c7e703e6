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

/** Control characters that are not white space: NUL, BEL, ESC and the like. */
const HIDDEN_CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/;
const PLAIN_ASCII = /^[\u0009-\u000d\u0020-\u007e]*$/;
const INVISIBLE = /[\p{Cf}\p{M}\p{Default_Ignorable_Code_Point}\u0000-\u0008\u000e-\u001f\u007f-\u009f]/gu;

/**
 * Text as a reader sees it, for matching words whatever the spelling tricks: Unicode compatibility
 * forms folded (fullwidth letters, ligatures, the Kelvin sign), lower case, and invisible
 * characters dropped (zero-width characters, bidi controls, combining marks such as the dot that
 * a capital I keeps when lowercased, and control characters other than white space), so that
 * "READ_ALL_FİLES", "read\u200B_all_files" and "ｒｅａｄ_ａｌｌ_ｆｉｌｅｓ" all read read_all_files.
 * White space is kept: it separates words.
 */
export function foldForMatching(text: string): string {
  if (PLAIN_ASCII.test(text) && !HIDDEN_CONTROL.test(text)) return text.toLowerCase();
  return text.normalize('NFKC').toLowerCase().normalize('NFD').replace(INVISIBLE, '');
}

const WORD_RUN = /[\p{L}\p{N}_]+/gu;
const WORD_ONLY = /^[\p{L}\p{N}_]+$/u;

/**
 * Answers "does one of these texts hold this name as a whole word?" for many names without
 * scanning every text for every name: a name made of word characters is a whole word exactly
 * when it is one of the texts' maximal runs of word characters, a set lookup. Other names are
 * searched for, within a budget of characters scanned; past it, `has` answers undefined (unknown).
 */
export class WholeWordIndex {
  private readonly runs = new Set<string>();
  private budget: number;

  constructor(
    private readonly texts: readonly string[],
    budget = 20_000_000,
  ) {
    this.budget = budget;
    for (const text of texts) for (const match of text.matchAll(WORD_RUN)) this.runs.add(match[0]);
  }

  has(name: string): boolean | undefined {
    if (WORD_ONLY.test(name)) return this.runs.has(name);
    for (const text of this.texts) {
      this.budget -= text.length;
      if (this.budget < 0) return undefined;
      if (containsWholeWord(text, name, false)) return true;
    }
    return false;
  }
}
