// What a shell command line writes, by its words alone: files its redirections send output into,
// and the files or the repository a writing program changes. Read for the anti-scope (the
// trace-no-writes rule), never to run anything: paths are kept as written, resolved by the caller.
import { hasOption, splitArguments } from './shell-arguments.js';
import { programName, type ShellCommand, shellCommands } from './shell-words.js';

/** One write of a command line: a file (as written), or the repository of a folder (`git commit`). */
export type ShellWrite = { file: string } | { repository: string | undefined };

/** The redirections that send output into a file: `>`, `2>`, `>>`, `>|`, `&>`, `&>>`, `<>` (not `2>&1`, a descriptor). */
const OUTPUT_REDIRECTION = /^(?:\d*(?:>|>>|>\||<>)|&>>?)$/;
/** git's subcommands that change the working tree or its history. */
const GIT_WRITES = new Set(['commit', 'checkout', 'reset', 'stash']);
/** git's options before its subcommand that take a value (`git -C DIR commit`). */
const GIT_VALUE_OPTIONS = ['-C', '-c', '--git-dir', '--work-tree', '--namespace'];

/** The writes of `line`, in the order its commands make them. */
export function shellWrites(line: string): ShellWrite[] {
  return shellCommands(line).flatMap(commandWrites);
}

function commandWrites(command: ShellCommand): ShellWrite[] {
  const redirected = command.redirects
    .filter((redirect) => OUTPUT_REDIRECTION.test(redirect.operator) && redirect.target !== '')
    .map((redirect) => ({ file: redirect.target }));
  return [...redirected, ...programWrites(command.words)];
}

/** The files or repository a writing program changes: tee, sed -i, mv, rm, cp, touch, git. */
function programWrites(words: readonly string[]): ShellWrite[] {
  const first = words[0];
  if (first === undefined) return [];
  const program = programName(first);
  const files = (names: readonly string[]): ShellWrite[] => names.map((file) => ({ file }));
  switch (program) {
    case 'tee':
    case 'rm':
    case 'touch':
      return files(splitArguments(words.slice(1), []).operands);
    case 'mv':
      // Its sources are gone and its destination is new: each is a change to the tree.
      return files(splitArguments(words.slice(1), ['-t', '--target-directory', '-S', '--suffix']).operands.concat(targetOf(words)));
    case 'cp': {
      const target = targetOf(words);
      const { operands } = splitArguments(words.slice(1), ['-t', '--target-directory', '-S', '--suffix']);
      if (target.length > 0) return files(target);
      return operands.length >= 2 ? files(operands.slice(-1)) : [];
    }
    case 'sed':
      return sedInPlace(words.slice(1));
    case 'git':
      return gitWrites(words.slice(1));
    default:
      return [];
  }
}

/** The folder a `-t DIR` (`--target-directory=DIR`) names, as a one-element list. */
function targetOf(words: readonly string[]): string[] {
  for (let index = 1; index < words.length; index++) {
    const word = words[index] as string;
    if ((word === '-t' || word === '--target-directory') && words[index + 1] !== undefined) return [words[index + 1] as string];
    if (word.startsWith('--target-directory=')) return [word.slice('--target-directory='.length)];
  }
  return [];
}

/** The files `sed -i` (`-i.bak`, `-ni`, `--in-place`) edits: its operands after the script, unless -e or -f gives it. */
function sedInPlace(words: readonly string[]): ShellWrite[] {
  const valueOptions = ['-e', '--expression', '-f', '--file'];
  const { options, operands } = splitArguments(words, valueOptions);
  const inPlace = options.some((option) => option === '--in-place' || option.startsWith('--in-place=') || /^-[A-Za-z]*i/.test(option));
  if (!inPlace) return [];
  const scriptGiven = ['-e', '--expression', '-f', '--file'].some((option) => hasOption(options, option, valueOptions));
  return (scriptGiven ? operands : operands.slice(1)).map((file) => ({ file }));
}

/** `git commit`/`checkout`/`reset`/`stash`: a write of the repository of its folder (`-C DIR`, else the call's). */
function gitWrites(words: readonly string[]): ShellWrite[] {
  let folder: string | undefined;
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (GIT_VALUE_OPTIONS.includes(word)) {
      if (word === '-C') folder = words[index + 1];
      index++;
      continue;
    }
    if (word.startsWith('-')) continue;
    return GIT_WRITES.has(word) ? [{ repository: folder }] : [];
  }
  return [];
}
