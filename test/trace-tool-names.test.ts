import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTrace } from '../src/trace/read-trace.js';
import { runInProcess } from './support/in-process.js';

/**
 * The names a record gives the agents' tools: a Gemini call keeps Gemini's name (read_file) and
 * carries the classifier's (Read) beside it, and the trace rules take either.
 */
const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'trace-tool-names-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const GEMINI = join(scratch, 'gemini.jsonl');
copyFileSync(join(root, 'test/data/gemini/after-tool.jsonl'), GEMINI);
const GEMINI_SPEC = readFileSync(join(root, 'test/data/gemini/after-tool.spec.yaml'), 'utf8');

interface Diagnostic {
  ruleId: string;
  path: string;
  message: string;
}

/** The diagnostics of `spec` under the default preset, no policy file: against its x-trace unless `extra` names a trace. */
async function diagnosticsOf(spec: string, extra: string[] = []): Promise<Diagnostic[]> {
  const run = await runInProcess([spec, '--json', ...extra], { cwd: scratch });
  return JSON.parse(run.stdout).data.files[0].diagnostics;
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
