// When a map call's output is what its map program printed, so that its lines may be read as
// paths: the program alone on its line, or piped only into programs that pass some of their
// input lines on as they are (a table, as data). Anything else on the line (`; cat .env`, a pipe
// into xargs or a shell, a substitution) may print what no map printed: a file's content.
import { hasOption, splitArguments } from './shell-arguments.js';
import type { ShellCommand } from './shell-words.js';

export interface LineFilter {
  /** Options that take the next word as their value. */
  valueOptions?: readonly string[];
  /** Options with which it changes the lines it passes on, or reads a file: then the output is not read. */
  refused?: readonly string[];
  /** Its first operand is a pattern, unless one of these options gives it (grep PATTERN). */
  patternUnless?: readonly string[];
}

const GREP: LineFilter = {
  valueOptions: [
    '-e',
    '--regexp',
    '-f',
    '--file',
    '-m',
    '--max-count',
    '-A',
    '--after-context',
    '-B',
    '--before-context',
    '-C',
    '--context',
  ],
  refused: [
    '-c',
    '--count',
    '-o',
    '--only-matching',
    '-n',
    '--line-number',
    '-b',
    '--byte-offset',
    '-H',
    '--with-filename',
    '-l',
    '--files-with-matches',
    '-L',
    '--files-without-match',
    '-r',
    '-R',
    '--recursive',
    '-z',
    '--null-data',
    '-Z',
    '--null',
    '-T',
    '--initial-tab',
  ],
  patternUnless: ['-e', '--regexp', '-f', '--file'],
};

/**
 * The programs a map's output may be piped into and still be read as paths: each prints lines of
 * its standard input unchanged (some of them, or in another order), and reads no file.
 */
export const LINE_FILTERS: Readonly<Record<string, LineFilter>> = {
  head: { valueOptions: ['-n', '--lines'], refused: ['-c', '--bytes', '-z', '--zero-terminated'] },
  tail: { valueOptions: ['-n', '--lines'], refused: ['-c', '--bytes', '-f', '-F', '--follow', '-z', '--zero-terminated'] },
  sort: {
    valueOptions: ['-k', '--key', '-t', '--field-separator', '-S', '--buffer-size', '-T', '--temporary-directory', '--parallel'],
    refused: ['-o', '--output', '--files0-from', '-z', '--zero-terminated'],
  },
  uniq: {
    valueOptions: ['-f', '--skip-fields', '-s', '--skip-chars', '-w', '--check-chars'],
    refused: ['-c', '--count', '-z', '--zero-terminated'],
  },
  grep: GREP,
  egrep: GREP,
  fgrep: GREP,
};

/**
 * Whether the output of `commands`, a line whose first command is a map program, is that
 * program's own: no substitution anywhere, standard output not sent elsewhere, and after it only
 * line filters, each joined by a pipe, reading no file. A list ending in `;` or a line break
 * with nothing after it is still one command.
 */
export function outputIsTheMapsOwn(commands: readonly ShellCommand[]): boolean {
  if (commands.some((command) => command.substitutes || command.redirects.some(sendsOutputAway))) return false;
  return commands.every((command, index) => {
    const last = index === commands.length - 1;
    if (!(last ? command.end === undefined || command.end === ';' || command.end === '\n' : command.end === '|')) return false;
    return index === 0 || isLineFilter(command.words);
  });
}

/** A redirection of standard output or input elsewhere (`> file`, `>&2`, `< file`): what is left of the output is not the map's. */
function sendsOutputAway(redirect: { operator: string; target: string }): boolean {
  const { operator, target } = redirect;
  // Errors sent away or into the output (2>/dev/null, 2>&1) leave the map's paths where they are.
  if (/^2>>?$/.test(operator) || (operator === '2>&' && target === '1')) return false;
  return true;
}

function isLineFilter(words: readonly string[]): boolean {
  const [program, ...rest] = words;
  if (program === undefined || !Object.hasOwn(LINE_FILTERS, program)) return false;
  const filter = LINE_FILTERS[program] as LineFilter;
  const { options, operands } = splitArguments(rest, filter.valueOptions ?? []);
  if ((filter.refused ?? []).some((option) => hasOption(options, option))) return false;
  const pattern = filter.patternUnless !== undefined && !filter.patternUnless.some((option) => hasOption(options, option)) ? 1 : 0;
  // Any other operand is a file it would read in place of its input ("-" is its input).
  return operands.slice(pattern).every((operand) => operand === '-');
}
