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
}

export function inputProblem(subcode: InputErrorSubcode, message: string): InputProblem {
  return { subcode, message };
}
