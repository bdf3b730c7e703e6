import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { briefsCommand } from '../../src/commands/briefs.js';
import { visible } from '../../src/common/visible.js';
import { createCompiler } from '../../src/compile.js';
import type { Diagnostic } from '../../src/diagnostics/diagnostic.js';
import { renderMarkdown } from '../../src/dialects/markdown.js';
import type { Io } from '../../src/engine/result.js';
import { formatFailures, runFixture, unifiedDiff } from '../../src/regression/index.js';
import { formatGithub } from '../../src/render/github.js';
import { formatText } from '../../src/render/text.js';
import type { FileOutcome } from '../../src/report/outcome.js';
import { collectStats, renderStatsMarkdown } from '../../src/stats/index.js';
import { runCli } from '../support/cli.js';
import { runInProcess } from '../support/in-process.js';
import { judgedOutcome, passingOutcome } from '../support/outcomes.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('control');

/** Every character that must never reach a human sink raw (line breaks aside where the sink lays out lines). */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;
const UNSAFE_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Terminal colour, a screen clear, NUL, BEL, CR, NEL, CSI, a line separator and bidi overrides, with a workflow command after a line break. */
const HOSTILE =
  'x\u001b[31mred\u001b[2J\u0000\u0007\r\u0085\u009b31m\u2028\u202eevil\u202c\u2066\u200f\n::error file=README.md,line=1::injected\n::add-mask::secret';
const INJECTED_KEY = '\n::error file=README.md,line=1::injected\n::add-mask::secret';

function capture(): { io: Io; stderr: () => string } {
  let written = '';
  return { io: { cwd: '/', env: {}, stderr: { write: (text: string) => (written += text) }, stdoutIsTTY: false }, stderr: () => written };
}

function expectInertLines(text: string): void {
  expect(text).not.toMatch(UNSAFE_BUT_NEWLINE);
  for (const line of text.split('\n')) expect(line).not.toMatch(/^::/);
}

describe('visible()', () => {
  it('maps C0 controls and DEL to Control Pictures, and C1, separators and bidi controls to their code point', () => {
    expect(visible('\u0000\u0007\t\n\r\u001b\u001f\u007f')).toBe('␀␇␉␊␍␛␟␡');
    expect(visible('\u0085\u009b\u2028\u2029\u061c\u200e\u200f\u202a\u202e\u2066\u2069')).toBe(
      '⟨U+0085⟩⟨U+009B⟩⟨U+2028⟩⟨U+2029⟩⟨U+061C⟩⟨U+200E⟩⟨U+200F⟩⟨U+202A⟩⟨U+202E⟩⟨U+2066⟩⟨U+2069⟩',
    );
    for (let code = 0; code <= 0x2069; code++) {
      const shown = visible(String.fromCharCode(code));
      expect(shown).not.toMatch(UNSAFE);
    }
  });

  it('keeps \\n and \\r only when asked, leaves other text alone and is idempotent', () => {
    expect(visible('a\r\nb\u001b', { keepLineBreaks: true })).toBe('a\r\nb␛');
    const plain = 'zero\u200bwidth, é, 😀, שלום, ⟨U+202E⟩';
    expect(visible(plain)).toBe(plain);
    expect(visible(visible(HOSTILE))).toBe(visible(HOSTILE));
  });
});

describe('stderr lines of compile', () => {
  it('a key holding a GitHub workflow command stays inside its diagnostic line (CLI, --format json)', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'spec.json'), JSON.stringify({ ...validSpec(), [INJECTED_KEY]: 1 }));
    const result = runCli(['spec.json', '--format', 'json', '--fail-on', 'error'], { cwd: dir });
    expect(result.status).toBe(0);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^spec\.json:\d+:\d+: warning unknown-field .*\(at \/␊::error file=README\.md,line=1::injected␊::add-mask::secret\)$/,
    );
  });

  it('every path, message and pointer is made visible, with --output, --json and input errors alike', async () => {
    const dir = tempDir();
    const name = `a\u001b[31m\u202e.json`;
    writeJson(dir, name, { ...validSpec(), goal: HOSTILE, [HOSTILE]: HOSTILE });
    writeFileSync(join(dir, `bad\u0007.json`), '{"goal": ');
    for (const extra of [['--format', 'json'], ['--output', 'out.md'], ['--json']]) {
      const { stderr } = await runInProcess([name, ...extra], { cwd: dir });
      expectInertLines(stderr);
      const lines = stderr.split('\n').filter((line) => line !== '');
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatch(/^a␛\[31m⟨U\+202E⟩\.json:\d+:\d+: warning unknown-field /);
    }
    const { stderr } = await runInProcess([`bad\u0007.json`, '--format', 'json'], { cwd: dir });
    expect(stderr).toMatch(/^bad␇\.json:\d+:\d+: error JSON_SYNTAX: [^\n]*\n$/);
  });

  it.skipIf(process.platform === 'win32')(
    'warnings quoting a link name (not followed out of its folder) are inert, in compile, stats and test',
    async () => {
      const dir = tempDir();
      const outside = tempDir();
      writeJson(outside, 'spec.json', validSpec());
      mkdirSync(join(dir, 'specs'));
      symlinkSync(join(outside, 'spec.json'), join(dir, 'specs', `l\u202e\u009b2J\u0085::error::x.json`));
      writeJson(dir, 'specs/ok.json', validSpec());
      for (const args of [
        ['specs', '--format', 'text'],
        ['stats', 'specs'],
        ['test', 'specs'],
      ]) {
        const { stderr } = await runInProcess(args, { cwd: dir });
        expectInertLines(stderr);
        expect(stderr).toContain('l⟨U+202E⟩⟨U+009B⟩2J⟨U+0085⟩::error::x.json');
      }
    },
  );

  it('a usage error quoting a path is one inert line', async () => {
    const dir = tempDir();
    writeJson(dir, 'spec.json', validSpec());
    const result = await runInProcess(['spec.json', '--output', `missing\u001b[2J\n::error::x/out.md`], { cwd: dir });
    expect(result.status).toBe(2);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expectInertLines(result.stderr);
    expect(result.stderr).toContain('missing␛[2J␊::error::x/out.md');
  });
});

describe('command-line errors quoting an argument (an untrusted file name)', () => {
  function usageErrorOf(argv: string[]): string {
    let written = '';
    const program = buildProgram(() => undefined, { writeOut: () => undefined, writeErr: (text) => void (written += text) });
    expect(() => program.parse(argv, { from: 'user' })).toThrow();
    return written;
  }

  it("are one inert line, followed only by commander's own suggestion and hint", () => {
    const invalid = usageErrorOf(['--format', 'x\n::error::y\u001b[31m', 'a.json']).split('\n');
    expect(invalid[0]).toBe(
      "error: option '-f, --format <format>' argument 'x␊::error::y␛[31m' is invalid. Allowed choices are markdown, json, html, text, sarif, github.",
    );
    expect(invalid.slice(1)).toEqual(['(run with --help for usage)', '']);
    expect(usageErrorOf(['-\n::error::x\r'])).toBe("error: unknown option '-␊::error::x␍'\n(run with --help for usage)\n");
    expect(usageErrorOf(['--formt', 'json'])).toBe(
      "error: unknown option '--formt'\n(Did you mean --format?)\n(run with --help for usage)\n",
    );
  });
});

describe('--format text and briefs', () => {
  function outcome(path: string, message: string, source: string): FileOutcome {
    const diagnostics: Diagnostic[] = [{ ruleId: `rule${HOSTILE}`, severity: 'error', message, path: '/goal', line: 1, column: 3 }];
    return judgedOutcome(path, diagnostics, { source });
  }

  it('paths, messages, rule ids and code frames keep their lines and show every control', () => {
    const text = formatText([outcome(`dir\u001b]0;title\u0007/a.json`, HOSTILE, `{"${HOSTILE}": 1}`)], { color: false });
    expectInertLines(text);
    const lines = text.split('\n');
    // Path, problem, frame, caret, blank, summary, and the final newline.
    expect(lines).toHaveLength(7);
    expect(lines[0]).toBe('dir␛]0;title␇/a.json');
    expect(lines[1]).toContain(visible(HOSTILE));
    expect(lines[2]?.trim().startsWith('{"x␛[31mred')).toBe(true);
  });

  it('the caret stays under its column after a control character shown as a wider stand-in', () => {
    const source = '{"\u202e": "\u0000", "k": 1}';
    const text = formatText([outcome('a.json', 'm', source)], { color: false }).split('\n');
    const column = source.indexOf('"k"') + 1;
    const [, , frame = '', caret = ''] = formatText(
      [{ ...outcome('a.json', 'm', source), diagnostics: [{ ruleId: 'r', severity: 'error', message: 'm', path: '', line: 1, column }] }],
      { color: false },
    ).split('\n');
    expect(text[2]).toContain('⟨U+202E⟩');
    expect(Array.from(frame)[Array.from(caret).indexOf('^')]).toBe('"');
    expect(Array.from(frame).slice(Array.from(caret).indexOf('^')).join('')).toMatch(/^"k": 1}/);
  });

  it('briefs notes quoting a folder or a --spec path are inert', async () => {
    const dir = tempDir();
    const { io, stderr } = capture();
    await briefsCommand(
      { dir: '.', spec: `gone\u001b[2J\n::warning::x.json`, format: 'text', maxBytes: 1 << 20, json: false },
      { ...io, cwd: dir },
    );
    expectInertLines(stderr());
    expect(stderr()).toContain('gone␛[2J␊::warning::x.json');
  });
});

describe('--format github', () => {
  it('escapes line breaks in data and properties, and shows every other control', () => {
    const path = `a,b::c\n::error::x\u001b[31m.json`;
    const output = formatGithub([judgedOutcome(path, [{ ruleId: `t,i::t\nle`, severity: 'error', message: HOSTILE, path: '', line: 1 }])]);
    expect(output.split('\n')).toHaveLength(2);
    expect(output).not.toMatch(UNSAFE_BUT_NEWLINE);
    expect(output).toMatch(/^::error file=a%2Cb%3A%3Ac%0A%3A%3Aerror%3A%3Ax␛\[31m\.json,line=1,title=t%2Ci%3A%3At%0Ale::x␛\[31mred/);
  });
});

describe('Markdown: the report, stats and golden diffs', () => {
  function hostileSpec(): Record<string, any> {
    const spec = validSpec();
    spec.goal = HOSTILE;
    spec.deliverable = HOSTILE;
    spec.risks.push(HOSTILE);
    spec.surfaceMap[0].query = HOSTILE;
    spec.surfaceMap[0].evidence = HOSTILE;
    spec.hypotheses[0].claim = HOSTILE;
    spec.deepDives[0].finding = HOSTILE;
    spec.replanLog[0].decision = HOSTILE;
    spec[HOSTILE] = 1;
    return spec;
  }

  it('the report shows ESC, NUL, BEL, bidi overrides and the rest as visible stand-ins', () => {
    const result = createCompiler().compile(JSON.stringify(hostileSpec()));
    const markdown = renderMarkdown(result.report!);
    expect(markdown).not.toMatch(UNSAFE_BUT_NEWLINE);
    expect(markdown).toContain('x␛\\[31mred␛\\[2J␀␇');
    expect(markdown).toContain('⟨U+202E⟩evil⟨U+202C⟩');
  });

  it('stats tables show hostile stop reasons as visible stand-ins', () => {
    const report = createCompiler().compile(JSON.stringify(validSpec())).report!;
    const file: FileOutcome = passingOutcome('a.json', { ...report, summary: { ...report.summary, stopReason: HOSTILE } });
    const markdown = renderStatsMarkdown(collectStats([file]));
    expect(markdown).not.toMatch(UNSAFE_BUT_NEWLINE);
    // Inline code folds line breaks (CR, NEL, LS) into spaces.
    expect(markdown).toContain('`x␛[31mred␛[2J␀␇  ⟨U+009B⟩31m ⟨U+202E⟩evil⟨U+202C⟩⟨U+2066⟩⟨U+200F⟩ ::error');
  });

  it('test: failure blocks and golden diffs quote hostile paths, messages and lines visibly', () => {
    const dir = tempDir();
    const file = writeJson(dir, `f\u001b[31m.json`, hostileSpec());
    runFixture(file, { cwd: dir, update: 'all' });
    const golden = join(dir, `f\u001b[31m.report.md`);
    // A golden written by hand (or by an older version) may hold the raw controls.
    writeFileSync(golden, readFileSync(golden, 'utf8').replaceAll('x␛\\[31mred', 'stale\u001b[32m\r'));
    writeJson(dir, `f\u001b[31m.json`, { ...hostileSpec(), [`k\u001b[2J\r::error::x`]: 1 });
    const output = formatFailures([runFixture(file, { cwd: dir })]);
    expectInertLines(output);
    expect(output).toContain('FAIL f␛[31m.json');
    expect(output).toContain('k␛[2J␍::error::x');
    expect(output).toMatch(/\n {4}-.*stale␛\[32m␍/);
    expect(output).toMatch(/\n {4}\+.*x␛\\\[31mred/);
    expect(unifiedDiff('a\u001b\r\n', 'b\u202e\r\n')).toBe('--- expected\n+++ actual\n@@ -1,1 +1,1 @@\n-a␛␍\n+b⟨U+202E⟩␍');
  });
});
