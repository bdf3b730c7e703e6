import { show } from '../common/text.js';
import { ProblemList, ruleProblem, specKeyProblem, suppressibleRule } from './file.js';
import { Suppressions } from './store.js';

/** What the scan of a suppressions file came to. */
export type ScanResult =
  | { read: Suppressions }
  /** The file has the form of a baseline, but some of its entries are wrong. */
  | { problems: ProblemList }
  /** The text leaves the form of a baseline at `offset`: it is not JSON, or not that shape, or it repeats a key. */
  | { unusual: { offset: number; expected: string } };

/**
 * A suppressions file read straight from its text, without building the document's objects:
 * JSON.parse holds a million-entry file as three million objects (some 500 MB), this as a million
 * short arrays. It reads the form the tool writes, in any JSON layout: an object of specs, each an
 * object of rule ids, each {"count": N}; it names the problems of entries in that form as
 * validateSuppressions does, and stops at anything else (a syntax error, another kind of value, a
 * key given twice), saying where.
 */
export function scanSuppressions(text: string): ScanResult {
  const scanner = new Scanner(text);
  const store = new Suppressions();
  const problems = new ProblemList();
  // Specs with no entry in the store (no rule, or none without a problem), kept to see them repeated.
  const unstored = new Set<string>();
  const unusual = (expected: string): ScanResult => ({ unusual: { offset: scanner.offset, expected } });
  if (!scanner.take(123 /* { */)) return unusual('an object of specs');
  if (!scanner.take(125 /* } */)) {
    do {
      const keyAt = scanner.offset;
      const spec = scanner.string();
      if (spec === undefined) return unusual('a spec path in double quotes');
      if (store.has(spec) || unstored.has(spec))
        return { unusual: { offset: keyAt, expected: `a spec named once, not ${show(spec)} again` } };
      const keyProblem = specKeyProblem(spec);
      if (keyProblem !== undefined) problems.add(keyProblem);
      if (!scanner.take(58 /* : */)) return unusual('":"');
      if (!scanner.take(123)) return unusual('an object of rule ids');
      const seen: string[] = [];
      if (!scanner.take(125)) {
        do {
          const ruleAt = scanner.offset;
          const ruleId = scanner.string();
          if (ruleId === undefined) return unusual('a rule id in double quotes');
          if (seen.includes(ruleId)) return { unusual: { offset: ruleAt, expected: `a rule named once, not ${show(ruleId)} again` } };
          seen.push(ruleId);
          if (!scanner.take(58)) return unusual('":"');
          if (!scanner.take(123) || scanner.string() !== 'count' || !scanner.take(58)) return unusual('{"count": N}');
          const count = scanner.number();
          if (count === undefined) return unusual('a number');
          if (!scanner.take(125)) return unusual('"}" after the count');
          const problem = keyProblem === undefined ? ruleProblem(spec, ruleId, { count }) : undefined;
          if (problem !== undefined) problems.add(problem);
          else if (keyProblem === undefined) store.add(spec, suppressibleRule(ruleId) as string, count);
        } while (scanner.take(44 /* , */));
        if (!scanner.take(125)) return unusual('"," or "}"');
      }
      if (!store.has(spec)) unstored.add(spec);
    } while (scanner.take(44));
    if (!scanner.take(125)) return unusual('"," or "}"');
  }
  if (!scanner.atEnd()) return unusual('the end of the file');
  return problems.empty ? { read: store } : { problems };
}

/** A cursor over JSON text that skips whitespace before each token. */
class Scanner {
  #at = 0;

  constructor(private readonly text: string) {
    // A byte order mark, as the general reader allows.
    if (text.charCodeAt(0) === 0xfeff) this.#at = 1;
  }

  /** Where the next token starts. */
  get offset(): number {
    this.#skipSpace();
    return this.#at;
  }

  /** Steps over `code` after whitespace, or stays put and says no. */
  take(code: number): boolean {
    this.#skipSpace();
    if (this.text.charCodeAt(this.#at) !== code) return false;
    this.#at++;
    return true;
  }

  /** A JSON string's value; undefined for anything else, a control character or a malformed escape included. */
  string(): string | undefined {
    if (!this.take(34 /* " */)) return undefined;
    const start = this.#at;
    let escaped = false;
    for (;;) {
      const code = this.text.charCodeAt(this.#at);
      if (Number.isNaN(code) || code < 0x20) return undefined;
      this.#at++;
      if (code === 34) break;
      if (code === 92 /* \ */) {
        escaped = true;
        this.#at++;
      }
    }
    if (!escaped) return this.text.slice(start, this.#at - 1);
    try {
      return JSON.parse(this.text.slice(start - 1, this.#at)) as string;
    } catch {
      return undefined;
    }
  }

  /** A JSON number's value (-? int frac? exp?); undefined for anything else. */
  number(): number | undefined {
    this.#skipSpace();
    const start = this.#at;
    if (this.#code() === 45 /* - */) this.#at++;
    if (this.#code() === 48 /* 0 */) this.#at++;
    else if (!this.#digits()) return undefined;
    if (this.#code() === 46 /* . */) {
      this.#at++;
      if (!this.#digits()) return undefined;
    }
    if (this.#code() === 101 || this.#code() === 69 /* e E */) {
      this.#at++;
      if (this.#code() === 43 || this.#code() === 45 /* + - */) this.#at++;
      if (!this.#digits()) return undefined;
    }
    return Number(this.text.slice(start, this.#at));
  }

  atEnd(): boolean {
    this.#skipSpace();
    return this.#at === this.text.length;
  }

  #code(): number {
    return this.text.charCodeAt(this.#at);
  }

  /** Steps over one digit or more; says whether there was one. */
  #digits(): boolean {
    const start = this.#at;
    while (this.#code() >= 48 && this.#code() <= 57) this.#at++;
    return this.#at > start;
  }

  #skipSpace(): void {
    for (;;) {
      const code = this.#code();
      if (code !== 32 && code !== 10 && code !== 13 && code !== 9) return;
      this.#at++;
    }
  }
}
