// What the server answers about a checked document: hover, completion and code actions. Each reads
// the document's last check and its text; none compiles but "fix all", which fixes as --fix does.

import { diffLines } from 'diff';
import {
  type CodeAction,
  CodeActionKind,
  type CompletionItem,
  CompletionItemKind,
  type Hover,
  MarkupKind,
  type Position,
  type TextEdit,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { rules } from '../catalog.js';
import { placeAt } from '../diagnostics/value-places.js';
import { catalogRules } from '../dialects/index.js';
import { editValues } from '../fix/edit-value.js';
import { escapeFor } from '../render/untrusted/index.js';
import type { CheckedDocument, DiagnosticData } from './check-document.js';
import { fieldDescription, fieldPlace, policyValues, specValues } from './field-values.js';

/** Every rule a diagnostic may name, by id: the investigation's and every other dialect's (katas reports). */
const RULES_BY_ID = new Map([...rules, ...catalogRules()].map((rule) => [rule.meta.id, rule]));

/** The kind of the "fix all safe problems" action, under source.fixAll as editors look for it on save. */
export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.compile-investigation`;

/** On a problem: its rule and why the method asks for it; on a field: what it holds and the values the policy in force allows. */
export function hover(document: TextDocument, checked: CheckedDocument, position: Position): Hover | null {
  const offset = document.offsetAt(position);
  const lines: string[] = [];
  for (const diagnostic of checked.diagnostics) {
    if (document.offsetAt(diagnostic.range.start) > offset || document.offsetAt(diagnostic.range.end) < offset) continue;
    const rule = RULES_BY_ID.get(String(diagnostic.code));
    if (rule === undefined) continue;
    lines.push(
      `**${rule.meta.id}**: ${rule.meta.description}`,
      '',
      rule.meta.rationale,
      '',
      `[${rule.meta.id}](${checked.ruleDocs}${rule.meta.id}.md)`,
      '',
    );
  }
  const place = placeAt(document.getText(), checked.format, offset);
  if (place !== undefined && place.tokens.length > 0) {
    const description = fieldDescription(place.tokens);
    if (description !== undefined) lines.push(`\`${place.tokens.join('.')}\`: ${description}`);
    const allowed = policyValues(fieldPlace(place.tokens), checked.policy);
    if (allowed !== undefined)
      lines.push(
        '',
        `Allowed by the policy in force (${allowed.key}): ${allowed.values.map((value) => escapeFor.markdownCode(value, false)).join(', ')}`,
      );
  }
  return lines.length === 0 ? null : { contents: { kind: MarkupKind.Markdown, value: lines.join('\n').trim() } };
}

/** Where the spec already knows the answer: the policy's values of a field, or the ids and nodes the spec names. */
export function complete(document: TextDocument, checked: CheckedDocument, position: Position): CompletionItem[] {
  const place = placeAt(document.getText(), checked.format, document.offsetAt(position));
  if (place === undefined || place.onKey) return [];
  const field = fieldPlace(place.tokens);
  const fromPolicy = policyValues(field, checked.policy);
  const data = checked.outcome.report?.investigation ?? {};
  const values = fromPolicy === undefined ? specValues(field, data) : [...fromPolicy.values];
  const detail = fromPolicy === undefined ? 'named in this spec' : `policy: ${fromPolicy.key}`;
  return values.map((value, index) => ({
    label: value,
    kind: fromPolicy === undefined ? CompletionItemKind.Reference : CompletionItemKind.EnumMember,
    detail,
    sortText: String(index).padStart(6, '0'),
  }));
}

/** A quick fix for each problem of the range that has a fix (the safe ones preferred), and "fix all safe problems". */
export function codeActions(document: TextDocument, checked: CheckedDocument, fixedText: () => string | undefined): CodeAction[] {
  const text = document.getText();
  const actions: CodeAction[] = [];
  for (const diagnostic of checked.diagnostics) {
    const fix = (diagnostic.data as DiagnosticData | undefined)?.fix;
    if (fix === undefined) continue;
    const path = (diagnostic.data as DiagnosticData).path;
    const edits = changesOf(document, text, editValues(text, checked.format, [{ path, replacement: fix.replacement }]));
    if (edits.length === 0) continue;
    const shown = JSON.stringify(fix.replacement);
    actions.push({
      title:
        fix.safety === 'safe' ? `Write ${shown} (${diagnostic.code})` : `Write ${shown} (${diagnostic.code}; unsafe: changes the meaning)`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: fix.safety === 'safe',
      edit: { changes: { [document.uri]: edits } },
    });
  }
  const all = fixedText();
  const edits = all === undefined ? [] : changesOf(document, text, all);
  if (edits.length > 0)
    actions.push({ title: 'Fix all safe problems in this file', kind: FIX_ALL_KIND, edit: { changes: { [document.uri]: edits } } });
  return actions;
}

/**
 * The edits that turn `before` into `after`: one for each run of changed lines, cut down to the
 * characters that differ, so that an editor keeps its marks and folds on the lines between.
 */
export function changesOf(document: TextDocument, before: string, after: string): TextEdit[] {
  if (before === after) return [];
  const edits: TextEdit[] = [];
  let offset = 0;
  let removed = '';
  let added = '';
  const flush = (): void => {
    if (removed === '' && added === '') return;
    edits.push(narrowed(document, before, offset - removed.length, removed, added));
    removed = '';
    added = '';
  };
  for (const part of diffLines(before, after)) {
    if (part.added) added += part.value;
    else if (part.removed) {
      removed += part.value;
      offset += part.value.length;
    } else {
      flush();
      offset += part.value.length;
    }
  }
  flush();
  return edits;
}

/**
 * The edit of `removed` (at `start` of `before`) into `added`, without the characters they begin
 * and end with alike; never cut between the CR and LF of a line end, where a protocol position
 * cannot point.
 */
function narrowed(document: TextDocument, before: string, start: number, removed: string, added: string): TextEdit {
  const betweenCrLf = (offset: number): boolean => before[offset - 1] === '\r' && before[offset] === '\n';
  let head = 0;
  while (head < removed.length && head < added.length && removed[head] === added[head]) head++;
  let tail = 0;
  while (
    tail < removed.length - head &&
    tail < added.length - head &&
    removed[removed.length - 1 - tail] === added[added.length - 1 - tail]
  )
    tail++;
  let from = start + head;
  let to = start + removed.length - tail;
  let newText = added.slice(head, added.length - tail);
  // Widened over the CR or the LF, which the new text then writes again.
  if (betweenCrLf(from)) {
    from--;
    newText = `\r${newText}`;
  }
  if (betweenCrLf(to)) {
    to++;
    newText = `${newText}\n`;
  }
  return { range: { start: document.positionAt(from), end: document.positionAt(to) }, newText };
}
