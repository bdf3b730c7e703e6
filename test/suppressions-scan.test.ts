/**
 * The scan that reads large baselines without building their objects agrees with the general
 * reader (JSON.parse, then validateSuppressions): what it reads, the general reader reads the
 * same; what it refuses, the general reader refuses too; and it reads back what the tool writes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDocument } from '../src/load/document.js';
import { SUPPRESSIBLE_RULES } from '../src/suppressions/file.js';
import { type Suppressions, suppressionsText, validateSuppressions } from '../src/suppressions/index.js';
import { scanSuppressions } from '../src/suppressions/scan.js';
import { DEFAULT_SEED } from './support/properties.js';

type Outcome = { entries: Array<[string, string, number]> } | { refused: true };

function entriesOf(store: Suppressions): Array<[string, string, number]> {
  return [...store.entries()].sort(([a, b], [c, d]) => (a === c ? (b < d ? -1 : 1) : a < c ? -1 : 1));
}

function generalReader(text: string): Outcome {
  const parsed = parseDocument(text, { format: 'json' });
  if (!parsed.ok) return { refused: true };
  try {
    return { entries: entriesOf(validateSuppressions(parsed.data, 'f')) };
  } catch {
    return { refused: true };
  }
}

function scan(text: string): Outcome {
  const result = scanSuppressions(text);
  return 'read' in result ? { entries: entriesOf(result.read) } : { refused: true };
}

const specKey = fc.oneof(
  fc.constantFrom(
    'a.json',
    'specs/b.yaml',
    '__proto__',
    'constructor',
    'x y/é.json',
    'quote".json',
    'tab\t.json',
    'line\u2028.json',
    '/abs.json',
    'c:\\x',
    '',
  ),
  fc.string({ minLength: 1, maxLength: 12 }),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 6 }),
);
const ruleId = fc.oneof(fc.constantFrom(...SUPPRESSIBLE_RULES), fc.constantFrom('critical-input', 'dive-selectiv', '__proto__'));
const count = fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(0, -1, 1.5, 2 ** 60, 1e21));
const baseline = fc.dictionary(
  specKey,
  fc.dictionary(
    ruleId,
    count.map((value) => ({ count: value })),
    { maxKeys: 3 },
  ),
  { maxKeys: 6 },
);
const layout = fc.constantFrom<number | string>(0, 2, '\t', ' \r\n ');

/** A JSON text of the value, in one of several layouts, now and then with one character changed, inserted or removed. */
const texts = fc
  .tuple(
    baseline,
    layout,
    fc.option(fc.tuple(fc.constantFrom('change', 'insert', 'remove'), fc.nat(), fc.constantFrom(...'{}[]:,"\\ 0-1e.xtn\u0000\ufeff'))),
  )
  .map(([value, space, edit]) => {
    let text =
      typeof space === 'string' && space.includes('\r')
        ? JSON.stringify(value).replaceAll(',', `,${space}`)
        : JSON.stringify(value, null, space);
    if (edit !== null) {
      const [kind, at, character] = edit;
      const index = at % (text.length + 1);
      text = text.slice(0, index) + (kind === 'remove' ? '' : character) + text.slice(kind === 'insert' ? index : index + 1);
    }
    return text;
  });

describe('the scan of a suppressions file', () => {
  it('agrees with the general reader on what a file holds, and refuses whatever it refuses', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(scan(text)).toEqual(generalReader(text));
      }),
      { numRuns: 2000, seed: DEFAULT_SEED },
    );
  });

  it('reads back what the tool writes, a byte order mark before it too', () => {
    fc.assert(
      fc.property(baseline, (value) => {
        const general = generalReader(JSON.stringify(value));
        if ('refused' in general) return;
        const store = validateSuppressions(JSON.parse(JSON.stringify(value)), 'f');
        for (const text of [suppressionsText(store), `\ufeff${suppressionsText(store)}`]) expect(scan(text)).toEqual(general);
      }),
      { numRuns: 500, seed: DEFAULT_SEED },
    );
  });

  it('says where a file leaves the form of a baseline', () => {
    const mistyped = '{\n  "a.json": {\n    "dive-order": {"count": true}\n  }\n}';
    expect(scanSuppressions(mistyped)).toEqual({ unusual: { offset: mistyped.indexOf('true'), expected: 'a number' } });
    // A key given twice, however it is spelled: the general reader refuses it as DUPLICATE_KEY.
    const repeated = '{"a.json": {"dive-order": {"count": 1}}, "\\u0061.json": {}}';
    expect(scanSuppressions(repeated)).toEqual({
      unusual: { offset: repeated.lastIndexOf('"\\u0061'), expected: 'a spec named once, not "a.json" again' },
    });
    const twice = '{"a.json": {"dive-order": {"count": 1}, "dive-order": {"count": 2}}}';
    expect(scanSuppressions(twice)).toEqual({
      unusual: { offset: twice.lastIndexOf('"dive-order"'), expected: 'a rule named once, not "dive-order" again' },
    });
    for (const text of [repeated, twice]) expect(generalReader(text)).toEqual({ refused: true });
  });
});
