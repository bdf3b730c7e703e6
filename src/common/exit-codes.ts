/** Process exit codes: part of the stable contract. */
export const exitCodes = {
  passed: 0,
  gateFailed: 1,
  usage: 2,
  input: 3,
  critical: 4,
  internal: 5,
} as const;

export const exitCodeMeanings: ReadonlyArray<{ code: number; meaning: string }> = [
  { code: exitCodes.passed, meaning: 'the gate passed (warnings allowed)' },
  { code: exitCodes.gateFailed, meaning: 'the gate failed; the report is still produced, with verdict fail' },
  {
    code: exitCodes.usage,
    meaning: 'usage error: unknown option, command or value, conflicting arguments, invalid configuration or policy',
  },
  { code: exitCodes.input, meaning: 'input error: missing, unreadable, too large, not UTF-8, not JSON or YAML, or not an object' },
  { code: exitCodes.critical, meaning: '{VACIO_CRITICO}: the goal or the budget is missing; no report' },
  { code: exitCodes.internal, meaning: 'internal error: a bug in compile-investigation; please report it' },
];
