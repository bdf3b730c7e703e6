import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { globSync } from 'tinyglobby';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { discoverFixtures, displayPath, isSpecFileName } from '../regression/index.js';
import { usageError } from './contract.js';

export interface InputFile {
  /** What to open: a path, or "-" for standard input. */
  open: string;
  /** How to show it in messages: as given on the command line, or relative for files found in folders and globs; "<stdin>" for "-". */
  shown: string;
  /** How reports record it: relative to the working directory, with forward slashes, never absolute. */
  reportPath: string;
}

export interface ExpandedInputs {
  files: InputFile[];
  /** More than one file may come out: several arguments, a folder or a glob. */
  several: boolean;
}

const GLOB_CHARACTERS = /[*?[\]{}]/;

/**
 * Arguments to files: "-" is standard input, a file is itself (even if missing: that becomes its
 * own NOT_FOUND), a folder is searched for specs, and a quoted glob is expanded here, the same way
 * on every shell. Folders and globs list their files sorted, so the file system's order never shows.
 */
export function expandInputs(args: readonly string[], cwd: string): ExpandedInputs {
  const files: InputFile[] = [];
  const seen = new Set<string>();
  let several = args.length > 1;
  const add = (open: string, shown: string): void => {
    const key = open === '-' ? '-' : resolve(cwd, open);
    if (seen.has(key)) return;
    seen.add(key);
    files.push({ open, shown, reportPath: open === '-' ? shown : displayPath(key, cwd) });
  };
  for (const arg of args) {
    if (arg === '-') {
      add('-', '<stdin>');
      continue;
    }
    const stats = statOrNull(resolve(cwd, arg));
    if (stats?.isDirectory()) {
      several = true;
      for (const file of discoverFixtures([resolve(cwd, arg)])) add(file, displayPath(file, cwd));
    } else if (!stats && GLOB_CHARACTERS.test(arg)) {
      several = true;
      const matches = globSync(arg, { cwd, onlyFiles: true, dot: false, ignore: ['**/node_modules/**'], expandDirectories: false })
        .filter((match) => isSpecFileName(basename(match)))
        .sort(compareStrings);
      if (matches.length === 0) throw usageError('NO_INPUT', `no spec file matches ${arg}`);
      for (const match of matches) add(resolve(cwd, match), displayPath(resolve(cwd, match), cwd));
    } else {
      add(arg, arg);
    }
  }
  if (files.length === 0) throw usageError('NO_INPUT', 'no spec file found in the given folders');
  return { files, several };
}

function statOrNull(path: string): ReturnType<typeof statSync> | null {
  try {
    return statSync(path);
  } catch {
    return null;
  }
}
