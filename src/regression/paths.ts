import { basename, dirname, join, relative, sep } from 'node:path';

/** Extensions of spec files, in the order a stem's sibling files are looked up. */
export const SPEC_EXTENSIONS: readonly string[] = ['.json', '.yaml', '.yml'];

/** The path as shown to the user and given to the compiler: relative to `cwd`, with forward slashes. */
export function displayPath(file: string, cwd: string): string {
  const path = relative(cwd, file);
  return sep === '/' ? path : path.split(sep).join('/');
}

/** The spec path without its .json, .yaml or .yml extension: the base of its side files. */
export function fixtureStem(file: string): string {
  const name = basename(file);
  const lower = name.toLowerCase();
  const extension = SPEC_EXTENSIONS.find((candidate) => lower.endsWith(candidate));
  if (extension === undefined) return file;
  return join(dirname(file), name.slice(0, name.length - extension.length));
}

/** The golden reports a fixture may have, beside the spec. */
export function goldenPaths(file: string): { markdown: string; json: string } {
  const stem = fixtureStem(file);
  return { markdown: `${stem}.report.md`, json: `${stem}.report.json` };
}
