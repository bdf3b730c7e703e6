import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { builtInPreset } from '../src/policy/presets.js';
import { recordedToolOf } from '../src/trace/evidence.js';
import { GEMINI_TOOLS } from '../src/trace/gemini-tools.js';
import { readTrace } from '../src/trace/read-trace.js';
import { SHELL_PROGRAMS } from '../src/trace/shell-table.js';
import { runInProcess } from './support/in-process.js';

/**
 * The names a record gives the agents' tools: a Gemini call keeps Gemini's name (read_file) and
 * carries the classifier's (Read) beside it; a draft writes the classifier's, the trace rules take
 * either, and the default preset lists every program and tool the classifier reads as a map call
 * or a read, so that a draft of any agent's trace passes map-cheap and dive-selective unchanged.
 */
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trace-tool-names-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// Copied into the scratch folder, the drafts' working directory: a spec follows x-trace only inside its project's tree.
const GEMINI = join(scratch, 'gemini.jsonl');
copyFileSync(join(root, 'test/data/gemini/after-tool.jsonl'), GEMINI);
const CODEX = join(scratch, 'codex.jsonl');
copyFileSync(join(root, 'test/data/codex/rollout-small.jsonl'), CODEX);
const GEMINI_SPEC = readFileSync(join(root, 'test/data/gemini/after-tool.spec.yaml'), 'utf8');

/** The places a draft leaves for its author, as JSON pointers. */
const AUTHOR_PLACE = /^\/deepDives\/\d+\/(hypothesisId|finding|effect|provenance)$/;
/** The rules that judge a record's tools: by the policy's lists, and against the trace. */
const TOOL_RULES = /^(map-cheap|dive-selective|trace-.*)$/;

interface Diagnostic {
  ruleId: string;
  path: string;
  message: string;
}

async function draft(trace: string, name: string): Promise<string> {
  const output = join(scratch, name);
  const run = await runInProcess(['trace', 'draft', trace, '--goal', 'Where are the totals?', '--budget', '9', '--output', output], {
    cwd: scratch,
  });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
  return output;
}

/** The diagnostics of `spec` under the default preset, no policy file: against its x-trace unless `extra` names a trace. */
async function diagnosticsOf(spec: string, extra: string[] = []): Promise<Diagnostic[]> {
  const run = await runInProcess([spec, '--json', ...extra], { cwd: scratch });
  return JSON.parse(run.stdout).data.files[0].diagnostics;
}

function toolsOf(path: string): { map: string[]; dives: string[] } {
  const spec = parse(readFileSync(path, 'utf8'));
  return {
    map: spec.surfaceMap.map((entry: { tool: string }) => entry.tool),
    dives: spec.deepDives.map((dive: { tool: string }) => dive.tool),
  };
}

/** The draft with its author's places filled in: one confirmed hypothesis per node read. */
function filledIn(path: string): string {
  const spec = parse(readFileSync(path, 'utf8'));
  const nodes = [...new Set(spec.deepDives.map((dive: { node: string }) => dive.node))] as string[];
  spec.hypotheses = nodes.map((node, index) => ({
    id: `H${index + 1}`,
    claim: `The totals are in ${node}.`,
    priority: index + 1,
    cost: 1,
    status: 'confirmed',
    candidateNodes: [node],
  }));
  for (const dive of spec.deepDives)
    Object.assign(dive, {
      hypothesisId: `H${nodes.indexOf(dive.node) + 1}`,
      finding: 'What it holds.',
      effect: 'confirms',
      provenance: '[CODIGO]',
    });
  spec.stopCondition = { reason: 'goal_resolved', evidence: 'Every hypothesis was settled by a read.' };
  spec.deliverable = 'The totals, from the reads.';
  spec.risks = ['Only the files read were checked.'];
  const filled = path.replace(/\.yaml$/, '.filled.json');
  writeFileSync(filled, JSON.stringify(spec));
  return filled;
}

describe('a Gemini call`s tool', () => {
  it('keeps Gemini`s name and carries the classifier`s beside it; a tool the table does not rename carries none', () => {
    const trace = readTrace([readFileSync(GEMINI)]);
    const named = trace.calls.map((call) => [call.tool, call.classifiedAs ?? null]);
    expect(named).toEqual([
      ['glob', 'Glob'],
      ['list_directory', 'LS'],
      ['run_shell_command', 'Bash'],
      ['read_file', 'Read'],
      ['read_file', 'Read'],
      ['search_file_content', 'Grep'],
      ['run_shell_command', 'Bash'],
      ['grep_search', 'Grep'],
      ['write_file', 'Write'],
      ['replace', 'Edit'],
      ['web_fetch', null],
      ['read_many_files', null],
    ]);
  });

  it('a draft names the classifier`s tool, and under the default preset has no finding but the author`s places; filled in, it passes', async () => {
    const path = await draft(GEMINI, 'gemini.yaml');
    expect(toolsOf(path)).toEqual({ map: ['Glob', 'LS', 'ls', 'Grep'], dives: ['Read', 'sed'] });
    const drafted = await diagnosticsOf(path, ['--stage', 'draft']);
    expect(drafted.filter((d) => d.ruleId !== 'schema' || !AUTHOR_PLACE.test(d.path))).toEqual([]);
    expect(await diagnosticsOf(filledIn(path))).toEqual([]);
  });

  it('a hand-written spec may name Gemini`s tools or the classifier`s: the trace rules match both', async () => {
    expect(GEMINI_SPEC).toContain('tool: glob');
    expect(GEMINI_SPEC).toContain('tool: read_file');
    const classifier = join(scratch, 'classifier-names.yaml');
    writeFileSync(classifier, GEMINI_SPEC.replace('tool: glob', 'tool: Glob').replace('tool: read_file', 'tool: Read'));
    expect(await diagnosticsOf(classifier, ['--trace', GEMINI])).toEqual([]);
    // Gemini's own names match the trace too: only the default policy's lists refuse them, saying which name it lists.
    const own = join(scratch, 'own-names.yaml');
    writeFileSync(own, GEMINI_SPEC);
    const findings = await diagnosticsOf(own, ['--trace', GEMINI]);
    expect(findings.map((d) => [d.ruleId, d.path])).toEqual([
      ['map-cheap', '/surfaceMap/0/tool'],
      ['dive-selective', '/deepDives/0/tool'],
    ]);
    expect(findings.map((d) => d.message)).toEqual([
      expect.stringContaining('Did you mean "Glob"?'),
      expect.stringContaining('Did you mean "Read"?'),
    ]);
  });

  it('a read named with neither name is a trace-tool finding whose fix is the classifier`s name', async () => {
    const other = join(scratch, 'other-name.yaml');
    writeFileSync(other, GEMINI_SPEC.replace('tool: glob', 'tool: Glob').replace('tool: read_file', 'tool: cat'));
    const findings = await diagnosticsOf(other, ['--trace', GEMINI]);
    expect(findings.map((d) => [d.ruleId, d.path])).toEqual([['trace-tool', '/deepDives/0/tool']]);
    expect(findings[0]?.message).toContain('with "Read"');
  });
});

describe('a Codex rollout drafted and judged under the default preset', () => {
  it('names its shell programs (nl among them) and the policy takes them; only the agent`s own edit in its second request is found', async () => {
    const path = await draft(CODEX, 'codex.yaml');
    expect(toolsOf(path)).toEqual({ map: ['rg'], dives: ['sed', 'cat', 'nl'] });
    const drafted = await diagnosticsOf(path, ['--stage', 'draft']);
    const beyondAuthor = drafted.filter((d) => d.ruleId !== 'schema' || !AUTHOR_PLACE.test(d.path));
    // The session's second request edits the tree between the reads (apply_patch, line 23): a finding of the method, not of the names.
    const edits = beyondAuthor.map((d) => [d.ruleId, d.message.slice(0, d.message.indexOf(' ('))]);
    expect(edits).toEqual([
      ['trace-no-writes', 'the agent wrote "docs/rounding.md" with apply_patch'],
      ['trace-no-writes', 'the agent wrote "src/reports/monthly.ts" with apply_patch'],
    ]);
    const filled = (await diagnosticsOf(filledIn(path))).filter((d) => TOOL_RULES.test(d.ruleId));
    expect(filled.map((d) => d.ruleId)).toEqual(['trace-no-writes', 'trace-no-writes']);
  });
});

describe('the gate preset lists what the classifier reads', () => {
  const { policy } = builtInPreset('gate');
  const listOf = (kind: 'map' | 'read'): readonly string[] => (kind === 'map' ? policy.cheapMapTools : policy.expensiveDiveTools);

  it('every program of the shell table, in the list of its kind', () => {
    const refused = Object.entries(SHELL_PROGRAMS).flatMap(([program, entry]) => (listOf(entry.kind).includes(program) ? [] : [program]));
    expect(refused).toEqual([]);
  });

  it('every Gemini tool the table reads as a map call or a read, by the name a draft gives it', () => {
    const checked: string[] = [];
    const refused = Object.keys(GEMINI_TOOLS).flatMap((name) => {
      const payload = {
        hook_event_name: 'AfterTool',
        cwd: '/r',
        tool_name: name,
        tool_input: { file_path: '/r/a.ts', pattern: 'a', dir_path: '/r' },
        tool_response: { llmContent: '/r/a.ts' },
      };
      const [call] = readTrace([Buffer.from(`${JSON.stringify(payload)}\n`)]).calls;
      if (call === undefined || call.kind === 'other') return [];
      checked.push(name);
      return listOf(call.kind).includes(recordedToolOf(call)) ? [] : [`${name} as ${recordedToolOf(call)}`];
    });
    expect(checked).toEqual(expect.arrayContaining(['read_file', 'glob', 'search_file_content', 'grep_search', 'list_directory']));
    expect(refused).toEqual([]);
  });
});
