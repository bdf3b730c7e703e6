/**
 * The language server end to end, as an editor sees it: a client built on
 * vscode-languageserver-protocol starts the built command line (`compile-investigation lsp
 * --stdio`) and speaks the protocol with it over stdio.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CodeAction,
  type CompletionItem,
  createProtocolConnection,
  type Diagnostic,
  type Hover,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
  type TextEdit,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { cliPath, projectRoot } from './support/cli.js';
import { runBuiltInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('lsp');

/** The passing YAML spec of the fixtures with three problems: two with a safe fix, one with an unsafe one. */
const SPEC = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8')
  .replace('  used: 2', '  used: 5')
  .replace('tool: Glob', 'tool: glob')
  .replace('provenance: "[CODIGO]"\n  - id: D2', 'provenance: "[CODE]"\n  - id: D2');

interface Session {
  connection: ProtocolConnection;
  child: ChildProcess;
  /** The next diagnostics published for a document, or the ones already published for its version. */
  diagnosticsOf(uri: string, version?: number): Promise<Diagnostic[]>;
}

async function start(folder: string, extra: string[] = []): Promise<Session> {
  const child = spawn(process.execPath, [cliPath, 'lsp', '--stdio', ...extra], { cwd: folder, stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const published: PublishDiagnosticsParams[] = [];
  const waiting: Array<() => void> = [];
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (const wake of waiting.splice(0)) wake();
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(folder).href,
    workspaceFolders: [{ uri: pathToFileURL(folder).href, name: 'specs' }],
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: false } } },
  });
  await connection.sendNotification('initialized', {});
  const diagnosticsOf = async (uri: string, version?: number): Promise<Diagnostic[]> => {
    for (;;) {
      const found = published.findLast((params) => params.uri === uri && (version === undefined || params.version === version));
      if (found !== undefined) return found.diagnostics;
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  return { connection, child, diagnosticsOf };
}

async function stop(session: Session): Promise<number | null> {
  await session.connection.sendRequest('shutdown');
  await session.connection.sendNotification('exit');
  return await new Promise((resolve) => session.child.on('exit', (code) => resolve(code)));
}

function open(session: Session, uri: string, text: string, version = 1, languageId = 'yaml'): Promise<void> {
  return session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
}

function applied(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///x', 'yaml', 1, text), [...edits]);
}

describe('compile-investigation lsp --stdio', { timeout: 60_000 }, () => {
  let folder: string;
  let session: Session;
  let uri: string;

  beforeAll(async () => {
    folder = tempDir();
    writeFileSync(join(folder, 'spec.yaml'), SPEC);
    uri = pathToFileURL(join(folder, 'spec.yaml')).href;
    session = await start(folder);
    await open(session, uri, SPEC);
  });
  afterAll(async () => {
    if (session !== undefined) expect(await stop(session)).toBe(0);
  });

  it('publishes the diagnostics the command line gives, each over its value, with its rule, page and fix', async () => {
    const diagnostics = await session.diagnosticsOf(uri, 1);
    const cli = JSON.parse((await runBuiltInProcess(['spec.yaml', '--json'], { cwd: folder })).stdout).data.files[0].diagnostics;
    expect(diagnostics.map((diagnostic) => [diagnostic.code, (diagnostic.data as { path: string }).path])).toEqual(
      cli.map((diagnostic: { ruleId: string; path: string }) => [diagnostic.ruleId, diagnostic.path]),
    );
    const tool = diagnostics.find((diagnostic) => diagnostic.code === 'map-cheap') as Diagnostic;
    const line = SPEC.split('\n').findIndex((text) => text.includes('tool: glob'));
    expect(tool.range).toEqual({ start: { line, character: 10 }, end: { line, character: 14 } });
    expect(tool).toMatchObject({ severity: 1, source: 'compile-investigation', data: { fix: { replacement: 'Glob', safety: 'safe' } } });
    expect(tool.codeDescription?.href).toMatch(/docs\/rules\/map-cheap\.md$/);
  });

  it('hover explains the rule of a problem, and the values the policy allows for a field', async () => {
    const line = SPEC.split('\n').findIndex((text) => text.includes('tool: glob'));
    const onProblem = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line, character: 11 },
    })) as Hover;
    const text = (onProblem.contents as { value: string }).value;
    expect(text).toContain('**map-cheap**');
    expect(text).toContain(
      'Allowed by the policy in force (cheapMapTools): `Glob`, `Grep`, `LS`, `rg`, `grep`, `find`, `fd`, `ls`, `tree`',
    );
  });

  it('completes hypothesis ids, mapped nodes and the policy values where the spec already knows them', async () => {
    const lines = SPEC.split('\n');
    const at = (needle: string) => {
      const line = lines.findIndex((text) => text.includes(needle));
      return { line, character: (lines[line] as string).length };
    };
    const labels = async (needle: string) =>
      (
        (await session.connection.sendRequest('textDocument/completion', {
          textDocument: { uri },
          position: at(needle),
        })) as CompletionItem[]
      ).map((item) => item.label);
    expect(await labels('hypothesisId: H1')).toEqual(['H1', 'H2']);
    expect(await labels('node: src/totals.ts')).toEqual(['src/totals.ts', 'src/export.ts', 'src/reports/monthly.ts']);
    expect(await labels('effect: confirms')).toEqual(['confirms', 'invalidates', 'neutral']);
  });

  it('offers a quick fix for each problem with a fix, the safe one preferred, and a fix of every safe problem', async () => {
    const diagnostics = await session.diagnosticsOf(uri, 1);
    const actions = (await session.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: 80, character: 0 } },
      context: { diagnostics },
    })) as CodeAction[];
    const titles = actions.map((action) => [action.title, action.kind, action.isPreferred ?? false]);
    expect(titles).toEqual([
      ['Write 2 (budget-accounting)', 'quickfix', true],
      ['Write "Glob" (map-cheap)', 'quickfix', true],
      ['Write "[CODIGO]" (finding-provenance; unsafe: changes the meaning)', 'quickfix', false],
      ['Fix all safe problems in this file', 'source.fixAll.compile-investigation', false],
    ]);
    const all = actions[3]?.edit?.changes?.[uri] as TextEdit[];
    expect(applied(SPEC, all)).toBe(SPEC.replace('  used: 5', '  used: 2').replace('tool: glob', 'tool: Glob'));
    // Applied as an editor would, the change is checked again and the problems fixed are gone.
    const fixed = applied(SPEC, actions[1]?.edit?.changes?.[uri] as TextEdit[]);
    await session.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: fixed }],
    });
    const after = await session.diagnosticsOf(uri, 2);
    expect(after.map((diagnostic) => diagnostic.code)).not.toContain('map-cheap');
  });

  it('a change of configuration on disk checks open documents again', async () => {
    writeFileSync(
      join(folder, 'investigation.config.json'),
      JSON.stringify({ policy: { provenanceTags: ['[CODE]', '[CODIGO]', '[DOC]'] } }),
    );
    const before = (await session.diagnosticsOf(uri, 2)).length;
    await session.connection.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [{ uri: pathToFileURL(join(folder, 'investigation.config.json')).href, type: 1 }],
    });
    let after: Diagnostic[];
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await session.diagnosticsOf(uri, 2);
    } while (after.length === before);
    expect(after.map((diagnostic) => diagnostic.code)).not.toContain('finding-provenance');
  });

  it('a configuration saved from the editor checks open documents again, with no file watching', async () => {
    const config = join(folder, 'investigation.config.json');
    const configUri = pathToFileURL(config).href;
    const before = await session.diagnosticsOf(uri, 2);
    expect(before.map((diagnostic) => diagnostic.code)).not.toContain('finding-provenance');
    // The configuration edited and saved in the editor: the tags of the preset are back.
    await open(session, configUri, '{}', 1, 'json');
    writeFileSync(config, '{}');
    await session.connection.sendNotification('textDocument/didSave', { textDocument: { uri: configUri } });
    let after: Diagnostic[];
    do {
      await new Promise((resolve) => setTimeout(resolve, 50));
      after = await session.diagnosticsOf(uri, 2);
    } while (after.length === before.length);
    expect(after.map((diagnostic) => diagnostic.code)).toContain('finding-provenance');
    await session.connection.sendNotification('textDocument/didClose', { textDocument: { uri: configUri } });
  });

  it('a document that cannot be parsed gets one diagnostic, and the server goes on', async () => {
    const broken = pathToFileURL(join(folder, 'broken.yaml')).href;
    await open(session, broken, 'goal: x\nbudget: [\n');
    const diagnostics = await session.diagnosticsOf(broken, 1);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]?.code).toBe('YAML_SYNTAX');
    const other = pathToFileURL(join(folder, 'package.json')).href;
    await open(session, other, '{"name": "not a spec"}', 1, 'json');
    const hover = await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: { line: 0, character: 1 },
    });
    expect(hover).not.toBeUndefined();
  });
});

describe('what the server judges, and how', { timeout: 60_000 }, () => {
  let folder: string;
  let session: Session;

  beforeAll(async () => {
    folder = tempDir();
    for (const name of ['transcript-small.jsonl', 'transcript-small.spec.yaml'])
      writeFileSync(join(folder, name), readFileSync(join(projectRoot, 'fixtures/traces', name)));
    session = await start(folder, ['--max-bytes', '20000']);
  });
  afterAll(async () => {
    if (session !== undefined) expect(await stop(session)).toBe(0);
  });

  it('a spec that names its trace (x-trace) is checked against it, as the command line checks its file', async () => {
    const text = `${readFileSync(join(folder, 'transcript-small.spec.yaml'), 'utf8').replace('node: src/totals.ts', 'node: src/export.ts')}x-trace:\n  path: transcript-small.jsonl\n`;
    writeFileSync(join(folder, 'linked.yaml'), text);
    const uri = pathToFileURL(join(folder, 'linked.yaml')).href;
    await open(session, uri, text);
    const codes = (await session.diagnosticsOf(uri, 1)).map((diagnostic) => diagnostic.code);
    expect(codes).toContain('trace-dive-observed');
    const cli = JSON.parse((await runBuiltInProcess(['linked.yaml', '--json'], { cwd: folder })).stdout).data.files[0].diagnostics;
    expect(codes).toEqual(cli.map((diagnostic: { ruleId: string }) => diagnostic.ruleId));
  });

  it('a katas report gets the findings of its dialect, and hover explains its rules', async () => {
    const name = 'katas-cheap-mapping-read-as-scan.json';
    const text = readFileSync(join(projectRoot, 'fixtures/katas/invalid', name), 'utf8');
    writeFileSync(join(folder, name), text);
    const uri = pathToFileURL(join(folder, name)).href;
    await open(session, uri, text, 1, 'json');
    const diagnostics = await session.diagnosticsOf(uri, 1);
    const cli = JSON.parse((await runBuiltInProcess([name, '--json'], { cwd: folder })).stdout).data.files[0].diagnostics;
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(cli.map((diagnostic: { ruleId: string }) => diagnostic.ruleId));
    const problem = diagnostics.find((diagnostic) => diagnostic.code === 'katas-cheap-mapping') as Diagnostic;
    const hover = (await session.connection.sendRequest('textDocument/hover', {
      textDocument: { uri },
      position: problem.range.start,
    })) as Hover;
    expect(JSON.stringify(hover.contents)).toContain('**katas-cheap-mapping**');
  });

  it('a draft by its name is judged as one; a document over --max-bytes gets one diagnostic', async () => {
    const skeleton = (await runBuiltInProcess(['init', '--goal', 'Where are the totals?', '--budget', '4'], { cwd: folder })).stdout;
    const draft = pathToFileURL(join(folder, 'next.draft.yaml')).href;
    await open(session, draft, skeleton);
    expect(await session.diagnosticsOf(draft, 1)).toEqual([]);
    const finished = pathToFileURL(join(folder, 'next.yaml')).href;
    await open(session, finished, skeleton);
    expect((await session.diagnosticsOf(finished, 1)).length).toBeGreaterThan(0);
    const large = pathToFileURL(join(folder, 'large.yaml')).href;
    await open(session, large, `goal: x\nbudget: {total: 1, used: 0, unit: reads}\nrisks:\n${'  - a risk\n'.repeat(3000)}`);
    const diagnostics = await session.diagnosticsOf(large, 1);
    expect(diagnostics.map((diagnostic) => diagnostic.code)).toEqual(['TOO_LARGE']);
  });
});
