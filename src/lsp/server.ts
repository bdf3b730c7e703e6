// `lsp --stdio`: a language server for spec files and katas reports, on the well-kept LSP libraries
// (vscode-languageserver). Each open document is judged as the command line judges its file,
// after a pause in typing; hover, completion and quick fixes read its last check. The compiler
// stays loaded between checks. A document, a request or a watched file that goes wrong is answered
// with nothing and a line in the client's log, a frame that cannot be read with a parse error and
// such a line, never with the server's end.
import type { Readable, Writable } from 'node:stream';
import {
  CodeActionKind,
  createConnection,
  DidChangeWatchedFilesNotification,
  type ResponseMessage,
  StreamMessageWriter,
  TextDocumentSyncKind,
  TextDocuments,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Stage } from '../compile.js';
import type { CliError } from '../engine/contract.js';
import { reportedError } from '../engine/error-table.js';
import { toolInfo } from '../tool.js';
import { type CheckedDocument, checkDocument, fixDocument, refusalDiagnostics } from './check-document.js';
import { codeActions, complete, FIX_ALL_KIND, hover } from './features.js';
import { BoundedFrameReader, frameLimits } from './frame-reader.js';
import { isJudgedDocument } from './which-documents.js';
import { createWorkspace, type Workspace } from './workspace.js';

export interface LspServerOptions {
  maxBytes: number;
  env: Record<string, string | undefined>;
  cwd: string;
  stdin: Readable;
  stdout: Writable;
}

/** The settings the server reads (initializationOptions, or the `compileInvestigation` section of the client's configuration). */
interface Settings {
  /** Judge every document as a draft, or as finished; without it, by its name or its sidecar. */
  stage?: Stage;
  /** The pause after the last change before a document is checked again, from 0 to 5,000 ms (default 200). */
  debounceMs?: number;
}

/** The pause after typing before a check, unless a setting says otherwise: long enough to skip the keystrokes of a word. */
const DEFAULT_DEBOUNCE_MS = 200;

/** Files whose change may change a verdict: configuration, policy and baseline files, and traces. */
const WATCHED = [
  '**/investigation.config.{json,yaml,yml}',
  '**/*.policy.{json,yaml,yml}',
  '**/investigation-suppressions.json',
  '**/*.jsonl',
];

export function serveLsp(options: LspServerOptions): Promise<void> {
  const writer = new StreamMessageWriter(options.stdout);
  // A frame that cannot be read is answered (its id was never read: null) and said in the client's
  // log; the server reads on from the next header.
  const reader = new BoundedFrameReader(options.stdin, frameLimits(options.maxBytes), (problem) => {
    const answer: ResponseMessage = { jsonrpc: '2.0', id: null, error: problem };
    // A writer that fails has gone: the connection hears of it from the writer itself.
    writer.write(answer).catch(() => undefined);
    connection.console.error(`${toolInfo.name}: a message from the client could not be read: ${problem.message}`);
  });
  const connection = createConnection(reader, writer);
  const documents = new TextDocuments(TextDocument);
  const checked = new Map<string, CheckedDocument>();
  const ours = new Set<string>();
  /** The sidecar problem last said in the client's log, by URI: said again only when it changes, not at every keystroke. */
  const sidecarProblems = new Map<string, string>();
  /** The check each document waits for, by URI, and how to call it off. */
  const timers = new Map<string, { cancel(): void }>();
  let workspace: Workspace = createWorkspace([], options.maxBytes, options.env, options.cwd);
  let settings: Settings = {};
  let watchesByRegistration = false;

  const report = (what: string, error: unknown): void =>
    connection.console.error(`${toolInfo.name}: ${what}: ${error instanceof Error ? error.message : String(error)}`);

  async function check(uri: string): Promise<void> {
    const document = documents.get(uri);
    if (document === undefined) return;
    if (!ours.has(uri)) {
      // Once judged, a document stays so while it is open: a spec that stops parsing mid-edit gets
      // its one diagnostic rather than none.
      if (!isJudgedDocument(document, workspace.maxBytes)) return;
      ours.add(uri);
    }
    try {
      const result = await checkDocument(document, workspace, settings);
      // A check that an edit overtook is dropped: the next one is on its way.
      if (documents.get(uri)?.version !== result.version) return;
      checked.set(uri, result);
      noteSidecar(uri, result.sidecarProblem);
      await connection.sendDiagnostics({ uri, version: result.version, diagnostics: result.diagnostics });
    } catch (error) {
      const refusal = reportedError(error);
      if (refusal !== undefined) await refused(uri, document, refusal);
      report(`checking ${uri}`, error);
    }
  }

  /** A check the run refused (a configuration or baseline it cannot use): the refusal takes the place of the document's diagnostics. */
  async function refused(uri: string, document: TextDocument, error: CliError): Promise<void> {
    if (documents.get(uri)?.version !== document.version) return;
    checked.delete(uri);
    try {
      await connection.sendDiagnostics({ uri, version: document.version, diagnostics: refusalDiagnostics(document, error) });
    } catch (sending) {
      report(`checking ${uri}`, sending);
    }
  }

  function noteSidecar(uri: string, problem: string | undefined): void {
    if (problem === sidecarProblems.get(uri)) return;
    if (problem === undefined) {
      sidecarProblems.delete(uri);
      return;
    }
    sidecarProblems.set(uri, problem);
    connection.console.warn(`${toolInfo.name}: ${problem}; ${uri} is judged without it, as a finished spec`);
  }

  function schedule(uri: string, delay: number): void {
    timers.get(uri)?.cancel();
    const run = (): void => {
      timers.delete(uri);
      void check(uri);
    };
    // No pause asked for: checked once the messages already received are handled, not after a
    // timer's least millisecond.
    if (delay === 0) {
      const immediate = setImmediate(run);
      timers.set(uri, { cancel: () => clearImmediate(immediate) });
    } else {
      const timeout = setTimeout(run, delay);
      timers.set(uri, { cancel: () => clearTimeout(timeout) });
    }
  }

  /** The files read for the checks may have changed: they are read again, and every open document judged again. */
  const recheckAll = (): void => {
    workspace.forget();
    for (const document of documents.all()) schedule(document.uri, 0);
  };

  connection.onInitialize((params) => {
    const folders = params.workspaceFolders?.map((folder) => folder.uri) ?? (params.rootUri === null ? [] : [params.rootUri]);
    try {
      workspace = createWorkspace(folders, options.maxBytes, options.env, options.cwd);
    } catch (error) {
      report('reading the workspace folders', error);
    }
    settings = settingsOf(params.initializationOptions);
    watchesByRegistration = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        hoverProvider: true,
        completionProvider: { triggerCharacters: [':', ' ', '"', "'"] },
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, FIX_ALL_KIND] },
      },
      serverInfo: { name: toolInfo.name, version: toolInfo.version },
    };
  });

  connection.onInitialized(() => {
    if (watchesByRegistration)
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
        watchers: WATCHED.map((globPattern) => ({ globPattern })),
      });
  });

  connection.onDidChangeConfiguration((change) => {
    const section = (change.settings as { compileInvestigation?: unknown } | null)?.compileInvestigation;
    if (section !== undefined) settings = settingsOf(section);
    recheckAll();
  });
  // A configuration, policy, baseline or trace changed on disk: every open document is judged again.
  connection.onDidChangeWatchedFiles(() => recheckAll());
  // So is a file saved from the editor that is not a spec (a configuration, a policy): for clients
  // that do not watch files for the server, what is edited in the editor still counts.
  documents.onDidSave((event) => {
    if (!ours.has(event.document.uri)) recheckAll();
  });

  documents.onDidOpen((event) => schedule(event.document.uri, 0));
  documents.onDidChangeContent((event) => schedule(event.document.uri, settings.debounceMs ?? DEFAULT_DEBOUNCE_MS));
  documents.onDidClose((event) => {
    timers.get(event.document.uri)?.cancel();
    timers.delete(event.document.uri);
    checked.delete(event.document.uri);
    ours.delete(event.document.uri);
    sidecarProblems.delete(event.document.uri);
    void connection.sendDiagnostics({ uri: event.document.uri, diagnostics: [] });
  });

  /** A request's answer from the document's last check, or `empty` when there is none or it goes wrong. */
  const answer = <T>(uri: string, empty: T, make: (document: TextDocument, result: CheckedDocument) => T | Promise<T>): Promise<T> => {
    const document = documents.get(uri);
    const result = checked.get(uri);
    if (document === undefined || result === undefined || result.version !== document.version) return Promise.resolve(empty);
    return Promise.resolve()
      .then(() => make(document, result))
      .catch((error: unknown) => {
        report(`answering on ${uri}`, error);
        return empty;
      });
  };

  connection.onHover((params) => answer(params.textDocument.uri, null, (document, result) => hover(document, result, params.position)));
  connection.onCompletion((params) =>
    answer(params.textDocument.uri, [], (document, result) => complete(document, result, params.position)),
  );
  connection.onCodeAction((params) =>
    answer(params.textDocument.uri, [], async (document, result) => {
      const only = params.context.only;
      const quickFixes = only === undefined || only.some((kind) => CodeActionKind.QuickFix.startsWith(kind));
      const fixAll = only === undefined || only.some((kind) => FIX_ALL_KIND.startsWith(kind));
      const fixed = fixAll ? await fixDocument(document, workspace, settings) : undefined;
      // The quick fixes of the problems the client names (in the range asked about), from their data.
      return codeActions(document, { ...result, diagnostics: quickFixes ? params.context.diagnostics : [] }, () => fixed);
    }),
  );

  documents.listen(connection);
  return new Promise((resolve) => {
    connection.onExit(() => {
      for (const timer of timers.values()) timer.cancel();
      resolve();
    });
    connection.listen();
  });
}

/** The settings a client sent, each kept only when it is one the server takes. */
function settingsOf(value: unknown): Settings {
  const { stage, debounceMs } = (value ?? {}) as { stage?: unknown; debounceMs?: unknown };
  return {
    ...(stage === 'draft' || stage === 'final' ? { stage } : {}),
    ...(Number.isInteger(debounceMs) && (debounceMs as number) >= 0 && (debounceMs as number) <= 5000
      ? { debounceMs: debounceMs as number }
      : {}),
  };
}
