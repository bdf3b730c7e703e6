/**
 * YAML that the yaml library would turn into something JSON cannot hold, or would resolve silently:
 * aliases inside their own anchors (cycles), keys that collide only once aliases and scalars are
 * resolved, collections as keys, and documents too large for the YAML parser's cost per token.
 * Each is an input error with its own subcode, found quickly, through every loader that reads YAML.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringify as toYaml } from 'yaml';
import { resolveConfig } from '../../src/config/resolve.js';
import { createCompiler } from '../../src/index.js';
import { MAX_YAML_TOKENS } from '../../src/load/limits.js';
import { parseSpecText } from '../../src/load/parse.js';
import { runInProcess } from '../support/in-process.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs } from '../support/temp.js';

const tempDir = useTempDirs('yaml-structure');

function problemOf(text: string): { subcode: string; message: string; line?: number } | undefined {
  const result = parseSpecText(text, 'yaml');
  return result.ok ? undefined : result.problem;
}

describe('aliases inside their own anchor are CIRCULAR, never expanded', () => {
  // The line is the alias's.
  const cycles: Array<[string, string, number]> = [
    ['a sequence holding itself', 'x-a: &a [ *a ]\n', 1],
    ['a mapping holding itself', 'x-a: &a { b: *a }\n', 1],
    ['a branching cycle', 'x-a: &a [ *a, *a ]\n', 1],
    ['a cycle in a spec field', 'risks: &r [a, *r]\n', 1],
    ['a cycle two levels down', 'x-a: &a\n  b:\n    - c: *a\n', 3],
    ['a cycle through another anchor', 'x-a: &a [ &b [ *a ] ]\n', 1],
  ];
  for (const [name, text, line] of cycles) {
    // Expanding a cycle never ends: the test's timeout is the guard against a hang.
    it(name, () => {
      expect(problemOf(text)).toMatchObject({ subcode: 'CIRCULAR', line });
    });
  }

  it('shared, acyclic aliases are fine, and count toward the expansion limit', () => {
    expect(parseSpecText('a: &x {b: [1, 2]}\nc: *x\nd: [*x, *x]\n', 'yaml')).toMatchObject({
      ok: true,
      data: { c: { b: [1, 2] }, d: [{ b: [1, 2] }, { b: [1, 2] }] },
    });
    const wide = `a: &a [${Array(1000).fill('x').join(',')}]\nb: [${Array(200).fill('*a').join(',')}]\n`;
    expect(problemOf(wide)).toMatchObject({ subcode: 'YAML_SYNTAX' });
  });

  it('a long string aliased many times is an alias bomb too: counted in characters, not only values', () => {
    const text = `a: &s "${'x'.repeat(100_000)}"\nb: [${Array(100).fill('*s').join(',')}]\n`;
    expect(problemOf(text)).toMatchObject({ subcode: 'YAML_SYNTAX' });
    expect(problemOf(text)?.message).toContain('characters');
    expect(parseSpecText(`a: &s "${'x'.repeat(1000)}"\nb: [${Array(100).fill('*s').join(',')}]\n`, 'yaml').ok).toBe(true);
  });

  it('an alias to an anchor defined later, or never, is a syntax error', () => {
    expect(problemOf('a: *later\nb: &later 1\n')).toMatchObject({ subcode: 'YAML_SYNTAX', line: 1 });
  });
});

describe('keys that collide once resolved are DUPLICATE_KEY, with both places', () => {
  const collisions: Array<[string, string, string]> = [
    ['an alias used as a key', 'x-k: &k goal\ngoal: first\n*k : second\n', 'goal'],
    ['null and the empty string', '~: 1\n"": 2\n', ''],
    ['a number and its string', '1: a\n"1": b\n', '1'],
    ['a boolean and its string', 'true: a\n"true": b\n', 'true'],
    ['two spellings of one number', '0x10: a\n16: b\n', '16'],
  ];
  for (const [name, text, key] of collisions) {
    it(name, () => {
      const problem = problemOf(text);
      expect(problem).toMatchObject({ subcode: 'DUPLICATE_KEY' });
      expect(problem?.message).toContain(`duplicate key ${JSON.stringify(key)}`);
      expect(problem?.message).toMatch(/at line \d+, column \d+; it is already defined at line \d+, column \d+/);
    });
  }

  it('"null" and ~ are different keys, as they are different strings', () => {
    expect(parseSpecText('~: 1\n"null": 2\n', 'yaml')).toMatchObject({ ok: true, data: { '': 1, null: 2 } });
  });

  it('the gate cannot be fooled into reading a goal written twice', () => {
    const text = `${toYaml({ ...validSpec(), goal: undefined, 'x-k': 'goal' }).replace('x-k: goal', 'x-k: &k goal')}goal: first\n*k : second\n`;
    const result = createCompiler().compile(text, { path: 'spec.yaml' });
    expect(result.exitCode).toBe(3);
    expect(result.error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'DUPLICATE_KEY' });
  });
});

describe('collections as keys are YAML_COMPLEX_KEY', () => {
  for (const [name, text] of [
    ['a flow sequence key', '[a, b]: 1\n'],
    ['two identical complex keys', '? [a]\n: 1\n? [a]\n: 2\n'],
    ['a mapping key', '? {a: 1}\n: 2\n'],
    ['an alias to a collection as key', 'x: &c [1]\n*c : 2\n'],
  ] as const) {
    it(name, () => expect(problemOf(text)).toMatchObject({ subcode: 'YAML_COMPLEX_KEY' }));
  }
});

describe('YAML is bounded in tokens: YAML_TOO_LARGE, refused quickly', () => {
  const shapes: Array<[string, (count: number) => string]> = [
    ['a flow sequence', (count) => `risks: [${Array(count).fill('a').join(',')}]\n`],
    ['a block sequence', (count) => `risks:\n${'  - a\n'.repeat(count)}`],
    ['blank lines', (count) => `goal: a\n${'\n'.repeat(count)}`],
    ['comment lines', (count) => `${'#\n'.repeat(count)}goal: a\n`],
  ];
  for (const [name, shape] of shapes) {
    it(name, () => {
      // Parsing this many tokens in full is what the limit prevents: the test's timeout guards that.
      expect(problemOf(shape(MAX_YAML_TOKENS))).toMatchObject({ subcode: 'YAML_TOO_LARGE' });
    });
  }

  it('a real spec well under the limit is read', () => {
    const spec = validSpec();
    spec['risks'] = Array.from({ length: 5000 }, (_, index) => `risk ${index}`);
    expect(parseSpecText(toYaml(spec), 'yaml').ok).toBe(true);
  });
});

describe('every loader that reads YAML refuses the same way', () => {
  it('configuration, policy and library input', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'investigation.config.yaml'), 'policy: &p { x: *p }\n');
    expect(() => resolveConfig(undefined, undefined, dir)).toThrow(/contains itself/);
    const cyclic: Record<string, unknown> = { ...validSpec() };
    cyclic['x-self'] = cyclic;
    expect(createCompiler().compile(cyclic)).toMatchObject({ exitCode: 3, error: { subcode: 'CIRCULAR' } });
  });

  it('--policy, briefs --spec, stats and test, through the command line', async () => {
    const dir = tempDir();
    const cyclic = `${toYaml(validSpec())}x-loop: &a [ *a, *a ]\n`;
    writeFileSync(join(dir, 'spec.yaml'), cyclic);
    writeFileSync(join(dir, 'good.json'), JSON.stringify(validSpec()));
    writeFileSync(join(dir, 'policy.yaml'), 'cheapMapTools: &t [ *t ]\n');
    mkdirSync(join(dir, 'fixtures'));
    writeFileSync(join(dir, 'fixtures', 'spec.yaml'), cyclic);
    writeFileSync(join(dir, 'fixtures', 'spec.expect.json'), JSON.stringify({ exitCode: 3 }));
    mkdirSync(join(dir, 'briefs'));
    const policy = await runInProcess(['good.json', '--policy', 'policy.yaml', '--json'], { cwd: dir });
    expect(policy.status).toBe(2);
    expect(JSON.parse(policy.stdout).error.message).toContain('contains itself');
    const stats = await runInProcess(['stats', 'spec.yaml', '--format', 'json'], { cwd: dir });
    expect(stats.status).toBe(0);
    expect(JSON.parse(stats.stdout).exitCodes['3']).toBe(1);
    const test = await runInProcess(['test', 'fixtures'], { cwd: dir });
    expect(test.stdout).toContain('1 passed, 0 failed');
    const briefs = await runInProcess(['briefs', 'briefs', '--spec', 'spec.yaml', '--json'], { cwd: dir });
    expect(JSON.parse(briefs.stdout).data.files[0].error).toMatchObject({ subcode: 'CIRCULAR' });
  });
});
