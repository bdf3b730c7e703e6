import type { PhrasingContent, Root, RootContent } from 'mdast';
import { describePointer } from '../diagnostics/pointer.js';
import { firstItems, MAX_ROWS, moreNote } from '../render/limits.js';
import { stringifyMarkdown } from '../render/markdown/stringify.js';
import { cellText, code, heading, listParagraph, paragraph, table, text } from '../render/mdast-builders.js';
import { changeLabel, deltaLabel, FIGURES, problemRows, reasonsLabel, summaryLabel } from './labels.js';
import type { CompareDocument, CompareNotes, FileComparison } from './types.js';

const IN_JSON = 'the JSON comparison (--format json) lists them all';

/** The comparison as GitHub-flavoured Markdown, from an mdast tree like every document of the tool. */
export function renderCompareMarkdown(document: CompareDocument, notes: CompareNotes = {}): string {
  return stringifyMarkdown(compareMarkdownTree(document, notes));
}

/** A summary, a table of every file with its verdict change and figures, then each file's new and fixed problems by rule. */
function compareMarkdownTree(document: CompareDocument, notes: CompareNotes): Root {
  const { verdict, details } = summaryLabel(document.summary);
  const files = firstItems(document.files, MAX_ROWS);
  const baselines = notes.unappliedBaselines ?? [];
  const children: RootContent[] = [
    heading(1, text('Comparison of '), code(document.base), text(' and '), code(document.head)),
    paragraph(text(`${verdict}. ${details}.`)),
    ...listParagraph('No baseline is applied to the specs, so every problem counts as found. Not applied: ', baselines),
    heading(2, text('Files')),
    table(
      ['File', 'Verdict', 'Worse', ...FIGURES.map((figure) => figure.title)],
      files.items.map((file) => [
        [code(file.key)],
        [text(changeLabel(file))],
        [text(file.worse ? `yes: ${reasonsLabel(file)}` : 'no')],
        ...FIGURES.map(({ key }) => [text(deltaLabel(file.metrics[key]))]),
      ]),
    ),
    ...moreNote(files.more, 'files', IN_JSON),
  ];
  const changed = document.files.filter((file) => file.rules.length > 0);
  if (changed.length > 0) children.push(heading(2, text('New and fixed problems')));
  for (const file of changed) children.push(...problemSection(file));
  return { type: 'root', children };
}

function problemSection(file: FileComparison): RootContent[] {
  const shown = firstItems(problemRows(file), MAX_ROWS);
  return [
    heading(3, code(file.key)),
    table(
      ['Rule', 'Change', 'Severity', 'Path', 'Message'],
      shown.items.map((row): PhrasingContent[][] => [
        [code(row.ruleId)],
        [text(row.change)],
        [text(row.severity)],
        [code(describePointer(row.path))],
        cellText(row.message),
      ]),
    ),
    ...moreNote(shown.more, 'problems', IN_JSON),
  ];
}
