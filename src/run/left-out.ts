// The files a walk found and did not judge, by their kind (src/dialects/kinds.ts), and what a
// run says of them: a note a folder and kind, and, for a file named that is not what it was named
// for, a warning or an input error.

import { plural } from '../common/text.js';
import { compareStrings } from '../diagnostics/diagnostic.js';
import { judgedDocumentNames, type OtherKind, otherKind, otherKinds, wordList } from '../dialects/kinds.js';
import { toolInfo } from '../tool.js';

/** A file a folder walk or glob found and left out: how reports name it, and what it is. */
export interface LeftOutFile {
  /** Relative to the working directory, with forward slashes, as the judged files are named. */
  path: string;
  kind: OtherKind;
}

/** At most this many names in one note; the envelope's `leftOut` lists them all. */
const NAMES_A_NOTE = 10;

/**
 * One note for each folder and kind, folders in code-unit order, kinds in listing order, naming
 * the files (the first 10) and saying what judges them, if anything does.
 */
export function leftOutNotes(files: readonly LeftOutFile[]): string[] {
  const groups = new Map<string, { folder: string; kind: OtherKind; names: string[] }>();
  for (const file of files) {
    const cut = file.path.lastIndexOf('/');
    const folder = cut < 0 ? '.' : file.path.slice(0, cut) || '/';
    const key = `${folder}\u0000${file.kind}`;
    let group = groups.get(key);
    if (group === undefined) {
      group = { folder, kind: file.kind, names: [] };
      groups.set(key, group);
    }
    group.names.push(file.path.slice(cut + 1));
  }
  const order = (kind: OtherKind): number => otherKinds.findIndex((other) => other.id === kind);
  return [...groups.values()]
    .sort((a, b) => compareStrings(a.folder, b.folder) || order(a.kind) - order(b.kind))
    .map(({ folder, kind, names }) => {
      const { singular, plural: several } = otherKind(kind);
      const shown = names.slice(0, NAMES_A_NOTE).map((name) => JSON.stringify(name));
      const more = names.length > NAMES_A_NOTE ? ` and ${names.length - NAMES_A_NOTE} more` : '';
      return `left out ${plural(names.length, singular, several)} in ${JSON.stringify(folder)}: ${shown.join(', ')}${more}; ${WHY[kind](folder, names.length)}`;
    });
}

/** The documents whose top-level keys the tool knows: "a spec, a katas report, a brief artifact or a brief request". */
const READ_DOCUMENTS = wordList([...judgedDocumentNames(), 'a brief artifact', 'a brief request'], 'or');

/** What reads each kind instead, after the names of a note or in the error of a file named. */
const WHY: Readonly<Record<OtherKind, (folder: string, count: number) => string>> = {
  'brief-artifact': (folder, count) => `${toolInfo.name} briefs ${JSON.stringify(folder)} checks ${count === 1 ? 'it' : 'them'}`,
  'brief-request': (_folder, count) => `${toolInfo.name} briefs append --from reads ${count === 1 ? 'it' : 'them'}`,
  'json-report': () => `judge the spec a report was made from (${toolInfo.name} compare reads reports)`,
  envelope: () => `judge the specs an envelope was made from (${toolInfo.name} summary reads envelopes)`,
  'sarif-log': () => 'judge the specs a log was made from',
  unknown: () => `none has a top-level key of ${READ_DOCUMENTS}; name a file on the command line to judge it as a spec anyway`,
};

/**
 * The input error of a file named to be judged (`shown`, as messages name it) that is, by its
 * keys, another document of this tool (a brief, one of its outputs): refused rather than judged
 * as a spec that lost its goal, with what reads it instead.
 */
export function notASpecMessage(kind: Exclude<OtherKind, 'unknown'>, shown: string): string {
  const cut = shown.lastIndexOf('/');
  const folder = cut < 0 ? '.' : shown.slice(0, cut) || '/';
  return `the file is a ${otherKind(kind).singular} (its keys say so), not a spec; ${WHY[kind](folder, 1)}`;
}

/** The warning on a file named to be judged that has the marks of no document the tool reads: it is judged as a spec all the same. */
export function namedUnknownWarning(shown: string): string {
  return `${JSON.stringify(shown)} has none of the top-level keys of ${READ_DOCUMENTS}; judged as a spec because it was named`;
}
