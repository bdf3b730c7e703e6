import { describe, expect, it } from 'vitest';
import { decodeUtf8, formatFromPath, parseSpecText } from '../src/load/parse.js';

function subcode(text: string, format?: 'json' | 'yaml'): string | undefined {
  const result = parseSpecText(text, format);
  return result.ok ? undefined : result.problem.subcode;
}

describe('parseSpecText', () => {
  it('picks the format from the extension, case-insensitively', () => {
    expect(formatFromPath('a/b.JSON')).toBe('json');
    expect(formatFromPath('b.yml')).toBe('yaml');
    expect(formatFromPath('b.Yaml')).toBe('yaml');
    expect(formatFromPath('b.txt')).toBeUndefined();
    expect(formatFromPath(undefined)).toBeUndefined();
  });

  it('sniffs JSON first and YAML second, and reports JSON errors for JSON-looking text', () => {
    expect(parseSpecText('{"goal": "x"}')).toMatchObject({ ok: true, format: 'json' });
    expect(parseSpecText('goal: x\n')).toMatchObject({ ok: true, format: 'yaml' });
    expect(parseSpecText('{goal: x}')).toMatchObject({ ok: true, format: 'yaml' });
    expect(subcode('{"goal": ')).toBe('JSON_SYNTAX');
    expect(subcode('goal: [unclosed\n')).toBe('YAML_SYNTAX');
  });

  it('accepts a byte order mark and CRLF line ends', () => {
    expect(parseSpecText('\uFEFF{"goal": "x"}', 'json')).toMatchObject({ ok: true, data: { goal: 'x' } });
    expect(parseSpecText('\uFEFFgoal: x\r\nrisks:\r\n  - a\r\n', 'yaml')).toMatchObject({ ok: true, data: { goal: 'x', risks: ['a'] } });
  });

  it('gives the line and column of a JSON syntax error', () => {
    const result = parseSpecText('{\n  "goal": "x",\n  "risks": [1,]\n}', 'json');
    expect(result.ok ? '' : result.problem.message).toBe(
      'invalid JSON at line 3, column 14: a trailing comma before the closing bracket; JSON allows none, so remove it',
    );
    const missing = parseSpecText('{\n  "goal": "x",\n  "risks": [1, ,2]\n}', 'json');
    expect(missing.ok ? '' : missing.problem.message).toBe('invalid JSON at line 3, column 16: expected a value');
  });

  it('refuses duplicate YAML keys, custom tags and non-object documents', () => {
    expect(subcode('goal: a\ngoal: b\n', 'yaml')).toBe('DUPLICATE_KEY');
    expect(subcode('goal: !shell rm -rf\n', 'yaml')).toBe('YAML_TAG');
    expect(subcode('goal: !!binary aGk=\n', 'yaml')).toBe('YAML_TAG');
    expect(subcode('- a\n', 'yaml')).toBe('NOT_AN_OBJECT');
    expect(subcode('', 'yaml')).toBe('NOT_AN_OBJECT');
    expect(subcode('42', 'json')).toBe('NOT_AN_OBJECT');
    expect(subcode('null', 'json')).toBe('NOT_AN_OBJECT');
  });

  it('reads the core tags on the values they fit, !!float on a whole number included, and says when a value does not fit', () => {
    const data = (text: string) => {
      const result = parseSpecText(text, 'yaml');
      return result.ok ? result.data : result.problem;
    };
    expect(data('a: !!float 4\nb: !!float -3\nc: !!float 2.5\nd: !!int 7\ne: !!str 4\nf: 4\ng: !!bool true\n')).toEqual({
      a: 4,
      b: -3,
      c: 2.5,
      d: 7,
      e: '4',
      f: 4,
      g: true,
    });
    for (const text of ['a: !!int 4.5\n', 'a: !!float four\n', 'a: !!bool yes\n'])
      expect(data(text), text).toMatchObject({
        subcode: 'YAML_TAG',
        message: expect.stringMatching(/^the value does not fit its tag !!(int|float|bool);/),
      });
    expect(data('a: !!binary aGk=\n')).toMatchObject({
      subcode: 'YAML_TAG',
      message: expect.stringMatching(/^YAML tags other than the core schema's/),
    });
  });

  it('keeps YAML 1.2 core scalars: no dates, no yes/no booleans', () => {
    expect(parseSpecText('a: 2001-12-14\nb: yes\nc: 0x10\n', 'yaml')).toMatchObject({
      ok: true,
      data: { a: '2001-12-14', b: 'yes', c: 16 },
    });
  });

  it('refuses a YAML alias bomb instead of expanding it', () => {
    const lines = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]'];
    for (let i = 1; i < 12; i++)
      lines.push(
        `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(10)
          .fill(`*${String.fromCharCode(96 + i)}`)
          .join(',')}]`,
      );
    expect(subcode(lines.join('\n'), 'yaml')).toBe('YAML_SYNTAX');
  });

  it('keeps "__proto__" keys as plain data, in JSON and YAML', () => {
    for (const [text, format] of [
      ['{"__proto__": {"polluted": 1}}', 'json'],
      ['__proto__:\n  polluted: 1\n', 'yaml'],
    ] as const) {
      const result = parseSpecText(text, format);
      expect(result.ok && Object.getPrototypeOf(result.data)).toBe(Object.prototype);
      expect(result.ok && Object.keys(result.data)).toEqual(['__proto__']);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    }
  });
});

describe('decodeUtf8', () => {
  it('refuses invalid UTF-8 instead of replacing it', () => {
    expect(decodeUtf8(new Uint8Array([0x7b, 0xc3, 0x28, 0x7d]))).toMatchObject({ ok: false, problem: { subcode: 'ENCODING' } });
    expect(decodeUtf8(new TextEncoder().encode('{"goal": "ğ"}'))).toMatchObject({ ok: true, text: '{"goal": "ğ"}' });
  });
});
