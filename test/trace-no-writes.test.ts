import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { createCompiler } from '../src/compile.js';
import { planShellCall } from '../src/trace/classify.js';
import { traceEvidence } from '../src/trace/evidence.js';
import { readTrace } from '../src/trace/read-trace.js';
import { SHELL_PROGRAMS } from '../src/trace/shell-table.js';
import { narrowTrace } from '../src/trace/window.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('no-writes');

/**
 * The anti-scope as a rule (trace-no-writes): the base spec judged against sessions written here by
 * hand, a Claude Code transcript and a Codex rollout that map, read what the spec records and write
 * somewhere before, inside or after the investigation's window.
 */

const ROOT = '/repo';
const SPEC_FILE = `${ROOT}/investigations/rounding.yaml`;
const gate = createCompiler();
const withScratchpad = createCompiler({ policy: { traceWritable: ['notes/**'] } });

/** One tool call of a session: its tool and input, and how it was answered. */
interface Step {
  name: string;
  input: Record<string, unknown>;
  /** The text of its result; `failed` marks it is_error. */
  content?: string;
  failed?: boolean;
  /** Claude Code's toolUseResult: Glob's filenames, Read's file. */
  result?: Record<string, unknown>;
}

const glob = (pattern: string, files: string[]): Step => ({
  name: 'Glob',
  input: { pattern },
  content: files.join('\n'),
  result: { filenames: files.map((file) => `${ROOT}/${file}`) },
});
const rg = (): Step => ({
  name: 'Bash',
  input: { command: "rg -l 'round|toFixed|Decimal'" },
  content: 'billing/invoice/total.ts\nbilling/money/decimal.ts\nbilling/legacy/round.js',
  result: { stdout: 'billing/invoice/total.ts\nbilling/money/decimal.ts\nbilling/legacy/round.js', stderr: '' },
});
const read = (node: string): Step => ({
  name: 'Read',
  input: { file_path: `${ROOT}/${node}` },
  content: '1\tcode',
  result: { file: { filePath: `${ROOT}/${node}`, numLines: 10, totalLines: 10 } },
});
const edit = (path: string, failed = false): Step => ({
  name: 'Edit',
  input: { file_path: path, old_string: 'a', new_string: 'b' },
  content: failed ? 'File has not been read yet.' : 'The file has been updated.',
  failed,
});
const bash = (command: string, failed = false): Step => ({
  name: 'Bash',
  input: { command },
  content: failed ? 'Exit code 1' : '',
  failed,
  ...(failed ? {} : { result: { stdout: '', stderr: '' } }),
});

/** The session the base spec records: its two map calls, then its three reads. */
const MAPS = [rg(), glob('billing/**/*.spec.ts', ['billing/invoice/total.spec.ts'])];
const READS = [read('billing/invoice/total.ts'), read('billing/money/decimal.ts'), read('billing/invoice/total.spec.ts')];

/** A Claude Code transcript of `steps`: a tool_use line and its tool_result line each, a second apart from 10:00:00. */
function transcript(steps: readonly Step[]): Buffer {
  const shared = { isSidechain: false, sessionId: 's', cwd: ROOT, version: '2.1.59' };
  const at = (second: number): string =>
    `2026-03-02T10:${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}.000Z`;
  const lines = steps.flatMap((step, index) => {
    const id = `call-${index + 1}`;
    return [
      {
        type: 'assistant',
        uuid: `a${index}`,
        timestamp: at(2 * index),
        ...shared,
        message: { id: `m${index}`, role: 'assistant', content: [{ type: 'tool_use', id, name: step.name, input: step.input }] },
      },
      {
        type: 'user',
        uuid: `u${index}`,
        timestamp: at(2 * index + 1),
        ...shared,
        message: {
          role: 'user',
          content: [{ type: 'tool_result', tool_use_id: id, content: step.content ?? '', ...(step.failed ? { is_error: true } : {}) }],
        },
        ...(step.result === undefined ? {} : { toolUseResult: step.result }),
      },
    ];
  });
  return Buffer.from(`${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
}

/** What trace-no-writes says of the base spec judged against `bytes`. */
function findings(bytes: Buffer, options: { policy?: boolean; window?: { since?: string; until?: string } } = {}): string[] {
  const trace = narrowTrace(readTrace([bytes]), options.window ?? {});
  const evidence = { ...traceEvidence(trace, 'session.jsonl', ROOT), spec: SPEC_FILE };
  const compiler = options.policy === true ? withScratchpad : gate;
  return compiler
    .compile(validSpec(), { trace: evidence })
    .diagnostics.filter((diagnostic) => diagnostic.ruleId === 'trace-no-writes')
    .map((diagnostic) => diagnostic.message);
}

describe('trace-no-writes on a Claude Code transcript', () => {
  it('passes a session that maps and reads, and writes nothing; the rest of the gate passes it too', () => {
    const trace = transcript([...MAPS, ...READS]);
    expect(findings(trace)).toEqual([]);
    const evidence = { ...traceEvidence(readTrace([trace]), 'session.jsonl', ROOT), spec: SPEC_FILE };
    expect(gate.compile(validSpec(), { trace: evidence }).diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('fails an Edit inside the window, naming the tool, its trace line, its time and the path written', () => {
    const found = findings(transcript([...MAPS, READS[0] as Step, edit(`${ROOT}/billing/invoice/total.ts`), ...READS.slice(1)]));
    expect(found).toHaveLength(1);
    // The Edit is the fourth call: its tool_use is line 7, at second 6.
    expect(found[0]).toContain('"billing/invoice/total.ts" with Edit (session.jsonl line 7, call-4, 2026-03-02T10:00:06.000Z)');
    expect(found[0]).toContain("inside the investigation's window");
  });

  it('passes an Edit before the first map call and one after the read the last deep dive stands for', () => {
    expect(findings(transcript([edit(`${ROOT}/billing/invoice/total.ts`), ...MAPS, ...READS, edit(`${ROOT}/billing/fix.ts`)]))).toEqual([]);
  });

  it('passes writes to the spec itself, to the briefs folder beside it, to a traceWritable path, and outside the tree', () => {
    const allowed = [
      edit(SPEC_FILE),
      { ...edit(`${ROOT}/investigations/briefs/H1-1.yaml`), name: 'Write' },
      edit(`${ROOT}/notes/scratch.md`),
      edit('/tmp/scratch.md'),
    ];
    expect(findings(transcript([...MAPS, ...allowed, ...READS]), { policy: true })).toEqual([]);
    // Without the policy, the scratchpad is a write into the tree.
    expect(findings(transcript([...MAPS, ...allowed, ...READS]))).toEqual([
      expect.stringContaining('"notes/scratch.md" with Edit (session.jsonl line 9'),
    ]);
  });

  it('passes a write that failed', () => {
    expect(findings(transcript([...MAPS, edit(`${ROOT}/billing/invoice/total.ts`, true), ...READS]))).toEqual([]);
    expect(findings(transcript([...MAPS, bash('rm billing/legacy/round.js', true), ...READS]))).toEqual([]);
  });

  it.each([
    ["sed -i 's/round/floor/' billing/money/decimal.ts", 'Bash (sed)', 'billing/money/decimal.ts'],
    ['echo "rounded" > billing/NOTES.md', 'Bash (echo)', 'billing/NOTES.md'],
    ['cat billing/invoice/total.ts >> billing/copy.ts', 'Bash (cat)', 'billing/copy.ts'],
    ['rm -f billing/legacy/round.js', 'Bash (rm)', 'billing/legacy/round.js'],
    ['git commit -am "round totals"', 'Bash (git)', '.'],
    ['git stash', 'Bash (git)', '.'],
    ['cp billing/money/decimal.ts billing/money/decimal.bak', 'Bash (cp)', 'billing/money/decimal.bak'],
    ['rg -l round | tee billing/found.txt', 'Bash (rg)', 'billing/found.txt'],
  ])('fails the shell write %s, naming it', (command, tool, path) => {
    const found = findings(transcript([...MAPS, bash(command), ...READS]));
    expect(found).toEqual([expect.stringContaining(`${JSON.stringify(path)} with ${tool} (session.jsonl line 5, call-3`)]);
  });

  it('takes no redirection to /dev/null, a descriptor or a file outside the tree for a write, nor a read-only git command', () => {
    for (const command of [
      'ls billing >/dev/null 2>&1',
      'rg round billing 2>/dev/null',
      'cat billing/a.ts > /tmp/a.ts',
      'git log --oneline',
      'git diff',
    ])
      expect(findings(transcript([...MAPS, bash(command), ...READS])), command).toEqual([]);
  });

  it('judges the whole window the spec gives (since, until), not only from the first map call', () => {
    const steps = [edit(`${ROOT}/billing/invoice/total.ts`), ...MAPS, ...READS];
    expect(findings(transcript(steps), { window: { since: '2026-03-02T10:00:00Z' } })).toEqual([
      expect.stringContaining('with Edit (session.jsonl line 1, call-1'),
    ]);
    expect(findings(transcript(steps), { window: { since: '2026-03-02T10:00:02Z' } })).toEqual([]);
  });
});

/** A Codex rollout of `payloads`, each `[type, payload]`, one line each, a second apart, under /repo. */
function rollout(...payloads: [string, Record<string, unknown>][]): Buffer {
  const meta: [string, Record<string, unknown>] = ['session_meta', { id: 's', cwd: ROOT, cli_version: '0.125.0' }];
  const lines = [meta, ...payloads].map(([type, payload], index) =>
    JSON.stringify({ timestamp: `2026-03-02T10:00:${String(index).padStart(2, '0')}.000Z`, type, payload }),
  );
  return Buffer.from(`${lines.join('\n')}\n`);
}
const shellCall = (id: string, cmd: string, printed: string): [string, Record<string, unknown>][] => [
  ['response_item', { type: 'function_call', name: 'exec_command', arguments: JSON.stringify({ cmd, workdir: ROOT }), call_id: id }],
  [
    'response_item',
    {
      type: 'function_call_output',
      call_id: id,
      output: `Chunk ID: 1\nWall time: 0.1 seconds\nProcess exited with code 0\nOriginal token count: 1\nOutput:\n${printed}`,
    },
  ],
];
const patch = (id: string, file: string): [string, Record<string, unknown>][] => [
  [
    'response_item',
    {
      type: 'custom_tool_call',
      status: 'completed',
      call_id: id,
      name: 'apply_patch',
      input: `*** Begin Patch\n*** Update File: ${file}\n@@\n-a\n+b\n*** End Patch\n`,
    },
  ],
  [
    'response_item',
    {
      type: 'custom_tool_call_output',
      call_id: id,
      output: JSON.stringify({
        output: `Success. Updated the following files:\nM ${file}\n`,
        metadata: { exit_code: 0, duration_seconds: 0.1 },
      }),
    },
  ],
];

describe('trace-no-writes on a Codex rollout', () => {
  const maps = [
    ...shellCall(
      'map-rg',
      "rg -l 'round|toFixed|Decimal'",
      'billing/invoice/total.ts\nbilling/money/decimal.ts\nbilling/legacy/round.js\n',
    ),
    ...shellCall('map-find', "find billing -name '*.spec.ts'", 'billing/invoice/total.spec.ts\n'),
  ];
  const reads = ['billing/invoice/total.ts', 'billing/money/decimal.ts', 'billing/invoice/total.spec.ts'].flatMap((node, index) =>
    shellCall(`read-${index + 1}`, `cat ${node}`, 'code\n'),
  );

  it('fails an apply_patch into the tree inside the window, naming its line and time', () => {
    const found = findings(rollout(...maps, ...patch('call-patch', 'billing/money/decimal.ts'), ...reads));
    expect(found).toEqual([
      expect.stringContaining('"billing/money/decimal.ts" with apply_patch (session.jsonl line 6, call-patch, 2026-03-02T10:00:05.000Z)'),
    ]);
  });

  it('fails a shell write inside the window, and passes the same write before the first map call', () => {
    const write = shellCall('call-sed', "sed -i 's/a/b/' billing/money/decimal.ts", '');
    expect(findings(rollout(...maps, ...write, ...reads))).toEqual([
      expect.stringContaining('"billing/money/decimal.ts" with exec_command (sed) (session.jsonl line 6, call-sed'),
    ]);
    expect(findings(rollout(...write, ...maps, ...reads))).toEqual([]);
  });
});

describe("a shell call's writes", () => {
  const writesOf = (command: string): string[] | undefined => planShellCall(command, '/repo/sub', SHELL_PROGRAMS).writes;

  it('are the files it redirects into, tees, edits in place, moves, removes, copies to or touches, resolved against its folder', () => {
    expect(writesOf('echo x > a.txt 2>&1')).toEqual(['/repo/sub/a.txt']);
    expect(writesOf('cmd &>> ../log.txt')).toEqual(['/repo/log.txt']);
    expect(writesOf("sed -i.bak -e 's/a/b/' x.ts y.ts")).toEqual(['/repo/sub/x.ts', '/repo/sub/y.ts']);
    expect(writesOf('mv old.ts new.ts')).toEqual(['/repo/sub/old.ts', '/repo/sub/new.ts']);
    expect(writesOf('cp -r src /tmp/copy')).toEqual(['/tmp/copy']);
    expect(writesOf('cp -t dest a b')).toEqual(['/repo/sub/dest']);
    expect(writesOf('cat a | tee -a b c')).toEqual(['/repo/sub/b', '/repo/sub/c']);
    expect(writesOf('cat <<EOF > f.md\nhello\nEOF')).toEqual(['/repo/sub/f.md']);
  });

  it('take git commit, checkout, reset and stash for a write of the folder (-C DIR, else its own)', () => {
    expect(writesOf('git commit -m x')).toEqual(['/repo/sub']);
    expect(writesOf('git -C .. checkout main')).toEqual(['/repo']);
    expect(writesOf('git --no-pager log')).toBeUndefined();
  });

  it('leave out device files and descriptors: >/dev/null, 2>&1, tee /dev/stderr', () => {
    expect(writesOf('rg round >/dev/null 2>&1')).toBeUndefined();
    expect(writesOf('ls 2>/dev/null | tee /dev/stderr')).toBeUndefined();
    expect(writesOf('sed -n 1,5p a.ts')).toBeUndefined();
  });
});

describe('the spec file a trace named by flags is checked for', () => {
  it('lets the agent write its own record when the trace is given by --trace, to compile and to next alike, and still fails a write beside it', async () => {
    const project = tempDir();
    const specFile = join(project, 'investigations', 'rounding.yaml');
    mkdirSync(dirname(specFile), { recursive: true });
    writeFileSync(specFile, stringify(validSpec()));
    // The session of the base spec, recorded in this project's folder, with an Edit between its reads.
    const session = (written: string) =>
      transcript([...MAPS, READS[0] as Step, edit(`${ROOT}/${written}`), ...READS.slice(1)])
        .toString('utf8')
        .replaceAll(`"${ROOT}`, `"${project}`);
    const judge = async (written: string) => {
      writeFileSync(join(project, 'session.jsonl'), session(written));
      const args = ['investigations/rounding.yaml', '--trace', 'session.jsonl'];
      const compiled = await runInProcess([...args, '--format', 'json'], { cwd: project });
      const advised = await runInProcess(['next', ...args, '--json'], { cwd: project });
      return {
        compile: JSON.parse(compiled.stdout).diagnostics.filter((d: { ruleId: string }) => d.ruleId === 'trace-no-writes').length,
        next: advised.stdout.split('trace-no-writes').length - 1,
      };
    };
    expect(await judge('investigations/rounding.yaml')).toEqual({ compile: 0, next: 0 });
    const beside = await judge('investigations/other.yaml');
    expect(beside.compile).toBe(1);
    expect(beside.next).toBeGreaterThan(0);
  });
});
