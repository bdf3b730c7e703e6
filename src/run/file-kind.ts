// What a file is, as a folder walk and a file named to a command ask it: the recogniser of
// src/dialects/kinds.ts, fed as cheaply as the file allows. A spec shows a key of its own in its
// first bytes, so most files are decided without a parse; the rest are read whole, within the
// limits, once here and again by their own judge when they are judged.
import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { type FolderBound, openedInside } from '../common/folder-bound.js';
import { pathText, type RawPath } from '../common/raw-path.js';
import { type DocumentKind, dialectKind, documentKind } from '../dialects/kinds.js';
import { parseDocument, readDocument } from '../load/document.js';
import { headKeys } from '../load/head-keys.js';
import { toolInfo } from '../tool.js';

/** How much of a file is looked at before it is read whole: a spec's first key lies well within it. */
const HEAD_BYTES = 4096;

const NAME = toolInfo.name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');

/**
 * The first bytes of the tool's own JSON outputs as it writes them (keys in its order): known from
 * the head alone, however large the file, even past --max-bytes.
 */
const OWN_OUTPUT_HEADS: ReadonlyArray<{ kind: DocumentKind; head: RegExp }> = [
  { kind: 'envelope', head: /^\{\s*"schema":\s*"\d+",\s*"ok":\s*(?:true|false),\s*"command":/ },
  { kind: 'json-report', head: new RegExp(`^\\{\\s*"reportVersion":\\s*\\d+,\\s*"tool":\\s*\\{\\s*"name":\\s*"${NAME}"`) },
  {
    kind: 'sarif-log',
    head: new RegExp(
      `^\\{\\s*"\\$schema":[^\\n]*sarif[^\\n]*,\\s*"version":\\s*"2\\.1\\.0",\\s*"runs":\\s*\\[\\s*\\{\\s*"tool":\\s*\\{\\s*"driver":\\s*\\{\\s*"name":\\s*"${NAME}"`,
    ),
  },
];

export interface FileKindOptions {
  maxBytes: number;
  /** How messages would name the file (never shown here: a problem reading it is its judge's to say). */
  shown: string;
  /** For a file found in a folder: what is opened must lie inside it, else nothing is read. */
  inside?: FolderBound;
}

/**
 * The kind of the document in a file (documentKind), or null when it cannot be read as an object:
 * missing, not a regular file, a link out of `inside`, too large (unless its head shows one of the
 * tool's own outputs), not UTF-8, not JSON or YAML, not an object. Such a file is judged as it
 * would be without this, and its judge says what is wrong with it. Nothing read here is shown.
 */
export function kindOfFile(open: RawPath, options: FileKindOptions): DocumentKind | null {
  const head = readHead(open, options.inside);
  if (head === null) return null;
  const text = Buffer.from(head.bytes).toString('utf8');
  const own = OWN_OUTPUT_HEADS.find((output) => output.head.test(text));
  if (own !== undefined) return own.kind;
  const keys = headKeys(text, head.complete);
  const dialect = keys === null ? null : dialectKind(keys);
  if (dialect !== null) return dialect;
  const path = pathText(open);
  const parsed = head.complete
    ? parseDocument(head.bytes, { path })
    : readDocument(open, { maxBytes: options.maxBytes, shown: options.shown, ...(options.inside ? { inside: options.inside } : {}) });
  return parsed.ok ? documentKind(parsed.data) : null;
}

/** The file's first bytes, and whether they are all of it; null when it is not a regular file that can be opened (inside `inside`). */
function readHead(open: RawPath, inside: FolderBound | undefined): { bytes: Uint8Array; complete: boolean } | null {
  let descriptor: number;
  try {
    descriptor = openSync(open, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch {
    return null;
  }
  try {
    const stats = fstatSync(descriptor);
    if (!stats.isFile() || (inside !== undefined && !openedInside(descriptor, open, inside))) return null;
    const buffer = Buffer.alloc(HEAD_BYTES);
    const length = readSync(descriptor, buffer, 0, HEAD_BYTES, 0);
    return { bytes: buffer.subarray(0, length), complete: length < HEAD_BYTES || stats.size <= HEAD_BYTES };
  } catch {
    return null;
  } finally {
    closeSync(descriptor);
  }
}
