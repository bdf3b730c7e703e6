import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  type Diagnostic,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { cliPath } from './cli.js';

/**
 * The first diagnostics the built language server publishes for the file `spec` (absolute),
 * opened as YAML in an editor whose one workspace folder is `workspace`; or, when the server logs
 * a line before it publishes any (a check that went wrong), that line, so that a test fails at
 * once on it rather than waiting for diagnostics that never come. The server is shut down after.
 */
export async function firstDiagnostics(workspace: string, spec: string): Promise<Diagnostic[] | string> {
  const child = spawn(process.execPath, [cliPath, 'lsp', '--stdio'], {
    cwd: workspace,
    env: { ...process.env, INVESTIGATION_CONFIG: '' },
    stdio: 'pipe',
  });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const uri = pathToFileURL(spec).href;
  const published = new Promise<Diagnostic[] | string>((resolve) => {
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      if (params.uri === uri) resolve(params.diagnostics);
    });
    connection.onNotification('window/logMessage', (params: { message: string }) => resolve(`logged: ${params.message}`));
  });
  connection.listen();
  const folder = pathToFileURL(workspace).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: folder,
    workspaceFolders: [{ uri: folder, name: 'workspace' }],
    capabilities: {},
  });
  await connection.sendNotification('initialized', {});
  await connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'yaml', version: 1, text: readFileSync(spec, 'utf8') },
  });
  const diagnostics = await published;
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await new Promise((resolve) => child.on('exit', resolve));
  connection.dispose();
  return diagnostics;
}
