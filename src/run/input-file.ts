// An input as a run reads it: what to open, how to show and record it, and the folder it must lie in.
import type { FolderBound } from '../common/folder-bound.js';
import type { RawPath } from '../common/raw-path.js';
import type { InputErrorSubcode } from '../compile.js';

/** The most bytes a file is read to unless --max-bytes says otherwise. */
export { DEFAULT_MAX_BYTES } from '../load/read-input.js';

export interface InputFile {
  /** What to open: an absolute path (its raw bytes when a name in it is not UTF-8), or "-" for standard input. */
  open: RawPath;
  /** How to show it in messages: as given on the command line, or relative for files found in folders and globs; "<stdin>" for "-". */
  shown: string;
  /** How reports record it: relative to the working directory, with forward slashes, never absolute. */
  reportPath: string;
  /** Why this entry cannot be read at all, found while expanding (a folder that cannot be listed): its input error. */
  problem?: { subcode: InputErrorSubcode; message: string };
  /** For a file found in a folder or by a glob, that folder: what is opened must lie inside it (LINK_OUT otherwise). */
  inside?: FolderBound;
  /**
   * The project's tree, where the spec's own x-trace may lie (projectTree of the working directory;
   * an MCP server's roots; an editor's workspace). Without it, an x-trace is refused, never
   * followed anywhere.
   */
  tree?: FolderBound;
}
