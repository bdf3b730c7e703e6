// A path as every report, message and envelope shows it: with "/" whatever the platform's
// separator, relative to the folder the run started from.
import { relative, sep } from 'node:path';

/** The path with the platform's separators written as "/". */
export function forwardSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}

/** `file` as shown to the user and given to the compiler: relative to `from`, with "/" ('' for `from` itself). */
export function displayPath(file: string, from: string): string {
  return forwardSlashes(relative(from, file));
}

/** A folder as shown: relative to `from`, with "/", and "." for `from` itself. */
export function displayFolder(folder: string, from: string): string {
  return displayPath(folder, from) || '.';
}

/** A file as messages show it: as displayPath, or the whole path (with "/") where that is '' (the file is `from`). */
export function shownPath(path: string, from: string): string {
  return displayPath(path, from) || forwardSlashes(path);
}
