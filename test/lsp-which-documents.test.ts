/**
 * Which documents the language server judges, told without an editor: specs and katas reports by
 * what their top level holds, and none of the other JSON and YAML a project keeps beside them
 * (package.json, the tool's own reports, sidecars, briefs). test/lsp-neovim.test.ts checks that
 * the init.lua of docs/editors.md attaches the server to the same files.
 */
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { isJudgedDocument } from '../src/lsp/which-documents.js';
import { PROJECT_FILES } from './support/which-documents.js';

const MAX_BYTES = 4 * 1024 * 1024;

function documentOf(name: string, text: string, languageId = name.endsWith('.json') ? 'json' : 'yaml'): TextDocument {
  return TextDocument.create(pathToFileURL(`/project/${name}`).href, languageId, 1, text);
}

describe('the documents the language server judges', () => {
  it.each(PROJECT_FILES.map((file) => [file.name, file] as const))('%s', (_name, file) => {
    expect(isJudgedDocument(documentOf(file.name, file.text), MAX_BYTES)).toBe(file.judged);
  });

  it('a document in neither JSON nor YAML is left alone, whatever it holds', () => {
    expect(isJudgedDocument(documentOf('notes.md', 'goal: x\n', 'markdown'), MAX_BYTES)).toBe(false);
  });

  it('a document past the size bound is told by the head of its text, as one that does not parse', () => {
    const spec = `goal: x\nnotes: "${'a'.repeat(200)}"\n`;
    expect(isJudgedDocument(documentOf('big.yaml', spec), 100)).toBe(true);
    expect(isJudgedDocument(documentOf('big.yaml', `name: y\nnotes: "${'a'.repeat(200)}"\n`), 100)).toBe(false);
  });
});
