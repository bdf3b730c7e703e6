// What the server answers about a checked document: hover, completion and code actions. Each reads
// the document's last check and its text; none compiles but "fix all", which fixes as --fix does.

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
import { rules } from '../../catalog.js';
import { catalogRules } from '../../dialects/index.js';
import { editValues } from '../../fix/edit-value.js';
import { escapeFor } from '../../render/untrusted/index.js';
import type { CheckedDocument, DiagnosticData } from './check-document.js';
import { placeAt } from './document-places.js';
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
    const edit = changeOf(document, text, editValues(text, checked.format, [{ path, replacement: fix.replacement }]));
    if (edit === undefined) continue;
    const shown = JSON.stringify(fix.replacement);
    actions.push({
      title:
        fix.safety === 'safe' ? `Write ${shown} (${diagnostic.code})` : `Write ${shown} (${diagnostic.code}; unsafe: changes the meaning)`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: fix.safety === 'safe',
      edit: { changes: { [document.uri]: [edit] } },
    });
  }
  const all = fixedText();
  const edit = all === undefined ? undefined : changeOf(document, text, all);
  if (edit !== undefined)
    actions.push({ title: 'Fix all safe problems in this file', kind: FIX_ALL_KIND, edit: { changes: { [document.uri]: [edit] } } });
  return actions;
}

/** The one edit that turns `before` into `after`: the span between their common start and common end. */
export function changeOf(document: TextDocument, before: string, after: string): TextEdit | undefined {
  if (before === after) return undefined;
  let start = 0;
  while (start < before.length && start < after.length && before[start] === after[start]) start++;
  let end = 0;
  while (end < before.length - start && end < after.length - start && before[before.length - 1 - end] === after[after.length - 1 - end])
    end++;
  return {
    range: { start: document.positionAt(start), end: document.positionAt(before.length - end) },
    newText: after.slice(start, after.length - end),
  };
}
