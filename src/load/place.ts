import type { Diagnostic } from '../diagnostics/diagnostic.js';
import type { Locator } from './text-position.js';

/** Diagnostics with the line and column of their pointer in the text; positions are looked up only when there is something to place. */
export function placeDiagnostics(diagnostics: Diagnostic[], locate: Locator | undefined): Diagnostic[] {
  if (!locate || diagnostics.length === 0) return diagnostics;
  locate.prepare?.(diagnostics.map((diagnostic) => diagnostic.path));
  return diagnostics.map((diagnostic) => {
    const position = locate(diagnostic.path);
    return position ? { ...diagnostic, line: position.line, column: position.column } : diagnostic;
  });
}
