// One value rewritten in a spec's text, everything else kept byte for byte: comments, key order,
// quoting, indentation and line endings. JSON through jsonc-parser's edits; YAML through the yaml
// library's document model, whose nodes know the range of text they were read from.
import { applyEdits, type Edit, modify } from 'jsonc-parser';
import { Document, isScalar, parseDocument, type Scalar } from 'yaml';
import { isIndexToken, parsePointer } from '../diagnostics/pointer.js';
import { yamlNodeAt } from '../diagnostics/value-places.js';

/** A value to write where a JSON Pointer points. */
export interface ValueEdit {
  path: string;
  replacement: string | number;
}

/** `text` with each edit's value written in place; an edit whose place is not a value in the text is left out. */
export function editValues(text: string, format: 'json' | 'yaml', edits: readonly ValueEdit[]): string {
  return format === 'json' ? editJson(text, edits) : editYaml(text, edits);
}

function editJson(text: string, edits: readonly ValueEdit[]): string {
  const all: Edit[] = [];
  for (const edit of edits) {
    const segments = parsePointer(edit.path).map((token) => (isIndexToken(token) ? Number(token) : token));
    all.push(...modify(text, segments, edit.replacement, { formattingOptions: { insertSpaces: true, tabSize: 2 } }));
  }
  return applyEdits(text, all);
}

function editYaml(text: string, edits: readonly ValueEdit[]): string {
  const document = parseDocument(text, { keepSourceTokens: true, uniqueKeys: false });
  const splices: Array<{ start: number; end: number; written: string }> = [];
  for (const edit of edits) {
    const node = yamlNodeAt(document.contents, parsePointer(edit.path));
    if (!isScalar(node) || node.range === undefined || node.range === null) continue;
    splices.push({ start: node.range[0], end: node.range[1], written: scalarText(node, edit.replacement) });
  }
  // From the end backwards, so that each range still points at its text.
  let result = text;
  for (const { start, end, written } of splices.sort((a, b) => b.start - a.start))
    result = result.slice(0, start) + written + result.slice(end);
  return result;
}

/**
 * The replacement as the scalar it replaces was written: a plain scalar stays plain where YAML reads
 * the new text back as the same string, else is double-quoted; a quoted one keeps its quotes.
 */
function scalarText(original: Scalar, replacement: string | number): string {
  if (typeof replacement === 'number') return String(replacement);
  if (original.type === 'QUOTE_SINGLE' && !/[\n\r]/.test(replacement)) return `'${replacement.replace(/'/g, "''")}'`;
  if (original.type === 'PLAIN') {
    const written = new Document(replacement).toString({ lineWidth: 0 }).trimEnd();
    if (!written.includes('\n') && !/^["']/.test(written)) return written;
  }
  return JSON.stringify(replacement);
}
