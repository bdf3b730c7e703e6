// The project's tree: where what a document names of its own accord may lie (a spec's x-trace).
// The person running the tool names anything else on the command line.
import { type FolderBound, folderBound } from './folder-bound.js';
import { lookupBoundary } from './lookup-boundary.js';

/**
 * The project's tree of a run started in `cwd` (absolute): the repository that holds the working
 * directory, as lookups find its top (a `.git` or `.hg`), else the working directory itself.
 * Messages name it without its path, which a report would otherwise hold from one machine.
 */
export function projectTree(cwd: string): FolderBound {
  const boundary = lookupBoundary(cwd)(cwd);
  return boundary?.kind === 'repository'
    ? folderBound(boundary.folder, "the project's tree (the repository that holds the working directory)")
    : folderBound(cwd, "the project's tree (the working directory, outside any repository)");
}
