// The words of the first command of a shell command line, as a POSIX shell splits them: enough to
// tell which program ran and on what, never to run anything.

/** Characters that end a simple command outside quotes: a pipe, a list, a background job, a line. */
const COMMAND_END = new Set(['|', '&', ';', '\n']);

/**
 * The words of the first simple command of `line`, quotes removed, with the variable assignments
 * before the program (`LC_ALL=C ls`) left out. A pipeline is judged by its first program, so the
 * rest of the line is not split. Expansions ($VAR, $(…), globs) are kept as written.
 */
export function firstCommandWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  let index = 0;
  const end = (): void => {
    if (inWord) words.push(word);
    word = '';
    inWord = false;
  };
  while (index < line.length) {
    const character = line[index] as string;
    if (COMMAND_END.has(character)) break;
    if (character === ' ' || character === '\t') {
      end();
      index++;
    } else if (character === "'") {
      const close = line.indexOf("'", index + 1);
      const stop = close === -1 ? line.length : close;
      word += line.slice(index + 1, stop);
      inWord = true;
      index = stop + 1;
    } else if (character === '"') {
      index++;
      inWord = true;
      while (index < line.length && line[index] !== '"') {
        const next = line[index + 1];
        if (line[index] === '\\' && next !== undefined && '"\\$`'.includes(next)) {
          word += next;
          index += 2;
        } else {
          word += line[index];
          index++;
        }
      }
      index++;
    } else if (character === '\\') {
      const next = line[index + 1];
      // A backslash before a line break joins the lines.
      if (next !== undefined && next !== '\n') word += next;
      inWord = inWord || next !== '\n';
      index += 2;
    } else {
      word += character;
      inWord = true;
      index++;
    }
  }
  end();
  let first = 0;
  while (first < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[first] as string)) first++;
  return words.slice(first);
}

/** The program a word names: its last path segment (`/usr/bin/find` is find). */
export function programName(word: string): string {
  const slash = word.lastIndexOf('/');
  return slash === -1 ? word : word.slice(slash + 1);
}
