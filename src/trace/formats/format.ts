// A trace format as the reader takes it: recognised by its own marks in the file's first lines,
// then read line by line into a call book (or, for a format whose file is one JSON document, its
// document as one record). One file a format; formats/index.ts lists them.
import type { CallBook } from '../call-book.js';
import type { ShellProgram } from '../shell-table.js';
import type { Trace, TraceFormat } from '../types.js';

export interface FormatReader {
  format: TraceFormat;
  /** The format as outputs name it. */
  name: string;
  /** The agent whose versions the format's lines name (Trace.versions); none when they name none. */
  agent?: string;
  /** How its calls are put in order: by their time (then line), or as its lines come. */
  order: 'time' | 'lines';
  /** Its file may be one JSON document over many lines (ATIF), read whole and given to `line` as one record. */
  document?: true;
  /** Whether the first lines of a file that are JSON objects bear this format's marks. */
  detect(first: readonly Record<string, unknown>[]): boolean;
  /** A reader of one file's lines, writing its calls into `book`. */
  open(book: CallBook, programs: Readonly<Record<string, ShellProgram>>): FormatLines;
}

/** The lines where parts of a document start, by their JSON Pointers ("/steps/3/tool_calls/0"). */
export type PlaceOf = (pointers: readonly string[]) => number[];

export interface FormatLines {
  /** One line of the file that is a JSON object, numbered from 1; or the whole document, at its first line, and where its parts lie. */
  line(record: Record<string, unknown>, line: number, place?: PlaceOf): void;
  /** The end of the file: calls still waiting are finished as they can be; what the format adds to the trace. */
  end(): FormatEnd;
}

/** What a format adds to the trace once read. */
export interface FormatEnd {
  tokens?: NonNullable<Trace['tokens']>;
  /** The records it read, where they are not the file's JSON lines (a document's steps and calls), for the share of those of unknown types. */
  records?: { count: number; name: string };
  formatVersion?: string;
  agent?: string;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function textOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** A count of tokens as a trace gives it: a positive safe integer, else 0. */
export function countOf(value: unknown): number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : 0;
}
