import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { createCompiler } from '../src/compile.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const compiler = createCompiler();

/** The 1-based line and column where `needle` starts in `text` (its first occurrence after `after`). */
function placeOf(text: string, needle: string, after = ''): { line: number; column: number } {
  const from = after === '' ? 0 : text.indexOf(after);
  const offset = text.indexOf(needle, from);
  if (offset === -1) throw new Error(`${needle} not in text`);
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

function broken(): Record<string, any> {
  const spec = validSpec();
  spec.deepDives[2].node = 'billing/README.md';
  delete spec.deepDives[1].finding;
  spec.hypotheses[0].prority = 2;
  spec.risks.push('We did read_all_files once.');
  return spec;
}

describe('source locations', () => {
  for (const [format, text] of [
    ['json', JSON.stringify(broken(), null, 2)],
    ['yaml', toYaml(broken())],
  ] as const) {
    it(`points every ${format} diagnostic at its key, its item, or the object that lacks a field`, () => {
      const result = compiler.compile(text, { path: `spec.${format}` });
      const at = (ruleId: string) => {
        const diagnostic = result.diagnostics.find((d) => d.ruleId === ruleId);
        return { line: diagnostic?.line, column: diagnostic?.column };
      };
      const key = (name: string, after = '') => placeOf(text, format === 'json' ? `"${name}"` : `${name}:`, after);
      expect(at('dive-grounded')).toEqual(key('node', 'D3'));
      expect(at('unknown-field')).toEqual(key('prority'));
      expect(at('anti-patterns')).toEqual(placeOf(text, format === 'json' ? '"We did read_all_files' : 'We did read_all_files'));
      const missing = result.diagnostics.find((d) => d.ruleId === 'schema');
      expect(missing?.path).toBe('/deepDives/1');
      const secondDive = text.indexOf(format === 'json' ? '"id": "D2"' : 'id: D2');
      const objectStart = format === 'json' ? text.lastIndexOf('{', secondDive) : secondDive;
      const before = text.slice(0, objectStart);
      expect({ line: missing?.line, column: missing?.column }).toEqual({
        line: before.split('\n').length,
        column: objectStart - before.lastIndexOf('\n'),
      });
    });
  }

  it('counts columns after a byte order mark and across CRLF line ends', () => {
    const text = `\uFEFF${JSON.stringify(broken(), null, 2).replace(/\n/g, '\r\n')}`;
    const result = compiler.compile(text, { path: 'spec.json' });
    const diagnostic = result.diagnostics.find((d) => d.ruleId === 'unknown-field');
    const plain = JSON.stringify(broken(), null, 2);
    expect({ line: diagnostic?.line, column: diagnostic?.column }).toEqual(placeOf(plain, '"prority"'));
  });

  it('places critical-input at the document when the datum is missing altogether', () => {
    const result = compiler.compile('{\n  "budget": {"total": 3, "used": 0, "unit": "reads"}\n}', { path: 'x.json' });
    expect(result.diagnostics.map((d) => [d.path, d.line, d.column])).toEqual([['/goal', 1, 1]]);
  });

  it('leaves diagnostics of an already parsed object without positions', () => {
    const result = compiler.compile(broken());
    expect(result.diagnostics.every((d) => d.line === undefined && d.column === undefined)).toBe(true);
  });
});

describe('duplicate keys', () => {
  it('are refused in JSON with both places', () => {
    const text = '{\n  "goal": "a",\n  "budget": {"total": 3, "used": 0, "total": 4, "unit": "reads"}\n}';
    const result = compiler.compile(text, { path: 'dup.json' });
    expect(result.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'DUPLICATE_KEY', line: 3, column: 37 });
    expect(result.error?.message).toContain('duplicate key "total" at line 3, column 37; it is already defined at line 3, column 14');
  });

  it('are not confused by colons and escaped quotes inside strings', () => {
    const spec = validSpec();
    spec.goal = 'a "quoted": colon \\": and more: colons';
    spec.risks[0] = 'H3: open: "really" \\';
    expect(compiler.compile(JSON.stringify(spec), { path: 'x.json' }).exitCode).toBe(0);
  });

  it('are refused in YAML with both places', () => {
    const text = 'goal: a\nbudget:\n  total: 3\n  used: 0\n  total: 4\n';
    const result = compiler.compile(text, { path: 'dup.yaml' });
    expect(result.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'DUPLICATE_KEY', line: 5, column: 3 });
    expect(result.error?.message).toContain('at line 5, column 3; it is already defined at line 3, column 3');
  });
});

describe('input errors', () => {
  it('carry the place of a syntax error', () => {
    expect(compiler.compile('{\n  "goal": tru\n}', { path: 'x.json' }).error).toMatchObject({
      subcode: 'JSON_SYNTAX',
      line: 2,
      column: 11,
    });
    expect(compiler.compile('goal: [a, b\nrisks: x\n', { path: 'x.yaml' }).error).toMatchObject({
      subcode: 'YAML_SYNTAX',
      line: expect.any(Number),
    });
  });
});

describe('input errors have a 1-based place in every format', () => {
  const tempDir = useTempDirs('locations');

  it('a JSON document nested too deep is refused at the bracket that opens level 101, strings skipped', () => {
    const open = '{"a": "[[[[{{{{", "k": '.repeat(100);
    const text = `{\n  "goal": "x",\n  "deep": ${open}1${'}'.repeat(100)}\n}`;
    const result = compiler.compile(text, { path: 'deep.json' });
    expect(result.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'TOO_DEEP', line: 3 });
    const column = result.error?.code === 'INPUT_ERROR' ? (result.error.column as number) : 0;
    // 99 of the repeated openers fit before the one that goes past the limit (the outer object is level 1).
    expect(column).toBe('  "deep": '.length + '{"a": "[[[[{{{{", "k": '.length * 99 + 1);
  });

  it('a missing file is at 1:1 in the text listing, on standard error, in SARIF and in GitHub annotations', async () => {
    const dir = tempDir();
    writeJson(dir, 'deep.json', JSON.parse(`${'{"k":'.repeat(101)}1${'}'.repeat(101)}`));
    const text = await runInProcess(['missing.json', 'deep.json', '--format', 'text'], { cwd: dir });
    expect(text.stdout).toMatch(/^deep\.json\n\s+101:\d+\s+error\s+the document nests/);
    expect(text.stdout).toMatch(/\nmissing\.json\n\s+1:1\s+error\s+missing\.json does not exist/);
    const markdown = await runInProcess(['missing.json'], { cwd: dir });
    expect(markdown.stderr).toContain('missing.json:1:1: error NOT_FOUND:');
    const sarif = JSON.parse((await runInProcess(['missing.json', '--format', 'sarif'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region).toMatchObject({ startLine: 1, startColumn: 1 });
    const github = await runInProcess(['missing.json', '--format', 'github'], { cwd: dir });
    expect(github.stdout).toMatch(/^::error file=missing\.json,line=1,col=1,/);
  });
});
