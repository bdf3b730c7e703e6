// A spec's fixable problems fixed, as ESLint's --fix does: the fixes of one compile written at
// once, the text compiled again, and so on while that still removes problems. A pass whose text no
// longer parses, or does not have fewer problems, is thrown away and the fixing stops.
import type { CompileInputOptions, CompileResult, Compiler, SpecInput } from '../compile.js';
import type { Diagnostic } from '../diagnostics/diagnostic.js';
import { editValues, type ValueEdit } from './edit-value.js';

/** Which fixes are written: the safe ones (`--fix`), or the unsafe ones too (`--fix-unsafe`). */
export type FixLevel = 'safe' | 'unsafe';

/** A fix written: the rule whose problem it fixed, where, and the value it wrote. */
export interface AppliedFix {
  ruleId: string;
  path: string;
  replacement: string | number;
  safety: 'safe' | 'unsafe';
}

export interface FixOutcome {
  /** The text with every fix kept; the input's own text when none was. */
  text: string;
  applied: AppliedFix[];
  /** The compile of `text`: what remains. */
  result: CompileResult;
}

/** Passes at most: each must remove problems, so a spec needs few; the bound stops a fix that undoes another. */
const MAX_PASSES = 10;

export function fixSpec(compiler: Compiler, text: string, options: CompileInputOptions, level: FixLevel): FixOutcome {
  let current = text;
  let result = compiler.compile(current, options);
  const applied: AppliedFix[] = [];
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    const format = result.report?.input.format;
    if (format !== 'json' && format !== 'yaml') break;
    const fixes = fixesOf(result.diagnostics, level);
    if (fixes.length === 0) break;
    const next = editValues(current, format, fixes);
    if (next === current) break;
    const after = compiler.compile(next as SpecInput, options);
    if (after.report === null || problemsOf(after) >= problemsOf(result)) break;
    applied.push(...fixes);
    current = next;
    result = after;
  }
  return { text: current, applied, result };
}

/** The fixes of `level` among the diagnostics, one per place (the first), in document order. */
export function fixesOf(diagnostics: readonly Diagnostic[], level: FixLevel): Array<ValueEdit & AppliedFix> {
  const byPath = new Map<string, ValueEdit & AppliedFix>();
  for (const { fix, path, ruleId } of diagnostics) {
    if (fix === undefined || (fix.safety === 'unsafe' && level === 'safe') || byPath.has(path)) continue;
    byPath.set(path, { ruleId, path, replacement: fix.replacement, safety: fix.safety });
  }
  return [...byPath.values()];
}

function problemsOf(result: CompileResult): number {
  return result.diagnostics.filter((diagnostic) => diagnostic.suppressed === undefined).length;
}
