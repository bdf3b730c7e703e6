// What the language server costs an editor: the time from a `didChange` to the
// `publishDiagnostics` of that version, for a typical spec and for one of 1,000 deep dives, beside
// an in-process compile of the same text in this process (warm, the same compiler the server
// keeps); and the server's resident memory after 100 and after 1,000 edits of the typical spec.
// The server is the built command line (`lsp --stdio`), driven by a vscode-languageserver-protocol
// client; the debounce is set to 0 so that every edit is checked and its own cost is measured (an
// editor adds the debounce, 200 ms by default, to each).
//
//   npx tsx scripts/bench-lsp.ts              # 30 edits a size, then 1,000 for memory
//   npx tsx scripts/bench-lsp.ts --edits 10   # fewer timed edits
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  createProtocolConnection,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { createCompiler } from '../src/compile.js';
import { cli, root } from './bench/context.js';
import { formatMiB, formatMs } from './bench/goals.js';
import { median } from './bench/measure.js';
import { generateScaledSpec } from './gen-corpus.js';

const argv = process.argv.slice(2);
const editsFlag = argv.indexOf('--edits');
const EDITS = editsFlag === -1 ? 30 : Number(argv[editsFlag + 1]);
if (!Number.isSafeInteger(EDITS) || EDITS < 1) {
  process.stderr.write('bench-lsp: --edits takes a positive whole number\n');
  process.exit(2);
}
const MEMORY_EDITS = 1000;

const work = mkdtempSync(join(tmpdir(), 'bench-lsp-'));
const child = spawn(process.execPath, [cli, 'lsp', '--stdio'], { cwd: work, stdio: ['pipe', 'pipe', 'inherit'] });
const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
const waiting = new Map<string, (params: PublishDiagnosticsParams) => void>();
connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
  waiting.get(`${params.uri} ${params.version}`)?.(params);
});
connection.listen();

try {
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(work).href,
    capabilities: {},
    initializationOptions: { debounceMs: 0 },
  });
  await connection.sendNotification('initialized', {});
  const typical = readFileSync(join(root, 'fixtures/valid/payments-refund-retry.json'), 'utf8');
  const large = generateScaledSpec(1000);
  const rows: string[] = [];
  for (const [name, text] of [
    ['typical spec (payments-refund-retry.json)', typical],
    ['spec of 1,000 deep dives', large],
  ] as const) {
    const server = await timeEdits(name, text, EDITS);
    const local = compileTimes(text, EDITS);
    rows.push(
      `${name}, ${formatMiB(Buffer.byteLength(text))}: didChange to publishDiagnostics ${formatMs(server)}; in-process compile ${formatMs(local)}; ratio ${(server / local).toFixed(2)}x (goal: within 1.5x, plus the debounce)`,
    );
  }
  const after100 = await rssAfterEdits('memory.json', typical, 100);
  const after1000 = await rssAfterEdits('memory-2.json', typical, MEMORY_EDITS);
  rows.push(
    `server RSS: ${formatMiB(after100)} after 100 edits, ${formatMiB(after1000)} after ${MEMORY_EDITS} (${(after1000 / after100).toFixed(2)}x)`,
  );
  process.stdout.write(`bench-lsp: ${EDITS} timed edits a size, medians\n${rows.join('\n')}\n`);
} finally {
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}

/** The median time from an edit to the diagnostics of its version, over `edits` edits that each change one character. */
async function timeEdits(name: string, text: string, edits: number): Promise<number> {
  const uri = pathToFileURL(join(work, `${name.replace(/\W+/g, '-')}.json`)).href;
  writeFileSync(new URL(uri), text);
  await published(uri, 1, () =>
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } }),
  );
  const times: number[] = [];
  for (let version = 2; version < edits + 2; version++) {
    const edited = edit(text, version);
    const start = performance.now();
    await published(uri, version, () =>
      connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: edited }] }),
    );
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The server's resident memory after `edits` edits of a document, each checked. */
async function rssAfterEdits(name: string, text: string, edits: number): Promise<number> {
  const uri = pathToFileURL(join(work, name)).href;
  await published(uri, 1, () =>
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } }),
  );
  for (let version = 2; version < edits + 2; version++)
    await published(uri, version, () =>
      connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text: edit(text, version) }],
      }),
    );
  await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/** The median time of an in-process compile of `text`, after one to warm up. */
function compileTimes(text: string, rounds: number): number {
  const compiler = createCompiler();
  compiler.compile(text, { path: 'spec.json' });
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    compiler.compile(edit(text, round), { path: 'spec.json' });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The text with its goal changed by one word, as a keystroke would. */
function edit(text: string, version: number): string {
  return text.replace('"goal": "', `"goal": "v${version} `);
}

function published(uri: string, version: number, send: () => Promise<void>): Promise<PublishDiagnosticsParams> {
  return new Promise((resolve, reject) => {
    waiting.set(`${uri} ${version}`, (params) => {
      waiting.delete(`${uri} ${version}`);
      resolve(params);
    });
    send().catch(reject);
  });
}
