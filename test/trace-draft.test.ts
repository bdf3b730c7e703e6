import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runInProcess } from './support/in-process.js';
import { announceMissing, hasTraces, tracesDir } from './support/shared.js';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trace-draft-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The traces are copied into the scratch folder, the drafts' working directory: a spec names by
// x-trace only a trace of its project's tree.
const TRANSCRIPT = join(scratch, 'transcript-small.jsonl');
copyFileSync(join(root, 'fixtures/traces/transcript-small.jsonl'), TRANSCRIPT);
const HOOKS = join(root, 'fixtures/traces/hook-small.jsonl');
const REAL = join(tracesDir, 'claude-code-viewer');

/** The places a draft leaves for its author, as JSON pointers. */
const AUTHOR_PLACE = /^\/deepDives\/\d+\/(hypothesisId|finding|effect|provenance)$/;

interface Diagnostic {
  ruleId: string;
  path: string;
  message: string;
}

/** Drafts `trace` into `folder/name`, checking the command's own result. */
async function draft(trace: string, name: string, extra: string[] = [], folder = scratch): Promise<string> {
  mkdirSync(folder, { recursive: true });
  const output = join(folder, name);
  const run = await runInProcess(['trace', 'draft', trace, '--output', output, '--force', ...extra], { cwd: folder });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return output;
}

async function diagnosticsOf(spec: string, extra: string[] = []): Promise<{ status: number; diagnostics: Diagnostic[] }> {
  const run = await runInProcess([spec, '--json', ...extra], { cwd: scratch });
  const file = JSON.parse(run.stdout).data.files[0];
  return { status: run.status, diagnostics: file.diagnostics };
}

/** A draft with every place left for its author filled in, as an author would: one hypothesis per node read, each confirmed. */
function filledIn(path: string): string {
  const spec = parse(readFileSync(path, 'utf8'));
  const nodes = [...new Set(spec.deepDives.map((dive: { node: string }) => dive.node))] as string[];
  spec.hypotheses = nodes.map((node, index) => ({
    id: `H${index + 1}`,
    claim: `The answer is in ${node}.`,
    priority: index + 1,
    cost: 1,
    status: 'confirmed',
    candidateNodes: [node],
  }));
  for (const dive of spec.deepDives) {
    Object.assign(dive, {
      hypothesisId: `H${nodes.indexOf(dive.node) + 1}`,
      finding: `What ${dive.node} holds.`,
      effect: 'confirms',
      provenance: '[CODIGO]',
    });
  }
  spec.stopCondition = { reason: 'goal_resolved', evidence: 'Every hypothesis was settled by a read.' };
  spec.deliverable = 'The answer, from the reads.';
  spec.risks = ['Only the files read were checked.'];
  const filled = path.replace(/\.(yaml|json)$/, '.filled.json');
  writeFileSync(filled, JSON.stringify(spec));
  return filled;
}

describe('trace draft', () => {
  it('drafts the map from the cheap calls and the dives from the reads, in time order, each linked to its call', async () => {
    const spec = parse(readFileSync(await draft(TRANSCRIPT, 'small.yaml', ['--goal', 'Where are the totals?', '--budget', '4']), 'utf8'));
    expect(spec.goal).toBe('Where are the totals?');
    expect(spec.budget).toEqual({ total: 4, used: 2, unit: 'reads' });
    expect(
      spec.surfaceMap.map((entry: { tool: string; query: string; candidateNodes: string[] }) => [
        entry.tool,
        entry.query,
        entry.candidateNodes,
      ]),
    ).toEqual([
      ['Glob', 'src/**/*.ts', ['src/totals.ts', 'src/export.ts']],
      ['ls', 'ls -la src/reports', ['src/reports/monthly.ts', 'src/reports/latest.ts']],
      ['Grep', 'monthlyTotal', ['src/reports/monthly.ts']],
    ]);
    // The failed read and the read that never got a result are no dives; the sed of part of a file is, marked partial.
    expect(spec.deepDives.map((dive: { node: string; tool: string }) => [dive.node, dive.tool])).toEqual([
      ['src/totals.ts', 'Read'],
      ['src/reports/monthly.ts', 'sed'],
    ]);
    expect(spec.deepDives[1]['x-trace']).toEqual({ id: 'call-sed', line: 12, timestamp: '2026-03-02T10:00:10.000Z', partial: true });
    expect(spec.surfaceMap[2]['x-trace']).toMatchObject({ id: 'call-grep', sidechain: true });
    // Linked from the spec's folder, so that compiling the draft wherever it is finds its trace.
    expect(spec['x-trace']).toEqual({ path: relative(scratch, TRANSCRIPT), root: '/work/ledger' });
  });

  it('compiles as a draft with problems only at the places left for the author, each marked in the YAML', async () => {
    const path = await draft(TRANSCRIPT, 'marked.yaml', ['--goal', 'Where are the totals?', '--budget', '4']);
    const { status, diagnostics } = await diagnosticsOf(path, ['--stage', 'draft']);
    expect(status).toBe(1);
    expect(diagnostics.length).toBe(8);
    for (const diagnostic of diagnostics) expect(diagnostic.path).toMatch(AUTHOR_PLACE);
    const text = readFileSync(path, 'utf8');
    expect(text.match(/# for the author/g)?.length).toBe(8);
    expect(text).toContain('hypothesisId: "" # for the author');
  });

  it('filled in, it passes the gate against its own trace (followed through x-trace) with no trace-* finding', async () => {
    const path = filledIn(await draft(TRANSCRIPT, 'filled.yaml', ['--goal', 'Where are the totals?', '--budget', '4']));
    const run = await runInProcess([path, '--format', 'json'], { cwd: scratch });
    const report = JSON.parse(run.stdout);
    expect(report.trace.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.diagnostics.filter((diagnostic: Diagnostic) => diagnostic.ruleId.startsWith('trace-'))).toEqual([]);
    expect(report.verdict).toBe('pass');
    expect(run.status).toBe(0);
  });

  it('counts tokens for a budget in tokens, and leaves goal and budget empty for the author when not given', async () => {
    const spec = parse(readFileSync(await draft(TRANSCRIPT, 'tokens.yaml', ['--unit', 'tokens']), 'utf8'));
    const run = await runInProcess(['trace', 'show', TRANSCRIPT, '--format', 'json'], { cwd: scratch });
    const tokens = JSON.parse(run.stdout).trace.tokens;
    expect(spec.budget).toEqual({ total: 0, used: tokens.input + tokens.output, unit: 'tokens' });
    expect(spec.goal).toBe('');
    // Without a goal and a budget the compiler asks for them and writes no report.
    const compiled = await runInProcess([join(scratch, 'tokens.yaml'), '--stage', 'draft'], { cwd: scratch });
    expect(compiled.status).toBe(4);
  });

  it('writes JSON when asked, and on standard output names the trace from the working directory', async () => {
    const json = await runInProcess(['trace', 'draft', HOOKS, '--format', 'json', '--goal', 'g', '--budget', '3'], { cwd: root });
    expect(json.status).toBe(0);
    const spec = JSON.parse(json.stdout);
    expect(spec['x-trace']).toEqual({ path: 'fixtures/traces/hook-small.jsonl', root: '/work/ledger' });
    expect(spec.$schema).toBe('./assets/investigation.schema.json');
    expect(spec.deepDives.length).toBe(spec.budget.used);
  });

  it('never copies a result: only paths, patterns and ids reach the draft, and hostile characters are escaped and read back the same', async () => {
    const trace = join(scratch, 'hostile.jsonl');
    const hostile = 'src/evil\u202etxt.sh\u001b[31m';
    const lines = [
      {
        cwd: '/r',
        hook_event_name: 'PostToolUse',
        tool_name: 'Glob',
        tool_input: { pattern: 'src/*\u202e' },
        tool_response: { filenames: [`/r/${hostile}`], numFiles: 1 },
        tool_use_id: 'g1',
      },
      {
        cwd: '/r',
        hook_event_name: 'PostToolUse',
        tool_name: 'Read',
        tool_input: { file_path: `/r/${hostile}` },
        tool_response: {
          type: 'text',
          file: { filePath: `/r/${hostile}`, content: 'SECRET-TOKEN-123', numLines: 1, startLine: 1, totalLines: 1 },
        },
        tool_use_id: 'r1',
      },
    ];
    writeFileSync(trace, `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`);
    const path = await draft(trace, 'hostile.yaml', ['--goal', 'g', '--budget', '2']);
    const text = readFileSync(path, 'utf8');
    expect(text).not.toContain('SECRET-TOKEN-123');
    expect(text).not.toMatch(/[\u202e\u001b]/);
    expect(text).toContain('\\u202E');
    const spec = parse(text);
    expect(spec.deepDives[0].node).toBe(hostile);
    // Read back, the escaped names are the trace's own: the filled-in draft matches its trace.
    const filled = await diagnosticsOf(filledIn(path));
    expect(filled.diagnostics.filter((diagnostic) => diagnostic.ruleId.startsWith('trace-'))).toEqual([]);
  });

  it('leaves out the cheap calls that surfaced nothing, and says which', async () => {
    const trace = join(scratch, 'empty-glob.jsonl');
    const glob = {
      cwd: '/r',
      hook_event_name: 'PostToolUse',
      tool_name: 'Glob',
      tool_input: { pattern: '*.md' },
      tool_response: { filenames: [] },
      tool_use_id: 'g0',
    };
    writeFileSync(trace, `${JSON.stringify(glob)}\n`);
    const run = await runInProcess(['trace', 'draft', trace, '--goal', 'g', '--budget', '1', '--json'], { cwd: scratch });
    const data = JSON.parse(run.stdout).data;
    expect(data.surfaceMap).toBe(0);
    expect(data.emptyMapCalls).toEqual([{ id: 'g0', line: 1 }]);
    expect(data.rendered).toContain('Left out of the map: 1 cheap call that surfaced no name (trace lines 1)');
  });

  it('lists the first 1,000 names of a call that surfaced more, counts them all, and checks against its trace all the same', async () => {
    const trace = join(scratch, 'wide-glob.jsonl');
    const names = Array.from({ length: 1_500 }, (_, index) => `/r/src/f${index}.ts`);
    const payload = (id: string, tool: string, input: unknown, response: unknown) =>
      JSON.stringify({
        cwd: '/r',
        hook_event_name: 'PostToolUse',
        tool_name: tool,
        tool_input: input,
        tool_response: response,
        tool_use_id: id,
      });
    writeFileSync(
      trace,
      `${payload('g', 'Glob', { pattern: 'src/**/*.ts' }, { filenames: names })}\n${payload('r', 'Read', { file_path: names[999] }, { file: { filePath: names[999], numLines: 1, totalLines: 1 } })}\n`,
    );
    const shown = await runInProcess(['trace', 'show', trace], { cwd: scratch });
    expect(shown.stdout).toContain('src/**/*.ts -> 1500 nodes');
    expect(shown.stdout).toContain(
      'note: 500 surfaced paths counted but not kept: a call keeps its first 1,000, and past 200,000 in all only its first',
    );
    const json = JSON.parse((await runInProcess(['trace', 'show', trace, '--format', 'json'], { cwd: scratch })).stdout);
    expect(json.trace.pathsKept).toEqual({ only: 'first', perCall: 1_000, total: 200_000, leftOut: 500 });
    expect(json.trace.calls[0]).toMatchObject({ surfacedCount: 1_500 });
    expect(json.trace.calls[0].surfaced).toHaveLength(1_000);
    const run = await runInProcess(['trace', 'draft', trace, '--goal', 'g', '--budget', '1', '--json'], { cwd: scratch });
    const data = JSON.parse(run.stdout).data;
    expect(data.pathsLeftOut).toBe(500);
    const drafted = parse(data.rendered);
    expect(drafted.surfaceMap[0].candidateNodes).toHaveLength(1_000);
    expect(drafted.surfaceMap[0].evidence).toBe('Glob returned 1,500 names; the first 1,000 are listed.');
    expect(data.rendered).toContain('Not listed: 500 names past the bounds');
    // Checked against its trace, which keeps the names the spec lists: no trace finding.
    const path = join(scratch, 'wide-glob.yaml');
    writeFileSync(path, data.rendered);
    const checked = await diagnosticsOf(path, ['--stage', 'draft']);
    expect(checked.diagnostics.filter((diagnostic) => diagnostic.ruleId.startsWith('trace-'))).toEqual([]);
  });

  it('refuses an existing --output without --force, and a folder, before reading the trace, and writes nothing', async () => {
    const existing = join(scratch, 'kept.yaml');
    writeFileSync(existing, 'kept\n');
    const refused = await runInProcess(['trace', 'draft', 'missing.jsonl', '--output', existing], { cwd: scratch });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('already exists');
    expect(readFileSync(existing, 'utf8')).toBe('kept\n');
    const folder = await runInProcess(['trace', 'draft', TRANSCRIPT, '--output', scratch], { cwd: scratch });
    expect(folder.status).toBe(2);
    const missing = await runInProcess(['trace', 'draft', 'missing.jsonl', '--output', join(scratch, 'new.yaml')], { cwd: scratch });
    expect(missing.status).toBe(3);
    expect(existsSync(join(scratch, 'new.yaml'))).toBe(false);
  });
});

if (!hasTraces) announceMissing('drafting specs from the real transcripts', '../shared/traces');

describe.skipIf(!hasTraces)('trace draft on the real transcripts of ../shared/traces', () => {
  it('each drafts a spec whose draft problems are the author places, tools outside the policy, and the blind reads the agent made', async () => {
    const folder = join(scratch, 'real');
    const seen: Record<string, Record<string, number>> = {};
    mkdirSync(folder, { recursive: true });
    for (const name of readdirSync(REAL).filter((file) => file.endsWith('.jsonl'))) {
      copyFileSync(join(REAL, name), join(folder, name));
      const path = await draft(join(folder, name), `${name}.yaml`, ['--goal', 'g', '--budget', '40'], folder);
      const { diagnostics } = await diagnosticsOf(path, ['--stage', 'draft']);
      const kinds: Record<string, number> = {};
      for (const diagnostic of diagnostics) {
        const kind = AUTHOR_PLACE.test(diagnostic.path) ? 'author' : `${diagnostic.ruleId} ${diagnostic.path.replace(/\/\d+/g, '/N')}`;
        kinds[kind] = (kinds[kind] ?? 0) + 1;
      }
      seen[name.slice(0, 8)] = kinds;
    }
    // 5c0375b4 followed the method: only its author places are open (its map by tree, drawn by lsd
    // after it complained of a flag, a failed call that printed, is a map tool the gate lists).
    expect(seen['5c0375b4']).toEqual({ author: 12 });
    expect(seen['1af7fc5e']).toEqual({});
    // fe5e1c67 read files no cheap call had surfaced (trace-order, dive-grounded) and, being a
    // session that built an app, had its subagents Write the files of the tree between its map
    // calls and its reads (trace-no-writes).
    expect(Object.keys(seen['fe5e1c67'] ?? {}).sort()).toEqual([
      'author',
      'dive-grounded /deepDives/N/node',
      'trace-no-writes ',
      'trace-order /deepDives/N/node',
    ]);
  });
});
