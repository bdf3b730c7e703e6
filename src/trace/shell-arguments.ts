// A command's words after its program, told apart as a getopt-style parser would: options, the
// values some of them take, and operands. Shared by the shell table and the line filters.

/** `words` as options and operands; an option in `valueOptions` takes the next word as its value, and `--` ends the options. */
export function splitArguments(words: readonly string[], valueOptions: readonly string[]): { options: string[]; operands: string[] } {
  const options: string[] = [];
  const operands: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === '--') {
      operands.push(...words.slice(index + 1));
      break;
    }
    // find's expression (-name, -type, …) and a lone "-" (standard input) are no file operands of interest.
    if (word.startsWith('-') && word !== '-') {
      options.push(word);
      if (valueOptions.includes(word)) index++;
      continue;
    }
    operands.push(word);
  }
  return { options, operands };
}

/**
 * `option` among `options`: exactly, as `--name=value`, or a letter of a cluster of short ones
 * (`-rl`), read as getopt reads it: a letter that takes a value (`valueOptions`) ends the cluster,
 * the rest being its value (`-e-o` is the pattern "-o", not -o).
 */
export function hasOption(options: readonly string[], option: string, valueOptions: readonly string[] = []): boolean {
  return options.some((given) => {
    if (given === option || given.startsWith(`${option}=`)) return true;
    if (option.length !== 2 || given.startsWith('--')) return false;
    for (let index = 1; index < given.length; index++) {
      const letter = `-${given[index]}`;
      if (letter === option) return true;
      if (valueOptions.includes(letter) || !/^[A-Za-z]$/.test(given[index] as string)) return false;
    }
    return false;
  });
}
