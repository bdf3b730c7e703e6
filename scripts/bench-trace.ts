// What reading an agent's trace costs: a generated Claude Code transcript of about 100 MB through
// `trace show --format json`, `trace draft` and `compile DRAFT --trace` (the spec drafted from it,
// checked against it), each against a `node` process that only reads the same file and
// `JSON.parse`s each of its lines, interleaved round by round; and the peak RSS of all four.
//
//   npx tsx scripts/bench-trace.ts             # 100 MB, 5 rounds
//   npx tsx scripts/bench-trace.ts --mb 20     # a smaller transcript
//
// The transcript repeats realistic lines with fresh ids: a Glob and its filenames, a Read and the
// file's text in its result, a shell listing, usage on every assistant line.
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cli, root, runDriver } from './bench/context.js';
import { formatMiB, formatMs } from './bench/goals.js';
import { interleave, median, medians, timeProcess } from './bench/measure.js';

const argv = process.argv.slice(2);
const mbFlag = argv.indexOf('--mb');
const megabytes = mbFlag === -1 ? 100 : Number(argv[mbFlag + 1]);
if (!Number.isFinite(megabytes) || megabytes <= 0) {
  process.stderr.write('bench-trace: --mb takes a positive number\n');
  process.exit(2);
}
const ROUNDS = 5;
const PARSE_LINES =
  "const t=require('node:fs').readFileSync(process.argv[1],'utf8');let n=0;for(const l of t.split('\\n'))if(l!=='')n+=typeof JSON.parse(l)==='object'?1:0;";

const work = mkdtempSync(join(tmpdir(), 'bench-trace-'));
try {
  const file = join(work, 'transcript.jsonl');
  writeFileSync(file, transcript(megabytes * 2 ** 20));
  const bytes = statSync(file).size;
  const draft = join(work, 'draft.json');
  const commands: Record<string, { args: string[]; accepted?: number[] }> = {
    'trace show --format json': { args: [cli, 'trace', 'show', file, '--format', 'json', '--output', join(work, 'out.json')] },
    'trace draft --format json': {
      args: [cli, 'trace', 'draft', file, '--goal', 'g', '--budget', '50', '--format', 'json', '--output', draft, '--force'],
    },
    // The draft records every read and map call: the trace rules pair all of them. It fails the
    // gate (its author's places are empty, its reads exceed any budget), which is not what is timed.
    'compile DRAFT --trace': {
      args: [cli, draft, '--trace', file, '--max-bytes', String(2 ** 30), '--format', 'json', '--output', join(work, 'report.json')],
      accepted: [1],
    },
    'JSON.parse of every line': { args: ['-e', PARSE_LINES, file] },
  };
  process.stdout.write(`bench-trace: ${formatMiB(bytes)} transcript, ${ROUNDS} interleaved rounds\n`);
  timeProcess(process.execPath, commands['trace draft --format json']?.args ?? [], root);
  const ms = medians(
    interleave(
      ROUNDS,
      Object.fromEntries(
        Object.entries(commands).map(([name, { args, accepted }]) => [name, () => timeProcess(process.execPath, args, root, accepted)]),
      ),
    ),
  );
  const peak = (args: readonly string[], accepted: readonly number[] = []) => {
    const accept = accepted.flatMap((code) => ['--accept', String(code)]);
    return median([0, 1, 2].map(() => Number(runDriver('peak-rss', [...accept, process.execPath, ...args]))));
  };
  const parseMs = ms['JSON.parse of every line'] as number;
  const rows = Object.entries(commands).map(([name, { args, accepted }]) => {
    const time = ms[name] as number;
    return `${name}: ${formatMs(time)} (${(time / parseMs).toFixed(2)}x JSON.parse of every line), peak RSS ${formatMiB(peak(args, accepted))}`;
  });
  process.stdout.write(`${rows.join('\n')}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** About `size` bytes of transcript lines, each round of calls with fresh ids and times. */
function transcript(size: number): string {
  const lines: string[] = [];
  let length = 0;
  const fileText = 'export function total(rows) {\n  return rows.reduce((sum, row) => sum + row.amount, 0);\n}\n'.repeat(25);
  for (let round = 0; length < size; round++) {
    const time = new Date(Date.UTC(2026, 2, 2, 10) + round * 1000).toISOString();
    const base = { isSidechain: round % 7 === 0, sessionId: 's', timestamp: time, cwd: '/work/repo', version: '2.1.59' };
    const names = Array.from({ length: 20 }, (_, index) => `/work/repo/src/module-${round % 50}/file-${index}.ts`);
    const round_lines = [
      {
        ...base,
        type: 'assistant',
        message: {
          id: `m-${round}-a`,
          content: [{ type: 'tool_use', id: `g-${round}`, name: 'Glob', input: { pattern: 'src/**/*.ts' } }],
          usage: { input_tokens: 900, output_tokens: 30 },
        },
      },
      {
        ...base,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: `g-${round}`, content: names.join('\n') }] },
        toolUseResult: { filenames: names, numFiles: names.length },
      },
      {
        ...base,
        type: 'assistant',
        message: {
          id: `m-${round}-b`,
          content: [{ type: 'tool_use', id: `r-${round}`, name: 'Read', input: { file_path: names[round % 20] } }],
          usage: { input_tokens: 1200, output_tokens: 40 },
        },
      },
      {
        ...base,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: `r-${round}`, content: fileText }] },
        toolUseResult: { type: 'text', file: { filePath: names[round % 20], content: fileText, numLines: 75, totalLines: 75 } },
      },
      {
        ...base,
        type: 'assistant',
        message: {
          id: `m-${round}-c`,
          content: [{ type: 'tool_use', id: `b-${round}`, name: 'Bash', input: { command: `ls src/module-${round % 50}` } }],
          usage: { input_tokens: 1500, output_tokens: 12 },
        },
      },
      {
        ...base,
        type: 'user',
        message: { content: [{ type: 'tool_result', tool_use_id: `b-${round}`, content: 'ok' }] },
        toolUseResult: { stdout: names.map((name) => name.slice(name.lastIndexOf('/') + 1)).join('\n'), stderr: '' },
      },
    ];
    for (const line of round_lines) {
      const text = `${JSON.stringify(line)}\n`;
      lines.push(text);
      length += text.length;
    }
  }
  return lines.join('');
}
