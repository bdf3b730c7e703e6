/**
 * The one rule for untrusted text, from outside: every class of hostile text (controls, bidi, OSC 8
 * and CSI sequences, GitHub workflow commands at a line start, after white space and mid-line,
 * Markdown link, image, footnote, autolink, definition and HTML syntax, table breakers) as spec
 * text, keys, file names, folder names and rule ids and keys of a configuration, through every
 * command that prints and every format, standard output and standard error alike. Each stream must
 * keep the invariants of its kind (test/support/untrusted-output.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { baseKatasReport } from '../../src/dialects/katas/index.js';
import { runInProcess } from '../support/in-process.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';
import { HOSTILE_TEXTS, type HostileText, type OutputKind, outputProblems } from '../support/untrusted-output.js';

const tempDir = useTempDirs('untrusted');

/** Every string of `value`, keys aside, with `text` in front: references between ids stay whole. */
function prefixed(value: unknown, text: string, keep: (key: string) => boolean = () => false): unknown {
  if (typeof value === 'string') return `${text}${value}`;
  if (Array.isArray(value)) return value.map((item) => prefixed(item, text, keep));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, keep(key) ? item : prefixed(item, text, keep)]));
  return value;
}

/** Every string of the spec hostile, and a hostile key: the spec fails, and every message quotes the text. */
function hostileSpec(text: string): Record<string, unknown> {
  return { ...(prefixed(validSpec(), text) as Record<string, unknown>), [text]: text };
}

/** Only the prose hostile: the spec passes, and its report shows every section as a passing one does. */
function hostileProse(text: string): Record<string, any> {
  const spec = validSpec();
  spec.goal = `${text} ${spec.goal}`;
  spec.deliverable = `${text}\n${spec.deliverable}\n${text}`;
  spec.risks = [text, ...spec.risks];
  spec.surfaceMap[0].query = text;
  spec.surfaceMap[0].evidence = text;
  spec.hypotheses[0].claim = text;
  spec.deepDives[0].finding = text;
  spec.replanLog[0].decision = text;
  spec.replanLog[0].evidence = text;
  spec.stopCondition.evidence = text;
  return spec;
}

/** A file or folder name as close to the text as the file system allows: no "/" and no NUL, at most 200 bytes. */
function nameOf(text: string): string {
  const name = text.replaceAll('/', '∕').replaceAll('\u0000', '␀');
  return Buffer.from(name)
    .subarray(0, 200)
    .toString('utf8')
    .replace(/\uFFFD+$/u, '');
}

interface Run {
  args: string[];
  /** The folder the run starts in, under the workspace: a name given as "." is listed bare, at the start of its lines. */
  cwd?: string;
  /** What standard output holds; standard error always holds log lines. */
  stdout: OutputKind;
  /** Files the run writes, and what they hold. */
  files?: Array<{ path: string; kind: OutputKind }>;
  /** What standard output must hold, so that a run which printed nothing cannot pass for one that printed safely. */
  holds?: string;
}

let workspace = '';

async function problemsOf(run: Run): Promise<string[]> {
  const result = await runInProcess(run.args, { cwd: join(workspace, run.cwd ?? '.') });
  const problems = [
    ...outputProblems(result.stdout, run.stdout).map((problem) => `stdout: ${problem}`),
    ...outputProblems(result.stderr, 'lines').map((problem) => `stderr: ${problem}`),
  ];
  if (result.status < 0 || result.status > 4) problems.push(`exit code ${result.status}`);
  if (run.holds !== undefined && !result.stdout.includes(run.holds)) problems.push(`stdout without ${JSON.stringify(run.holds)}`);
  for (const file of run.files ?? [])
    problems.push(
      ...outputProblems(readFileSync(join(workspace, file.path), 'utf8'), file.kind).map((problem) => `${file.path}: ${problem}`),
    );
  return problems.map((problem) => `${run.cwd ?? '.'}$ ${run.args.map((arg) => JSON.stringify(arg)).join(' ')}: ${problem}`);
}

function runsFor(hostile: HostileText, index: number): Run[] {
  const all = `specs/${index}-all.json`;
  const prose = `specs/${index}-prose.json`;
  const katas = `katas/${index}.json`;
  const { text } = hostile;
  return [
    { args: [all], stdout: 'markdown' },
    { args: [prose], stdout: 'markdown' },
    { args: [all, '--format', 'json'], stdout: 'json' },
    { args: [all, '--format', 'text'], stdout: 'lines' },
    { args: [all, '--format', 'sarif'], stdout: 'sarif' },
    { args: [all, '--format', 'github'], stdout: 'workflow-commands' },
    { args: [all, '--json'], stdout: 'json' },
    { args: [prose, '--output', `out/${index}.md`], stdout: 'lines', files: [{ path: `out/${index}.md`, kind: 'markdown' }] },
    { args: [katas], stdout: 'markdown' },
    { args: [katas, '--format', 'text'], stdout: 'lines' },
    { args: ['next', prose], stdout: 'lines' },
    { args: ['next', all], stdout: 'lines' },
    { args: ['next', all, '--format', 'json'], stdout: 'json' },
    // The report fails the gate wherever the text is prefixed, so the spec is written only when asked.
    { args: ['convert', katas, '--to', 'spec', '--format', 'yaml'], stdout: 'lines' },
    { args: ['convert', katas, '--to', 'spec', '--format', 'yaml', '--allow-failing'], stdout: 'lines' },
    { args: ['convert', katas, '--to', 'spec', '--format', 'json', '--allow-failing'], stdout: 'json' },
    { args: ['convert', katas, '--to', 'spec', '--json'], stdout: 'json' },
    { args: ['init', '--goal', text], stdout: 'lines' },
    { args: ['init', '--goal', text, '--format', 'json'], stdout: 'json' },
    { args: ['config', '--spec', all, '--config', `configs/${index}-values.json`], stdout: 'lines' },
    { args: ['config', '--spec', all, '--config', `configs/${index}-values.json`, '--json'], stdout: 'json' },
    { args: [all, '--config', `configs/${index}-values.json`, '--format', 'text'], stdout: 'lines' },
    { args: ['config', '--config', `configs/${index}-rules.json`], stdout: 'lines' },
    { args: [prose, '--config', `configs/${index}-keys.json`], stdout: 'markdown' },
    { args: ['explain', text], stdout: 'lines' },
    { args: [`missing/${nameOf(text)}.json`, '--format', 'text'], stdout: 'lines' },
    { args: [prose, '--format', text], stdout: 'lines' },
    { args: [prose, `--${text}`], stdout: 'lines' },
    { args: [prose, '--output', `missing/${nameOf(text)}/out.md`], stdout: 'lines' },
    { args: [`fix/${index}.yaml`, '--fix-dry-run'], stdout: 'lines', holds: '+    effect: confirms' },
    { args: [`fix-names/${nameOf(text)}.yaml`, '--fix-dry-run'], stdout: 'lines', holds: '+    effect: confirms' },
    { args: ['trace', 'show', `traces/${nameOf(text)}/${nameOf(text)}.jsonl`], stdout: 'lines', holds: 'paths relative to' },
    { args: ['trace', 'show', `traces/${nameOf(text)}/${nameOf(text)}.jsonl`, '--format', 'json'], stdout: 'json' },
  ];
}

/**
 * A YAML spec with one safe fix (a misspelt effect) beside the text, as the lines of a block
 * scalar: the diff of --fix-dry-run shows them as context lines, after the diff's leading space.
 * C0 controls but the line breaks, and DEL, are left out: YAML refuses them, and a spec that does
 * not load has no fix (the names of files and folders carry them to the diff instead).
 */
function fixableYaml(text: string): string {
  const spec = validSpec();
  spec.deepDives[0].finding = 'PLACEHOLDER';
  spec.deepDives[0].effect = 'confrims';
  const lines = text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/gu, '')
    .split(/\r\n|\r|\n/)
    .map((line) => `      ${line}`);
  return toYaml(spec).replace('finding: PLACEHOLDER', `finding: |-\n${lines.join('\n')}`);
}

/** A transcript whose every string the timeline of `trace show` prints holds the text: the version, the cwd, a query, a command and a path. */
function hostileTrace(text: string): string {
  const common = { isSidechain: false, sessionId: 's', cwd: `/r/${text}`, version: text };
  const call = (id: string, name: string, input: Record<string, string>, at: number) => ({
    ...common,
    type: 'assistant',
    uuid: `a-${id}`,
    timestamp: `2026-03-02T10:00:0${at}.000Z`,
    message: { id: `m-${id}`, role: 'assistant', content: [{ type: 'tool_use', id, name, input }] },
  });
  const result = (id: string, at: number, toolUseResult: unknown) => ({
    ...common,
    type: 'user',
    uuid: `u-${id}`,
    timestamp: `2026-03-02T10:00:0${at}.500Z`,
    message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content: 'x' }] },
    toolUseResult,
  });
  return [
    call('glob', 'Glob', { pattern: text }, 1),
    result('glob', 1, { filenames: [`/r/${text}/${text}.ts`], numFiles: 1, truncated: false }),
    call('ls', 'Bash', { command: `ls ${text}` }, 2),
    result('ls', 2, { stdout: `${text}.ts`, stderr: '', interrupted: false }),
    call('read', 'Read', { file_path: `/r/${text}/${text}.ts` }, 3),
    result('read', 3, {
      type: 'text',
      file: { filePath: `/r/${text}/${text}.ts`, content: 'x', numLines: 1, startLine: 1, totalLines: 1 },
    }),
  ]
    .map((line) => JSON.stringify(line))
    .join('\n');
}

/** The runs over folders whose file and folder names are the hostile texts. */
const FOLDER_RUNS: Run[] = [
  ...['text', 'github', 'sarif'].map(
    (format): Run => ({
      args: ['names', 'folders', '--format', format],
      stdout: format === 'github' ? 'workflow-commands' : format === 'sarif' ? 'sarif' : 'lines',
    }),
  ),
  { args: ['names', 'folders', '--format', 'text', '--json'], stdout: 'json' },
  ...['text', 'github', 'sarif'].map(
    (format): Run => ({
      args: ['.', '--format', format],
      cwd: 'names',
      stdout: format === 'github' ? 'workflow-commands' : format === 'sarif' ? 'sarif' : 'lines',
    }),
  ),
  { args: ['.', '--format', 'text'], cwd: 'frames', stdout: 'lines' },
  { args: ['names', '--output-dir', 'reports'], stdout: 'lines' },
  { args: ['names', '--output-dir', 'reports-json', '--format', 'json'], stdout: 'lines' },
  ...['text', 'json', 'sarif', 'github'].map(
    (format): Run => ({
      args: ['briefs', 'briefs', '--format', format],
      stdout: format === 'github' ? 'workflow-commands' : format === 'text' ? 'lines' : format === 'sarif' ? 'sarif' : 'json',
    }),
  ),
  { args: ['briefs', '.', '--format', 'text'], cwd: 'briefs', stdout: 'lines' },
  { args: ['briefs', 'briefs', '--spec', `missing/${nameOf(HOSTILE_TEXTS[5]?.text ?? '')}.json`], stdout: 'lines' },
  { args: ['stats', 'names', 'specs'], stdout: 'markdown' },
  { args: ['stats', 'specs', '--format', 'json'], stdout: 'json' },
  ...['text', 'markdown', 'json'].map(
    (format): Run => ({
      args: ['compare', 'base', 'head', '--format', format],
      stdout: format === 'markdown' ? 'markdown' : format === 'json' ? 'json' : 'lines',
    }),
  ),
  {
    args: ['summary', 'results.json', '--step-summary', 'step-summary.md', '--github-output', 'github-output.txt'],
    stdout: 'markdown',
    files: [
      { path: 'step-summary.md', kind: 'markdown' },
      { path: 'github-output.txt', kind: 'lines' },
    ],
  },
  { args: ['summary', 'results.json', '--annotate', '--max-annotations', '1000'], stdout: 'workflow-commands' },
  { args: ['test', 'fixtures'], stdout: 'lines' },
  { args: ['test', 'fixtures', '--json'], stdout: 'json' },
  { args: ['rules'], stdout: 'lines' },
  { args: ['fix-folders', '--fix-dry-run'], stdout: 'lines', holds: '+    effect: confirms' },
];

beforeAll(async () => {
  workspace = tempDir();
  mkdirSync(join(workspace, 'frames'));
  for (const [index, { text }] of HOSTILE_TEXTS.entries()) {
    const name = nameOf(text);
    writeJson(workspace, `specs/${index}-all.json`, hostileSpec(text));
    writeJson(workspace, `specs/${index}-prose.json`, hostileProse(text));
    writeJson(
      workspace,
      `katas/${index}.json`,
      prefixed(baseKatasReport(), text, (key) => key === 'schema'),
    );
    writeJson(workspace, `configs/${index}-values.json`, { policy: { expensiveDiveTools: ['Read', text], stopReasons: [text] } });
    writeJson(workspace, `configs/${index}-rules.json`, { rules: { [text]: 'off', 'dive-order': text } });
    writeJson(workspace, `configs/${index}-keys.json`, { [text]: 1, policy: { [text]: [text] } });
    // A failing spec and an unreadable one, named by the text, so that every format lists them.
    writeJson(workspace, `names/${name}.json`, hostileSpec(text));
    writeFileSync(join(workspace, 'names', `${name}-broken.json`), `{"goal": ${JSON.stringify(text)},`);
    writeJson(workspace, `folders/${name}/spec.json`, hostileSpec(text));
    writeJson(workspace, `base/${name}.json`, hostileProse(text));
    writeJson(workspace, `head/${name}.json`, hostileSpec(text));
    writeJson(workspace, `briefs/${name}-0001.json`, { hypothesisId: text, sequence: 1, parent: null, brief: { [text]: text } });
    writeFileSync(join(workspace, 'briefs', `${name}-0002.json`), `{"hypothesisId": ${JSON.stringify(text)}`);
    writeJson(workspace, `fixtures/${name}.json`, hostileSpec(text));
    writeJson(workspace, `fixtures/${name}.expect.json`, { exitCode: 0, diagnostics: [{ ruleId: text, path: `/${text}` }] });
    writeFileSync(join(workspace, 'fixtures', `${name}.report.md`), `${text}\n::add-mask::golden\n mid ##[add-mask]golden\n`);
    for (const path of [`fix/${index}.yaml`, `fix-names/${name}.yaml`, `fix-folders/${name}/spec.yaml`]) {
      mkdirSync(dirname(join(workspace, path)), { recursive: true });
      writeFileSync(join(workspace, path), fixableYaml(text));
    }
    mkdirSync(join(workspace, 'traces', name), { recursive: true });
    writeFileSync(join(workspace, 'traces', name, `${name}.jsonl`), hostileTrace(text));
  }
  // Source lines that start with a workflow command, shown in the code frames of the text format.
  const frame = `${toYaml(validSpec())}::add-mask::frame: 1\n##[add-mask]frame: 2\n" ::error::frame": 3\n`;
  writeFileSync(join(workspace, 'frames', 'spec.yaml'), frame);
  mkdirSync(join(workspace, 'out'));
  const results = await runInProcess(['names', 'folders', '--format', 'text', '--json'], { cwd: workspace });
  writeFileSync(join(workspace, 'results.json'), results.stdout);
}, 120_000);

describe('untrusted text through every command and format', () => {
  for (const [index, hostile] of HOSTILE_TEXTS.entries()) {
    it(`${hostile.name}: as spec text, keys, katas text, configuration values, rule ids and arguments`, { timeout: 120_000 }, async () => {
      const problems: string[] = [];
      for (const run of runsFor(hostile, index)) problems.push(...(await problemsOf(run)));
      expect(problems).toEqual([]);
    });
  }

  for (const run of FOLDER_RUNS) {
    it(`as file and folder names: ${run.args.join(' ')}`, { timeout: 120_000 }, async () => {
      expect(await problemsOf(run)).toEqual([]);
    });
  }
});
