/** Why an input could not be turned into a spec object. Stable: new subcodes may be added, none renamed. */
export type InputErrorSubcode =
  | 'NOT_FOUND'
  | 'NOT_A_FILE'
  | 'UNREADABLE'
  | 'TOO_LARGE'
  | 'ENCODING'
  | 'JSON_SYNTAX'
  | 'YAML_SYNTAX'
  | 'YAML_TAG'
  | 'DUPLICATE_KEY'
  | 'NOT_AN_OBJECT';

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
