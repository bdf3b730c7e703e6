// What the language server costs an editor: the time from a `didChange` to the
// `publishDiagnostics` of that version, for a typical spec and for one of 1,000 deep dives, beside
// an in-process compile of the same text in this process (warm, the same compiler the server
// keeps); the protocol's own round trip; and the server's resident memory after 100, 1,000 and
// 2,000 edits of the typical spec.
// The server is the built command line (`lsp --stdio`), driven by a vscode-languageserver-protocol
// client; the debounce is set to 0 so that every edit is checked and its own cost is measured (an
// editor adds the debounce, 200 ms by default, to each). Each edit is a keystroke sent as editors
// send it to a server that syncs incrementally: one character inserted at a range, not the whole text.
//
//   npx tsx scripts/bench-lsp.ts              # 30 edits a size, then 1,000 for memory
//   npx tsx scripts/bench-lsp.ts --edits 10   # fewer timed edits
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createProtocolConnection,
  type PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { createCompiler } from '../src/compile.js';
import { checkDocument } from '../src/lsp/check-document.js';
import { createWorkspace } from '../src/lsp/workspace.js';
import { positiveWholeFlag } from './bench/args.js';
import { cli, root } from './bench/context.js';
import { formatMiB, formatMs } from './bench/goals.js';
import { median } from './bench/measure.js';
import { generateScaledSpec } from './gen-corpus.js';

const argv = process.argv.slice(2);
const EDITS = positiveWholeFlag(argv, '--edits', 30, 'bench-lsp');
const MEMORY_EDITS = 1000;
/** Edits made before any is timed, on each side alike: both the server and this process compile warm, as after minutes of typing. */
const WARM_UP = 200;

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
  const floor = await roundTrips(EDITS);
  rows.push(`protocol round trip (a hover on a document not open, answered at once): ${formatMs(floor)}; the floor under every row above`);
  const [after100, after1000, after2000] = (await rssAfterEdits('memory.json', typical, [100, MEMORY_EDITS, 2 * MEMORY_EDITS])) as [
    number,
    number,
    number,
  ];
  rows.push(
    `server RSS: ${formatMiB(after100)} after 100 edits, ${formatMiB(after1000)} after ${MEMORY_EDITS} (${(after1000 / after100).toFixed(2)}x), ${formatMiB(after2000)} after ${2 * MEMORY_EDITS} (${(after2000 / after1000).toFixed(2)}x the ${MEMORY_EDITS})`,
  );
  const [heap1000, heap4000] = (await heapAfterChecks(typical, [MEMORY_EDITS, 4 * MEMORY_EDITS])) as [number, number];
  rows.push(
    `heap of the server's check (in this process, after a full collection): ${formatMiB(heap1000)} after ${MEMORY_EDITS} edits checked, ${formatMiB(heap4000)} after ${4 * MEMORY_EDITS} (${(heap4000 / heap1000).toFixed(2)}x)`,
  );
  process.stdout.write(`bench-lsp: ${EDITS} timed edits a size, medians\n${rows.join('\n')}\n`);
} finally {
  await connection.sendRequest('shutdown').catch(() => undefined);
  await connection.sendNotification('exit').catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}

/** The median time from an edit to the diagnostics of its version, over `edits` keystrokes after the warm-up ones. */
async function timeEdits(name: string, text: string, edits: number): Promise<number> {
  const uri = pathToFileURL(join(work, `${name.replace(/\W+/g, '-')}.json`)).href;
  writeFileSync(new URL(uri), text);
  await published(uri, 1, () =>
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } }),
  );
  for (let version = 2; version < WARM_UP + 2; version++)
    await published(uri, version, () => connection.sendNotification('textDocument/didChange', keystroke(uri, text, version)));
  const times: number[] = [];
  for (let version = WARM_UP + 2; version < WARM_UP + edits + 2; version++) {
    const start = performance.now();
    await published(uri, version, () => connection.sendNotification('textDocument/didChange', keystroke(uri, text, version)));
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The median time of a request the server answers without work: what the pipe and the two JSON-RPC ends cost. */
async function roundTrips(rounds: number): Promise<number> {
  const uri = pathToFileURL(join(work, 'not-open.json')).href;
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const start = performance.now();
    await connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** The server's resident memory after each number of `marks` edits of one document, each edit checked. */
async function rssAfterEdits(name: string, text: string, marks: readonly number[]): Promise<number[]> {
  const uri = pathToFileURL(join(work, name)).href;
  await published(uri, 1, () =>
    connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } }),
  );
  const rss: number[] = [];
  for (let version = 2; version < Math.max(...marks) + 2; version++) {
    await published(uri, version, () => connection.sendNotification('textDocument/didChange', keystroke(uri, text, version)));
    if (marks.includes(version - 1)) {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      rss.push(Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024);
    }
  }
  await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  return rss;
}

/**
 * The heap still in use, after a full collection, once the server's own check (the same
 * checkDocument, warm workspace and all) has judged `marks` keystrokes of one document: what a
 * leak would show and resident memory, which the collector lets grow as it likes, hides.
 */
async function heapAfterChecks(text: string, marks: readonly number[]): Promise<number[]> {
  setFlagsFromString('--expose-gc');
  const collect = runInNewContext('gc') as () => void;
  const folder = join(work, 'heap');
  mkdirSync(folder);
  const file = join(folder, 'spec.json');
  writeFileSync(file, text);
  const workspace = createWorkspace([pathToFileURL(folder).href], 64 * 1024 * 1024, {}, folder);
  const document = TextDocument.create(pathToFileURL(file).href, 'json', 1, text);
  const heap: number[] = [];
  for (let version = 2; version < Math.max(...marks) + 2; version++) {
    TextDocument.update(document, keystroke(document.uri, text, version).contentChanges, version);
    await checkDocument(document, workspace, {});
    if (marks.includes(version - 1)) {
      collect();
      heap.push(process.memoryUsage().heapUsed);
    }
  }
  return heap;
}

/** The median time of an in-process compile of the texts the edits make, after as many to warm up as the server had. */
function compileTimes(text: string, rounds: number): number {
  const compiler = createCompiler();
  for (let version = 2; version < WARM_UP + 2; version++) compiler.compile(textAt(text, version), { path: 'spec.json' });
  const times: number[] = [];
  for (let version = WARM_UP + 2; version < WARM_UP + rounds + 2; version++) {
    const edited = textAt(text, version);
    const start = performance.now();
    compiler.compile(edited, { path: 'spec.json' });
    times.push(performance.now() - start);
  }
  return median(times);
}

/** Where the keystrokes go: the start of the goal's text. */
function goalStart(text: string): { offset: number; line: number; character: number } {
  const offset = text.indexOf('"goal": "') + '"goal": "'.length;
  const before = text.slice(0, offset).split('\n');
  return { offset, line: before.length - 1, character: (before.at(-1) as string).length };
}

/** The edit that makes `version` from the one before: one more "x" at the start of the goal. */
function keystroke(uri: string, text: string, version: number) {
  const { line, character } = goalStart(text);
  const at = { line, character };
  return { textDocument: { uri, version }, contentChanges: [{ range: { start: at, end: at }, text: 'x' }] };
}

/** The text as the server has it after the keystrokes up to `version`. */
function textAt(text: string, version: number): string {
  const { offset } = goalStart(text);
  return `${text.slice(0, offset)}${'x'.repeat(version - 1)}${text.slice(offset)}`;
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
