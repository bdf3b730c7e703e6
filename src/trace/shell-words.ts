// A shell command line split as a POSIX shell (and bash) splits it: its simple commands, the
// operators between them, each command's words and redirections. Enough to tell which programs
// ran, on what and joined how, never to run anything: expansions ($VAR, globs) are kept as
// written, and a substitution ($(…), `…`, <(…)) is kept as text and marked.

/** What ends a simple command: a list (`;`, `&&`, `||`, a line), a pipe (`|`, `|&`), a background job, a subshell's parenthesis. */
export type ShellOperator = ';' | '&&' | '||' | '|' | '|&' | '&' | '\n' | '(' | ')';

export interface ShellRedirect {
  /** As written, with its file descriptor: `>`, `2>`, `>>`, `&>`, `2>&`, `<`, `<<`, … */
  operator: string;
  /** The file, descriptor or here-document delimiter it names, quotes removed. */
  target: string;
}

export interface ShellCommand {
  /** The words, quotes removed, with the variable assignments before the program (`LC_ALL=C ls`) left out. */
  words: string[];
  redirects: ShellRedirect[];
  /** It holds a command or process substitution: text the shell replaces with another command's output. */
  substitutes: boolean;
  /** The operator that ends it; none for the last command of the line. */
  end?: ShellOperator;
}

const BLANKS = new Set([' ', '\t']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** The operators of a redirection, longest first: `&>>`, `<<<`, `<<-`, … `>`. */
const REDIRECTION = /^(?:&>>?|<<<|<<-|<<|<>|<&|>>|>&|>\||[<>])/;
/** The descriptor a `>&` or `<&` names: digits, or "-" to close. */
const DESCRIPTOR = /\d+|-/y;

/**
 * The simple commands of `line` in order, each with the operator that ends it. A command with no
 * word and no redirection is left out where a list ends it (`a ; ; b`, blank lines) and kept
 * where it stands beside a pipe or a parenthesis, so that `( ls )` is not taken for `ls` alone.
 * A here-document's body is no command: it is skipped. Comments (`#` at a word's start) are dropped.
 */
export function shellCommands(line: string): ShellCommand[] {
  return new LineSplitter(line).split();
}

/** The state of one line's split: the command and the word being read, as the characters come. */
class LineSplitter {
  private readonly commands: ShellCommand[] = [];
  private command: ShellCommand = { words: [], redirects: [], substitutes: false };
  private word = '';
  private inWord = false;
  /** The word being read has a quoted or escaped part: then it is no file descriptor (`"2">x`). */
  private quoted = false;
  /** A redirection waiting for the word it names. */
  private redirect: string | undefined;
  private readonly heredocs: { delimiter: string; tabs: boolean }[] = [];

  constructor(private readonly line: string) {}

  split(): ShellCommand[] {
    const { line } = this;
    let index = 0;
    while (index < line.length) {
      const character = line[index] as string;
      const next = line[index + 1];
      if (BLANKS.has(character)) {
        this.endWord();
        index++;
      } else if (character === '\n') {
        this.endCommand('\n');
        index = this.heredocs.length > 0 ? skipHeredocs(line, index + 1, this.heredocs.splice(0)) : index + 1;
      } else if (character === '#' && !this.inWord) {
        const end = line.indexOf('\n', index);
        index = end === -1 ? line.length : end;
      } else if (character === ';') {
        this.endCommand(';');
        index += next === ';' ? 2 : 1;
      } else if (character === '&' && next !== '>') {
        this.endCommand(next === '&' ? '&&' : '&');
        index += next === '&' ? 2 : 1;
      } else if (character === '|') {
        const operator = next === '|' ? '||' : next === '&' ? '|&' : '|';
        this.endCommand(operator);
        index += operator.length;
      } else if (character === '(' || character === ')') {
        this.endCommand(character);
        index++;
      } else if ((character === '<' || character === '>') && next === '(') {
        index = this.substitution(index, ')');
      } else if (character === '<' || character === '>' || character === '&') {
        index = this.redirection(index);
      } else if (character === '`') {
        index = this.substitution(index, '`');
      } else if (character === '$' && next === '(') {
        index = this.substitution(index, ')');
      } else if (character === "'") {
        const close = line.indexOf("'", index + 1);
        const stop = close === -1 ? line.length : close;
        this.word += line.slice(index + 1, stop);
        this.inWord = true;
        this.quoted = true;
        index = stop + 1;
      } else if (character === '"') {
        index = this.doubleQuoted(index + 1);
      } else if (character === '\\') {
        // A backslash before a line break joins the lines.
        if (next !== undefined && next !== '\n') {
          this.word += next;
          this.inWord = true;
          this.quoted = true;
        }
        index += 2;
      } else {
        this.word += character;
        this.inWord = true;
        index++;
      }
    }
    this.endCommand();
    return this.commands;
  }

  private endWord(): void {
    if (this.inWord) {
      const { redirect, word } = this;
      if (redirect !== undefined) {
        this.command.redirects.push({ operator: redirect, target: word });
        if (redirect.endsWith('<<') || redirect.endsWith('<<-')) this.heredocs.push({ delimiter: word, tabs: redirect.endsWith('-') });
        this.redirect = undefined;
      } else this.command.words.push(word);
    }
    this.word = '';
    this.inWord = false;
    this.quoted = false;
  }

  private endCommand(end?: ShellOperator): void {
    this.endWord();
    // A redirection with no word after it before the command ended names nothing.
    this.redirect = undefined;
    const { command } = this;
    const empty = command.words.length === 0 && command.redirects.length === 0;
    if (!empty || (end !== undefined && end !== ';' && end !== '\n')) {
      let first = 0;
      while (first < command.words.length && ASSIGNMENT.test(command.words[first] as string)) first++;
      if (first > 0) command.words = command.words.slice(first);
      if (end !== undefined) command.end = end;
      this.commands.push(command);
    }
    this.command = { words: [], redirects: [], substitutes: false };
  }

  /** A redirection at `index`: a descriptor just before it belongs to it (`2>`), else the word before ends. Returns the index after it. */
  private redirection(index: number): number {
    const { line } = this;
    const descriptor = this.inWord && !this.quoted && /^\d+$/.test(this.word) ? this.word : '';
    if (descriptor !== '') {
      this.word = '';
      this.inWord = false;
    } else this.endWord();
    const operator = REDIRECTION.exec(line.slice(index, index + 3))?.[0] ?? (line[index] as string);
    let at = index + operator.length;
    if (operator.endsWith('&') && /^[\d-]/.test(line[at] ?? '')) {
      DESCRIPTOR.lastIndex = at;
      const target = DESCRIPTOR.exec(line)?.[0] as string;
      this.command.redirects.push({ operator: `${descriptor}${operator}`, target });
      at += target.length;
    } else this.redirect = `${descriptor}${operator}`;
    return at;
  }

  /** Text from `start` to the end of its substitution (closingOf), kept in the word as written. */
  private substitution(start: number, close: string): number {
    const end = closingOf(this.line, start, close);
    this.word += this.line.slice(start, end);
    this.inWord = true;
    this.command.substitutes = true;
    return end;
  }

  /** A double-quoted string from `start` (after its quote): its text, a substitution inside it marked. Returns the index after its closing quote. */
  private doubleQuoted(start: number): number {
    const { line } = this;
    let at = start;
    this.inWord = true;
    this.quoted = true;
    while (at < line.length && line[at] !== '"') {
      const character = line[at] as string;
      const next = line[at + 1];
      if (character === '\\' && next !== undefined && '"\\$`'.includes(next)) {
        this.word += next;
        at += 2;
      } else if (character === '`' || (character === '$' && next === '(')) {
        at = this.substitution(at, character === '`' ? '`' : ')');
      } else {
        this.word += character;
        at++;
      }
    }
    return at + 1;
  }
}

/**
 * The index after the substitution that opens at `start`: for a backtick, after the next one not
 * escaped; for a parenthesis (`start` at it), after the one that closes it, nested ones and quoted
 * text respected. The end of the line when it is never closed.
 */
function closingOf(line: string, start: number, close: string): number {
  if (close === '`') {
    let at = start + 1;
    while (at < line.length && line[at] !== '`') at += line[at] === '\\' ? 2 : 1;
    return Math.min(at + 1, line.length);
  }
  let depth = 0;
  let at = start;
  while (at < line.length) {
    const character = line[at] as string;
    if (character === "'") {
      const end = line.indexOf("'", at + 1);
      at = end === -1 ? line.length : end + 1;
      continue;
    }
    if (character === '\\') {
      at += 2;
      continue;
    }
    if (character === '(') depth++;
    else if (character === ')' && --depth === 0) return at + 1;
    at++;
  }
  return line.length;
}

/** The index after the here-documents whose bodies start at `start`, each ended by a line that is its delimiter. */
function skipHeredocs(line: string, start: number, heredocs: readonly { delimiter: string; tabs: boolean }[]): number {
  let at = start;
  for (const { delimiter, tabs } of heredocs) {
    while (at < line.length) {
      const end = line.indexOf('\n', at);
      const stop = end === -1 ? line.length : end;
      const text = line.slice(at, stop);
      at = stop + 1;
      if ((tabs ? text.replace(/^\t+/, '') : text) === delimiter) break;
    }
  }
  return Math.min(at, line.length);
}

/**
 * The words of the first simple command of `line`, quotes removed and assignments left out: the
 * program that ran and its arguments (a pipeline is judged by its first program).
 */
export function firstCommandWords(line: string): string[] {
  return shellCommands(line)[0]?.words ?? [];
}

/** The program a word names: its last path segment (`/usr/bin/find` is find). */
export function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}
