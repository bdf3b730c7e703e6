// What reading an agent's trace costs: `trace show --format json`, `trace draft` and `compile DRAFT
// --trace` (the spec drafted from it, checked against it), each against a `node` process that only
// reads the same file and `JSON.parse`s each of its lines, interleaved round by round; and the
// peak RSS of all four. The traces: a generated Claude Code transcript of about 100 MB, and with
// ../shared beside the project the real Codex rollout of 748 KB and a rollout of about 100 MB made
// from it (without ../shared, one line says the Codex rows did not run).
//
//   npx tsx scripts/bench-trace.ts             # 100 MB traces, 5 rounds
//   npx tsx scripts/bench-trace.ts --mb 20     # smaller generated traces
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { claudeTranscript } from './bench/claude-transcript.js';
import { grownRollout } from './bench/codex-rollout.js';
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
const CODEX_ROLLOUT = join(root, '../shared/traces/codex/rollout-2026-05-11T11-26-55-019e1625-789d-76c0-80ab-3724b5ddb799.jsonl');

const work = mkdtempSync(join(tmpdir(), 'bench-trace-'));
try {
  const size = megabytes * 2 ** 20;
  const traces: Array<[string, string]> = [['Claude Code transcript (generated)', write('transcript.jsonl', claudeTranscript(size))]];
  if (existsSync(CODEX_ROLLOUT)) {
    const real = readFileSync(CODEX_ROLLOUT, 'utf8');
    traces.push(['Codex rollout (real)', write('rollout.jsonl', real)]);
    traces.push(['Codex rollout (grown from the real one)', write('rollout-grown.jsonl', grownRollout(real, size))]);
  } else {
    process.stdout.write(`bench-trace: ${CODEX_ROLLOUT} not found; the Codex rows did not run\n`);
  }
  for (const [label, file] of traces) measure(label, file);
} finally {
  rmSync(work, { recursive: true, force: true });
}

function write(name: string, text: string): string {
  const file = join(work, name);
  writeFileSync(file, text);
  return file;
}

/** The four commands on one trace, interleaved, then their peak RSS: one row each. */
function measure(label: string, file: string): void {
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
  process.stdout.write(`\nbench-trace: ${label}, ${formatMiB(statSync(file).size)}, ${ROUNDS} interleaved rounds\n`);
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
}
