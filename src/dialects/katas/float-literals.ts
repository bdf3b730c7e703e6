import { visit } from 'jsonc-parser';
import { pointer } from '../../diagnostics/pointer.js';

const FRACTION_OR_EXPONENT = /[.eE]/;

/**
 * The JSON Pointers of the numbers a JSON text writes with a fraction or an exponent ("5.0",
 * "5e0"). Parsed data cannot tell 5.0 from 5, but Python reads the first as a float, which the
 * katas validator's integer checks reject: `judgeKatas` takes these pointers to judge such numbers
 * as the validator does. Call it on the text of a JSON report only (YAML has its own spelling).
 */
export function findFloatLiterals(text: string): Set<string> {
  const found = new Set<string>();
  visit(text, {
    onLiteralValue(value, offset, length, _line, _column, pathSupplier) {
      if (typeof value === 'number' && FRACTION_OR_EXPONENT.test(text.slice(offset, offset + length)))
        found.add(pointer(...pathSupplier()));
    },
  });
  return found;
}
