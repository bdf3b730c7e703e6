// A map call as one line says it, wherever one is labelled (the timeline of `trace show`, the HTML
// page's timeline): its tool, its query, and where it searched. A shell program's query is its
// whole command line, which names the program already: `ls` with `ls -la src` is said "ls -la src",
// not "ls ls -la src". Two Globs of `**/*.md` in two folders differ only by their `path`, so it is
// said too: "**/*.md in docs".
import { firstCommandWords, programName } from '../trace/shell-words.js';

/** How much of a query is read for its program: the program is its first word, and a query may be megabytes. */
const HEAD = 1_000;

/** What a label says of a map call; a value absent is not said (a table's column may say the tool). */
export interface MapCallParts {
  tool?: unknown;
  query: unknown;
  /** Where it searched (a Glob's or Grep's `path`), as the caller shows paths (relative to a root). */
  searchPath?: unknown;
}

/**
 * The call as a line says it, each value as `show` makes it fit to show (cut, made inert): the tool
 * and the query, or the query alone when it names the tool; then where it searched, if anywhere.
 */
export function mapCallLabel(call: MapCallParts, show: (value: unknown) => string): string {
  const named =
    call.tool === undefined || queryNamesTool(call.tool, call.query) ? show(call.query) : `${show(call.tool)} ${show(call.query)}`;
  return call.searchPath === undefined ? named : `${named} in ${show(call.searchPath)}`;
}

/** Whether the query is a command line whose program is the tool (`/bin/ls -la` for `ls` too): said alone, it says both. */
function queryNamesTool(tool: unknown, query: unknown): boolean {
  if (typeof tool !== 'string' || typeof query !== 'string' || tool.trim() === '') return false;
  const program = firstCommandWords(query.slice(0, HEAD))[0];
  return program !== undefined && programName(program) === tool.trim();
}
