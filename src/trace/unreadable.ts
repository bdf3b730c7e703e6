// The one error of a file that is no trace of a format read, whichever part of the reading finds it.

/** A file that is no trace of a format read: no JSON object in it, no format's marks, mostly lines its format does not know, or a document its format refuses. */
export class UnreadableTraceError extends Error {
  override readonly name = 'UnreadableTraceError';
}
