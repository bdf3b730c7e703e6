import { appendToRawPath, cutRawPath, pathText, type RawPath } from '../common/raw-path.js';

/** Extensions of spec files, in the order a stem's sibling files are looked up. */
export const SPEC_EXTENSIONS: readonly string[] = ['.json', '.yaml', '.yml'];

/** The spec path without its .json, .yaml or .yml extension: the base of its side files. Raw bytes stay raw. */
export function fixtureStem<T extends RawPath>(file: T): T {
  const lower = pathText(file).toLowerCase();
  const extension = SPEC_EXTENSIONS.find((candidate) => lower.endsWith(candidate));
  return extension === undefined ? file : cutRawPath(file, extension.length);
}

/** The golden reports a fixture may have, beside the spec. */
export function goldenPaths(file: RawPath): { markdown: RawPath; json: RawPath } {
  const stem = fixtureStem(file);
  return { markdown: appendToRawPath(stem, '.report.md'), json: appendToRawPath(stem, '.report.json') };
}
