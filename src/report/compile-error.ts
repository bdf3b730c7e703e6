import type { InputErrorSubcode } from '../load/input-error.js';
import type { CriticalSubcode } from '../rules/critical-input.js';

/** Why a spec has no report: its input could not be read as a spec, or the goal or budget is missing. */
export type CompileError =
  | { code: 'INPUT_ERROR'; subcode: InputErrorSubcode; message: string; line?: number; column?: number }
  | { code: 'CRITICAL_INPUT'; subcode: CriticalSubcode; message: string };
