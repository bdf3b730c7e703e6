/**
 * Most schema errors a validator keeps. With allErrors, ajv makes one error object per failing
 * value: 16 MiB of `[0,0,...]` where strings belong would make eight million of them and exhaust
 * the heap. Past the cap, errors are counted but not made.
 */
const SCHEMA_ERROR_CAP = 1000;

/** Exact error counts of the last validation, kept and not kept; set by capped validators. */
export interface ErrorCount {
  errorCount?: number;
  /** Of errorCount, the errors for keys the schema does not allow (additionalProperties). */
  unknownErrorCount?: number;
}

const START = /let vErrors = null;let errors = 0;/g;
const PUSH = /const err(\d+) = ([\s\S]*?);if\(vErrors === null\)\{vErrors = \[err\1\];\}else \{vErrors\.push\(err\1\);\}errors\+\+;/g;
const CONCAT = /vErrors = vErrors === null \? (\w+)\.errors : vErrors\.concat\(\1\.errors\);errors = vErrors\.length;/g;
const SAVE = /const (_errs\d+) = errors;/g;
const ROLLBACK = /(?<![\w.])errors = (_errs\d+);/g;
const TRUNCATE = /vErrors\.length = (_errs\d+);/g;
const RETURN = /(\w+)\.errors = vErrors;return errors === 0;/g;

/**
 * Rewrites the code ajv generates (ajv 8, allErrors mode) so that `errors` counts every error while
 * `vErrors` keeps at most `cap` of them: an error object is only made while there is room, a
 * sub-validator's errors are appended only up to the cap, a rollback (anyOf, oneOf) never lengthens
 * the list, and each validator exposes the exact counts as `errorCount` and `unknownErrorCount`
 * (rolled back with `errors`). Ajv's code generator is pinned; `capErrors` throws when a pattern it
 * relies on is missing, so an upgrade cannot silently drop the cap (the tests compile every schema
 * through it).
 */
export function capErrors(code: string, cap: number = SCHEMA_ERROR_CAP): string {
  if (!code.includes('vErrors')) return code;
  const rewritten = code
    .replace(START, 'let vErrors = null;let errors = 0;let unknownErrors = 0;')
    .replace(PUSH, (_all, n: string, object: string) => {
      const unknown = object.includes('keyword:"additionalProperties"') ? 'unknownErrors++;' : '';
      return `if(vErrors === null || vErrors.length < ${cap}){const err${n} = ${object};if(vErrors === null){vErrors = [err${n}];}else {vErrors.push(err${n});}}errors++;${unknown}`;
    })
    .replace(
      CONCAT,
      (_all, sub: string) =>
        `vErrors = vErrors === null ? ${sub}.errors : vErrors.length < ${cap} ? vErrors.concat(${sub}.errors.slice(0, ${cap} - vErrors.length)) : vErrors;` +
        `errors += ${sub}.errorCount;unknownErrors += ${sub}.unknownErrorCount;`,
    )
    .replace(SAVE, (_all, saved: string) => `const ${saved} = errors;const ${saved}_unknown = unknownErrors;`)
    .replace(ROLLBACK, (_all, saved: string) => `errors = ${saved};unknownErrors = ${saved}_unknown;`)
    .replace(TRUNCATE, (_all, saved: string) => `vErrors.length = Math.min(vErrors.length, ${saved});`)
    .replace(
      RETURN,
      (_all, name: string) =>
        `${name}.errors = vErrors;${name}.errorCount = errors;${name}.unknownErrorCount = unknownErrors;return errors === 0;`,
    );
  const unknownShape =
    !rewritten.includes('.errorCount = errors;') ||
    /else \{vErrors\.push\(err\d+\);\}errors\+\+/.test(rewritten) ||
    /errors = vErrors\.length;/.test(rewritten) ||
    (rewritten.match(/let unknownErrors = 0;/g)?.length ?? 0) !== (rewritten.match(/\.errorCount = errors;/g)?.length ?? 0);
  if (unknownShape)
    throw new Error('capErrors: the code ajv generated has a shape this version does not know; update src/schema/cap-errors.ts');
  return rewritten;
}
