/** Why an input could not be turned into a spec object. Stable: new subcodes may be added, none renamed. */
export type InputErrorSubcode =
  | 'NOT_FOUND'
  | 'NOT_A_FILE'
  | 'UNREADABLE'
  | 'LINK_OUT'
  | 'TOO_LARGE'
  | 'ENCODING'
  | 'BINARY'
  | 'TOO_DEEP'
  | 'JSON_SYNTAX'
  | 'YAML_SYNTAX'
  | 'YAML_TAG'
  | 'YAML_TOO_LARGE'
  | 'YAML_COMPLEX_KEY'
  | 'CIRCULAR'
  | 'DUPLICATE_KEY'
  | 'NOT_AN_OBJECT'
  | 'NOT_A_RESULT'
  | 'NOT_A_REPORT'
  | 'UNKNOWN_SCHEMA'
  | 'NOT_A_SPEC'
  | 'NOT_A_TRACE';

/** What each subcode means, for the contract the `schema` command prints. */
export const inputErrorSubcodes: Readonly<Record<InputErrorSubcode, string>> = {
  NOT_FOUND: 'the input file does not exist',
  NOT_A_FILE:
    'the input is a directory, FIFO, device or other non-regular file, or (a trace) a file of a kernel pseudo file system such as /proc or /sys: refused before a byte is read',
  UNREADABLE: 'the input exists but cannot be read (permissions, I/O error)',
  LINK_OUT:
    "a file found in a folder or glob leads, once opened, out of that folder (a symbolic link out, or one swapped in after the folder was listed), or a spec's x-trace names a trace outside the project's tree (or the folder the spec was found in): not read; a trace elsewhere is named with --trace",
  TOO_LARGE: 'the input is larger than --max-bytes',
  ENCODING: 'the input is not valid UTF-8',
  BINARY: 'the input holds NUL bytes: a binary file, not a text spec',
  TOO_DEEP: 'objects and arrays nest deeper than the limit (100 levels)',
  JSON_SYNTAX: 'the input is not valid JSON',
  YAML_SYNTAX: 'the input is not valid YAML, or expands too many aliases',
  YAML_TAG: 'the YAML uses a tag outside the core schema',
  YAML_TOO_LARGE: 'the YAML has more than 500,000 tokens (about 80,000 lines); write a spec this large as JSON',
  YAML_COMPLEX_KEY: 'a YAML mapping key is a sequence or a mapping; spec keys are strings',
  CIRCULAR: 'the data contains itself: a YAML alias inside its own anchor, or a cyclic object given to the library',
  DUPLICATE_KEY: 'an object repeats a key',
  NOT_AN_OBJECT: 'the document is not an object (an array, a scalar, null or empty)',
  NOT_A_RESULT: 'summary: the file is not the --json envelope of a compile run',
  UNKNOWN_SCHEMA: 'the document names, in "schema", no document this tool reads (the message names the known ones)',
  NOT_A_SPEC:
    'a file named to be judged is, by its top-level keys whatever its name, another document of this tool: a brief artifact, a brief request, a --json envelope, a --format json report or a SARIF log; refused rather than judged as a spec that lost its goal (a folder walk leaves such files out with a note)',
  NOT_A_TRACE:
    "a trace (--trace, a spec's x-trace, trace show, trace draft, trace export) cannot be read as one: no line is a JSON object, or none bears the marks of a format read, or most are of types its format does not know; an ATIF trajectory that breaks the format's rules (its schema_version, steps that are no array, a result naming no call of its step), is no JSON or is larger than 64 MiB; or x-trace asks for a time that does not exist or a window of a trace without times",
  NOT_A_REPORT:
    'compare: a <name>.report.json file, or a JSON file with reportVersion 1, tool and verdict, that is not a JSON report of compile',
};

export interface InputProblem {
  subcode: InputErrorSubcode;
  message: string;
  /** 1-based place of the problem in the text, when it has one. */
  line?: number;
  column?: number;
}

export function inputProblem(subcode: InputErrorSubcode, message: string, position?: { line: number; column: number }): InputProblem {
  return position ? { subcode, message, line: position.line, column: position.column } : { subcode, message };
}

/** A repeated key, named with both of its places so that the reader can pick which to keep. */
export function duplicateKey(key: string, here: { line: number; column: number }, there: { line: number; column: number }): InputProblem {
  return inputProblem(
    'DUPLICATE_KEY',
    `duplicate key ${JSON.stringify(key)} at line ${here.line}, column ${here.column}; it is already defined at line ${there.line}, column ${there.column}. Keep one of them.`,
    here,
  );
}

/**
 * The first key of a list item repeated further down the same item: the usual cause is a new item
 * whose "- " was lost, so the fix offered is to write it, not to drop one of the keys.
 */
export function lostListDash(key: string, here: { line: number; column: number }, there: { line: number; column: number }): InputProblem {
  const shown = JSON.stringify(key);
  return inputProblem(
    'DUPLICATE_KEY',
    `duplicate key ${shown} at line ${here.line}, column ${here.column} in the list item that starts with ${shown} at line ${there.line}; if a new item starts at line ${here.line}, write "- " before ${shown} as line ${there.line} does, else keep one of them.`,
    here,
  );
}
