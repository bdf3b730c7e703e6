/**
 * The edits the language server's code actions send: applied by an editor to the document, they
 * must make exactly the fixed text, one edit per run of changed lines, each no wider than the
 * characters that differ.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { changesOf } from '../src/lsp/features.js';

function applied(before: string, after: string) {
  const document = TextDocument.create('file:///spec.yaml', 'yaml', 1, before);
  const edits = changesOf(document, before, after);
  return { edits, result: TextDocument.applyEdits(document, edits) };
}

describe('changesOf', () => {
  it('one edit for each changed place, only the characters that differ', () => {
    const before = 'goal: x\r\nbudget:\r\n  used: 5 # spent\r\n  unit: reads\r\nsurfaceMap:\r\n  - tool: glob\r\n';
    const after = before.replace('used: 5', 'used: 2').replace('tool: glob', 'tool: Glob');
    const { edits, result } = applied(before, after);
    expect(result).toBe(after);
    expect(edits).toEqual([
      { range: { start: { line: 2, character: 8 }, end: { line: 2, character: 9 } }, newText: '2' },
      { range: { start: { line: 5, character: 10 }, end: { line: 5, character: 11 } }, newText: 'G' },
    ]);
  });

  it('no edit for the same text', () => {
    expect(applied('a\nb\n', 'a\nb\n').edits).toEqual([]);
  });

  it('whatever lines are changed, added or removed, with any line ends, the edits make the new text', () => {
    const line = fc.oneof(
      fc.constantFrom('goal: x', '  used: 2', '  - tool: Glob', '', '# note', 'a lone CR\r', '\r'),
      fc.string({ maxLength: 8 }),
    );
    const end = fc.constantFrom('\n', '\r\n', '');
    const text = fc
      .array(fc.tuple(line, end), { maxLength: 12 })
      .map((lines) => lines.map(([content, ending]) => content + ending).join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const { edits, result } = applied(before, after);
        expect(result).toBe(after);
        // The edits do not overlap and come in the order of the text, as the protocol asks.
        for (let index = 1; index < edits.length; index++) {
          const previous = edits[index - 1]?.range.end as { line: number; character: number };
          const start = edits[index]?.range.start as { line: number; character: number };
          expect(previous.line < start.line || (previous.line === start.line && previous.character <= start.character)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
