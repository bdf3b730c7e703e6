// How a spec the tool writes (init, trace draft) names its schema, for editors to find it.
import { isAbsolute, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { forwardSlashes } from '../common/display-path.js';
import { packageFiles } from '../tool.js';

/**
 * The packaged schema (assets/investigation.schema.json of the installed package) relative to the
 * spec's folder, as editors resolve `$schema`: a file that exists wherever the tool is installed,
 * with no host to trust. A file URL when no relative path leads there (another drive).
 */
export function schemaReference(folder: string): string {
  const path = relative(folder, packageFiles.investigationSchema);
  if (isAbsolute(path)) return pathToFileURL(packageFiles.investigationSchema).href;
  const shown = forwardSlashes(path);
  return shown.startsWith('..') ? shown : `./${shown}`;
}
