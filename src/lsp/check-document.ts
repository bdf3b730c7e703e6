// One open document judged as the command line judges its file: the configuration, baseline and
// x-trace found from its folder (inside the workspace only), the preset, the stage; its problems
// as LSP diagnostics with the exact range of the value each one is about.
import { fileURLToPath } from 'node:url';
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Stage } from '../compile.js';
import { type DocumentFormat, valueSpans } from '../diagnostics/value-places.js';
import type { CliError } from '../engine/contract.js';
import { judgeOneSpec, type OneSpec, type OneSpecFlags, type SpecSource } from '../engine/one-spec.js';
import type { Policy } from '../policy/types.js';
import type { FileOutcome } from '../run/compile-file.js';
import { packageFiles, toolInfo } from '../tool.js';
import { sidecarStage } from './sidecar.js';
import type { Workspace } from './workspace.js';

/** What a document came to: its diagnostics for the editor, and what hover, completion and fixes read. */
export interface CheckedDocument {
  uri: string;
  version: number;
  format: DocumentFormat;
  diagnostics: LspDiagnostic[];
  outcome: FileOutcome;
  policy: Policy;
  /** The rule pages' base the diagnostics link to. */
  ruleDocs: string;
  /** Why the document's fixture sidecar could not be read, when it could not: the document is then judged as finished. */
  sidecarProblem?: string;
}

/** What a diagnostic carries for a quick fix: where its value is, and what the compiler knows of it. */
export interface DiagnosticData {
  path: string;
  expected?: string[];
  suggestion?: string;
  fix?: { replacement: string | number; safety: 'safe' | 'unsafe' };
}

/** The format of a document, by its language id, else its name. */
export function formatOf(document: TextDocument): DocumentFormat {
  if (document.languageId === 'json' || document.languageId === 'jsonc') return 'json';
  if (document.languageId === 'yaml') return 'yaml';
  return document.uri.toLowerCase().endsWith('.json') ? 'json' : 'yaml';
}

export async function checkDocument(document: TextDocument, workspace: Workspace, settings: { stage?: Stage }): Promise<CheckedDocument> {
  const format = formatOf(document);
  const { spec, sidecarProblem } = await judgeDocument(document, workspace, settings, {});
  const ruleDocs = spec.config.config.ruleDocsBaseUrl ?? packageFiles.rulePages;
  return {
    uri: document.uri,
    version: document.version,
    format,
    diagnostics: lspDiagnostics(spec.outcome, document, format, ruleDocs),
    outcome: spec.outcome,
    policy: spec.compiler.policy,
    ruleDocs,
    ...(sidecarProblem === undefined ? {} : { sidecarProblem }),
  };
}

/** The document with every safe problem fixed, as compile --fix would write its file; undefined when nothing is. */
export async function fixDocument(document: TextDocument, workspace: Workspace, settings: { stage?: Stage }): Promise<string | undefined> {
  const { spec } = await judgeDocument(document, workspace, settings, { fix: 'safe' });
  return spec.fixed === undefined || spec.fixed.applied.length === 0 ? undefined : spec.fixed.text;
}

/**
 * The document judged as its file would be: a file inside the workspace from its folder (its
 * configuration, baseline, x-trace and sidecar, inside the workspace only), any other document as
 * text. With why its sidecar could not be read, when it could not.
 */
async function judgeDocument(
  document: TextDocument,
  workspace: Workspace,
  settings: { stage?: Stage },
  extra: Pick<OneSpecFlags, 'fix'>,
): Promise<{ spec: OneSpec; sidecarProblem?: string }> {
  const text = document.getText();
  const path = document.uri.startsWith('file:') ? fileURLToPath(document.uri) : undefined;
  const file = path !== undefined && workspace.roots !== null && workspace.roots.inside(path) !== null ? path : undefined;
  const source: SpecSource =
    file !== undefined && workspace.roots !== null
      ? { buffer: text, path: file, inside: workspace.roots.bound }
      : { text, format: formatOf(document) };
  const { stage, sidecarProblem } = stageOf(path, workspace, settings.stage);
  const flags: OneSpecFlags = {
    maxBytes: workspace.maxBytes,
    ...(stage === 'draft' ? { stage } : {}),
    baselines: { pin: 'the baseline' },
    compilers: workspace.compilers,
    kept: workspace.kept,
    ...extra,
  };
  const spec = await judgeOneSpec(source, flags, workspace.io);
  return sidecarProblem === undefined ? { spec } : { spec, sidecarProblem };
}

/**
 * A draft is judged as one (`--stage draft`) when the editor's setting says so, when its name says
 * so (`NAME.draft.yaml`, `NAME.draft.json`), or when its fixture sidecar (`NAME.expect.json`,
 * `.expect.yaml`) does.
 */
function stageOf(path: string | undefined, workspace: Workspace, setting: Stage | undefined): { stage: Stage; sidecarProblem?: string } {
  if (setting !== undefined) return { stage: setting };
  if (path === undefined) return { stage: 'final' };
  if (/\.draft\.(json|ya?ml)$/i.test(path)) return { stage: 'draft' };
  const { draft, problem } = sidecarStage(path, workspace);
  return { stage: draft ? 'draft' : 'final', ...(problem === undefined ? {} : { sidecarProblem: problem }) };
}

/** A file's outcome as the editor shows it: its input error at its place, or each problem over the value it is about. */
function lspDiagnostics(outcome: FileOutcome, document: TextDocument, format: DocumentFormat, ruleDocs: string): LspDiagnostic[] {
  const text = document.getText();
  const source = toolInfo.name;
  if (outcome.error !== null) {
    const { line = 1, column = 1 } = outcome.error as { line?: number; column?: number };
    const start = { line: line - 1, character: column - 1 };
    return [
      {
        range: { start, end: lineEnd(document, start.line) },
        severity: DiagnosticSeverity.Error,
        code: outcome.error.code === 'INPUT_ERROR' ? outcome.error.subcode : outcome.error.code,
        source,
        message: outcome.error.message,
      },
    ];
  }
  const spanOf = valueSpans(text, format);
  return outcome.diagnostics
    .filter((diagnostic) => diagnostic.suppressed === undefined)
    .map((diagnostic) => {
      const span = diagnostic.path === '' ? undefined : spanOf(diagnostic.path);
      const start =
        span !== undefined
          ? document.positionAt(span.start)
          : { line: Math.max(0, (diagnostic.line ?? 1) - 1), character: Math.max(0, (diagnostic.column ?? 1) - 1) };
      const end = span !== undefined ? document.positionAt(span.end) : lineEnd(document, start.line);
      const data: DiagnosticData = {
        path: diagnostic.path,
        ...(diagnostic.expected === undefined ? {} : { expected: diagnostic.expected }),
        ...(diagnostic.suggestion === undefined ? {} : { suggestion: diagnostic.suggestion }),
        ...(diagnostic.fix === undefined ? {} : { fix: diagnostic.fix }),
      };
      return {
        range: { start, end },
        severity: diagnostic.severity === 'error' ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
        code: diagnostic.ruleId,
        codeDescription: { href: `${ruleDocs}${diagnostic.ruleId}.md` },
        source,
        message: diagnostic.message,
        data,
      };
    });
}

/**
 * What the editor shows when a document cannot be judged because the run is refused (its
 * configuration or baseline cannot be used: broken, or a link out of the workspace): the refusal,
 * as an error on its first line, so that a document judged by nothing never looks clean.
 */
export function refusalDiagnostics(document: TextDocument, refusal: CliError): LspDiagnostic[] {
  return [
    {
      range: { start: { line: 0, character: 0 }, end: lineEnd(document, 0) },
      severity: DiagnosticSeverity.Error,
      code: refusal.subcode ?? refusal.code,
      source: toolInfo.name,
      message: refusal.message,
    },
  ];
}

function lineEnd(document: TextDocument, line: number): { line: number; character: number } {
  const next = document.offsetAt({ line: line + 1, character: 0 });
  const text = document.getText();
  let end = next;
  while (end > 0 && (text[end - 1] === '\n' || text[end - 1] === '\r') && end > document.offsetAt({ line, character: 0 })) end--;
  return document.positionAt(end);
}
