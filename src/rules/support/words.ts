import table from '../../../assets/lookalikes.json' with { type: 'json' };

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
 * forms folded (fullwidth letters, ligatures, the Kelvin sign), look-alikes of ASCII folded to
 * ASCII (`asciiLookalike`: Cyrillic and Greek letters, the hyphen U+2010 and the minus sign),
 * lower case, and invisible characters dropped (zero-width characters, bidi controls, combining
 * marks such as the dot that a capital I keeps when lowercased, and control characters other than
 * white space), so that "READ_ALL_FİLES", "read\u200B_all_files", "ｒｅａｄ_ａｌｌ_ｆｉｌｅｓ",
 * "rеad_all_files" (a Cyrillic е) and "read‐all‐files" (U+2010) all read as the plain tokens.
 * White space is kept: it separates words.
 */
export function foldForMatching(text: string): string {
  if (PLAIN_ASCII.test(text) && !HIDDEN_CONTROL.test(text)) return text.toLowerCase();
  const decomposed = text.normalize('NFKC').normalize('NFD');
  return decomposed.replace(NOT_ASCII, asciiLookalike).toLowerCase().normalize('NFD').replace(INVISIBLE, '');
}

const NOT_ASCII = /[^\u0000-\u007f]/gu;
let lookalikes: ReadonlyMap<string, string> | undefined;

/**
 * The ASCII a non-ASCII character is confused with, per Unicode's confusables list (UTS #39;
 * assets/lookalikes.json, generated from the unhomoglyph package), or the character itself. Only
 * mappings to ASCII are kept: the blocked tokens are ASCII, and mapping ASCII to ASCII ("I" to
 * "l", "m" to "rn") would undo case folding. The map is built on first use: plain ASCII text, most
 * of every run, never needs it.
 */
function asciiLookalike(character: string): string {
  lookalikes ??= new Map(table.lookalikes.split('\n').map((line) => line.split('\t') as [string, string]));
  return lookalikes.get(character) ?? character;
}

const WORD_RUN = /[\p{L}\p{N}_]+/gu;
/** Lookups searched directly before an index of the texts' words is built. */
const DIRECT_LOOKUPS = 8;
const WORD_ONLY = /^[\p{L}\p{N}_]+$/u;

/**
 * Answers "does one of these texts hold this name as a whole word?" for many names without
 * scanning every text for every name: a name made of word characters is a whole word exactly
 * when it is one of the texts' maximal runs of word characters, a set lookup. Other names are
 * searched for, within a budget of characters scanned; past it, `has` answers undefined (unknown).
 */
export class WholeWordIndex {
  /** The texts' maximal runs of word characters, gathered once lookups are many. */
  private runs: Set<string> | undefined;
  private directLookups = 0;
  private budget: number;

  constructor(
    private readonly texts: readonly string[],
    budget = 20_000_000,
  ) {
    this.budget = budget;
  }

  has(name: string): boolean | undefined {
    // A few names are cheaper to look for than an index is to build.
    if (this.runs === undefined && this.directLookups++ < DIRECT_LOOKUPS) return this.search(name);
    if (WORD_ONLY.test(name)) {
      if (!this.runs) {
        this.runs = new Set();
        for (const text of this.texts) for (const match of text.matchAll(WORD_RUN)) this.runs.add(match[0]);
      }
      return this.runs.has(name);
    }
    return this.search(name);
  }

  /** Each text searched in turn, within the budget. */
  private search(name: string): boolean | undefined {
    for (const text of this.texts) {
      this.budget -= text.length;
      if (this.budget < 0) return undefined;
      if (containsWholeWord(text, name, false)) return true;
    }
    return false;
  }
}

/** Words the quick first look can vouch for: ASCII letters, digits, "_" and "-". */
const PLAIN_WORD = /^[A-Za-z0-9_-]+$/;
/** Characters that stand for themselves in a regular expression only when escaped. */
const REGEXP_SYNTAX = /[\\^$.*+?()[\]{}|/]/g;

/**
 * Finds which of a fixed list of words occur in texts as whole words, after folding: one regular
 * expression for all the words, built once from the list (a policy's, never from input text), so
 * that a text costs one scan whatever the number of words. Plain ASCII text without control
 * characters is matched case-insensitively as it is, which equals folding it to lower case, so
 * that the common text is never copied; other text is folded first.
 */
export class WholeWordMatcher {
  private readonly words: ReadonlyArray<{ word: string; folded: string }>;
  private readonly plain: RegExp | undefined;
  private readonly folded: RegExp | undefined;
  /**
   * A character that is not plain ASCII, or any word anywhere in any case: what a text must hold
   * to need a closer look. Only when every word is plain ASCII letters, digits, "_" and "-".
   */
  private readonly suspect: RegExp | undefined;

  constructor(
    words: readonly string[],
    private readonly fold: (text: string) => string,
  ) {
    this.words = words.filter((word) => word !== '').map((word) => ({ word, folded: fold(word) }));
    if (this.words.length === 0) return;
    const alternatives = (list: readonly string[]): string => list.map((word) => word.replace(REGEXP_SYNTAX, '\\$&')).join('|');
    const whole = (body: string): string => `(?<![\\p{L}\\p{N}_])(?:${body})(?![\\p{L}\\p{N}_])`;
    this.plain = new RegExp(whole(alternatives(this.words.map(({ folded }) => folded))), 'iu');
    this.folded = new RegExp(whole(alternatives(this.words.map(({ folded }) => folded))), 'u');
    if (this.words.every(({ word }) => PLAIN_WORD.test(word)))
      this.suspect = new RegExp(`[^\\t-\\r -~]|${alternatives(this.words.map(({ folded }) => folded))}`, 'i');
  }

  /** The words (as given) that occur in the text as whole words, in list order; undefined when none does. */
  find(text: string): string[] | undefined {
    if (this.plain === undefined || this.folded === undefined) return undefined;
    // One scan settles the common case: plain ASCII text in which no word occurs in any case.
    if (this.suspect !== undefined && !this.suspect.test(text)) return undefined;
    const plain = PLAIN_ASCII.test(text) && !HIDDEN_CONTROL.test(text);
    const folded = plain ? text.toLowerCase() : this.fold(text);
    if (!(plain ? this.plain.test(text) : this.folded.test(folded))) return undefined;
    return this.words.filter(({ folded: word }) => containsWholeWord(folded, word, false)).map(({ word }) => word);
  }
}
