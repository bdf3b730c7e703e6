// What a document is, by its own keys (src/dialects/kinds.ts), and the same answer from a file's
// first bytes (src/run/file-kind.ts): a spec, even one that lost its goal, is always a spec; a
// brief artifact, a brief request and the tool's own outputs are told apart from specs whatever
// their names; the cheap reading of a file's head never disagrees with a full parse.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import envelopeSchema from '../assets/envelope.schema.json' with { type: 'json' };
import { KATAS_REPORT_SCHEMA } from '../src/dialects/katas/policy.js';
import { documentKind, documentKinds, otherKinds } from '../src/dialects/kinds.js';
import { parseDocument } from '../src/load/document.js';
import { headKeys } from '../src/load/head-keys.js';
import { kindOfFile } from '../src/run/file-kind.js';
import { DEFAULT_MAX_BYTES } from '../src/run/input-file.js';
import { countKinds } from '../src/stats/kinds.js';
import { DEFAULT_SEED } from './support/properties.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('document-kinds');

const fixture = (path: string): unknown => {
  const parsed = parseDocument(readFileSync(join('fixtures', path)));
  if (!parsed.ok) throw new Error(`${path} does not parse`);
  return parsed.data;
};

const { goal: _goal, ...specWithoutGoal } = validSpec();

describe('documentKind', () => {
  it.each<[string, unknown, string | null]>([
    ['a spec', validSpec(), 'investigation-spec'],
    ['a spec that lost its goal', specWithoutGoal, 'investigation-spec'],
    ['a spec with only its budget', { budget: { total: 5, used: 0, unit: 'reads' } }, 'investigation-spec'],
    [
      'a spec with only a $schema naming the investigation schema',
      { $schema: 'https://x.example/investigation.schema.json' },
      'investigation-spec',
    ],
    ['an empty object: a spec with nothing written yet', {}, 'investigation-spec'],
    ['a spec that carries brief keys too', { ...validSpec(), hypothesisId: 'H1', sequence: 1 }, 'investigation-spec'],
    ['a katas report', fixture('katas/valid/mobile-checkout-flag.json'), 'katas-report-v1'],
    ['a katas report whatever else it holds', { schema: KATAS_REPORT_SCHEMA, hypothesisId: 'H1', sequence: 1 }, 'katas-report-v1'],
    ['a brief artifact', fixture('briefs/chain-valid/H1-0001.json'), 'brief-artifact'],
    ['a brief artifact cut short', { hypothesisId: 'H1', sequence: 2 }, 'brief-artifact'],
    ['a brief request', fixture('briefs/next-brief.yaml'), 'brief-request'],
    ['a JSON report of this tool', fixture('valid/payments-refund-retry.report.json'), 'json-report'],
    ['a --json envelope', { schema: '1', ok: true, command: 'compile', data: {}, warnings: [], error: null }, 'envelope'],
    [
      'a SARIF log of this tool',
      {
        $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
        version: '2.1.0',
        runs: [{ tool: { driver: { name: 'compile-investigation' } } }],
      },
      'sarif-log',
    ],
    ['a SARIF log of another tool', { version: '2.1.0', runs: [{ tool: { driver: { name: 'eslint' } } }] }, 'unknown'],
    ['a JSON report of another tool', { reportVersion: 1, tool: { name: 'other' } }, 'unknown'],
    ['one lone word of a brief', { sequence: 3, name: 'x' }, 'unknown'],
    ['a package manifest', { name: 'x', version: '1.0.0', scripts: {} }, 'unknown'],
    ['a list', [1, 2], null],
    ['a scalar', 'goal', null],
    ['null', null, null],
  ])('%s', (_name, data, kind) => {
    expect(documentKind(data)).toBe(kind);
  });

  it('names in the envelope schema every kind a walk leaves out and every kind stats counts, in their order', () => {
    const defs = envelopeSchema.$defs as Record<string, any>;
    expect(defs['leftOutFiles'].items.properties.kind.enum).toEqual(otherKinds.map((kind) => kind.id));
    expect(defs['stats'].properties.kinds.items.properties.kind.enum).toEqual(countKinds([], []).map((count) => count.kind));
    expect(countKinds([], []).map((count) => count.kind)).toEqual(expect.arrayContaining(documentKinds()));
  });
});

/** The top-level keys documents are made of: a spec's, the briefs', a katas report's `schema`, and words of no format. */
const SPEC_KEYS = ['goal', 'budget', 'surfaceMap', 'deepDives', 'evidence', 'stopCondition', 'replanLog', 'deliverable'];
const BRIEF_KEYS = ['hypothesisId', 'sequence', 'parent', 'brief', 'formatVersion', 'findings', 'uncertainties', 'nextQuestion', 'changes'];
const OTHER_KEYS = ['name', 'notes', 'owner', 'x-task', 'version', 'items'];
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer(),
  fc.constant(null),
  fc.dictionary(fc.constantFrom('goal', 'a', 'hypothesisId', 'b'), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
  fc.array(fc.record({ goal: fc.string({ maxLength: 8 }) }), { maxLength: 2 }),
);
const documents = fc.record({
  entries: fc.uniqueArray(fc.tuple(fc.constantFrom(...SPEC_KEYS, ...BRIEF_KEYS, ...OTHER_KEYS, 'schema'), value), {
    selector: ([key]) => key,
    maxLength: 6,
  }),
  katas: fc.boolean(),
  // A long first value pushes the later keys past the head the recogniser reads first.
  padding: fc.constantFrom(0, 5000, 20_000),
  yaml: fc.boolean(),
});

describe('kindOfFile', () => {
  it('gives the kind of a full parse, whether the head shows a key or the file has to be read whole', () => {
    const dir = tempDir();
    fc.assert(
      fc.property(documents, ({ entries, katas, padding, yaml }) => {
        const data: Record<string, unknown> = {};
        if (padding > 0) data['padding'] = 'p'.repeat(padding);
        for (const [key, entry] of entries) data[key] = key === 'schema' && katas ? KATAS_REPORT_SCHEMA : entry;
        const path = join(dir, yaml ? 'doc.yaml' : 'doc.json');
        writeFileSync(path, yaml ? stringify(data) : JSON.stringify(data, null, 2));
        expect(kindOfFile(path, { maxBytes: DEFAULT_MAX_BYTES, shown: 'doc' })).toBe(documentKind(data));
      }),
      { numRuns: 300, seed: DEFAULT_SEED },
    );
  });

  it("knows the tool's own outputs from their first bytes, even past --max-bytes, and reads nothing it cannot", () => {
    const dir = tempDir();
    const report = join(dir, 'report.json');
    writeFileSync(report, readFileSync('fixtures/valid/payments-refund-retry.report.json'));
    expect(kindOfFile(report, { maxBytes: 10, shown: 'report.json' })).toBe('json-report');
    const brief = join(dir, 'H1-0001.json');
    writeFileSync(brief, readFileSync('fixtures/briefs/chain-valid/H1-0001.json'));
    expect(kindOfFile(brief, { maxBytes: DEFAULT_MAX_BYTES, shown: 'H1-0001.json' })).toBe('brief-artifact');
    // Past its head and past --max-bytes, with no key in its head: left to its judge, which says it is too large.
    const large = join(dir, 'large.json');
    writeFileSync(large, JSON.stringify({ padding: 'p'.repeat(6000), hypothesisId: 'H1', sequence: 1 }));
    expect(kindOfFile(large, { maxBytes: DEFAULT_MAX_BYTES, shown: 'large.json' })).toBe('brief-artifact');
    expect(kindOfFile(large, { maxBytes: 5000, shown: 'large.json' })).toBe(null);
    expect(kindOfFile(join(dir, 'missing.json'), { maxBytes: DEFAULT_MAX_BYTES, shown: 'missing.json' })).toBe(null);
    expect(kindOfFile(dir, { maxBytes: DEFAULT_MAX_BYTES, shown: '.' })).toBe(null);
  });
});

describe('headKeys', () => {
  it.each<[string, string, boolean, Record<string, string | undefined> | null]>([
    [
      'JSON keys at depth 1, with simple string values',
      '{"schema": "x", "a": {"goal": 1}, "b": [ {"c": 2} ]}',
      true,
      { schema: 'x', a: undefined, b: undefined },
    ],
    ['a JSON head cut inside a string', '{"a": 1, "goal": "long', false, { a: undefined, goal: undefined }],
    [
      'YAML block keys, comments and nesting passed over',
      '# c\n---\ngoal: find it\nbudget:\n  total: 3\n"x-task": t\n',
      true,
      { goal: 'find it', budget: undefined, 'x-task': 't' },
    ],
    ['a YAML head: its last, cut line is not read', 'goal: a\nbudg', false, { goal: 'a' }],
    ['a YAML list', '- a\n- b\n', true, null],
    ['a YAML scalar document', '--- |\n  text\n', true, null],
    ['nothing', '  \n', true, null],
  ])('%s', (_name, head, complete, keys) => {
    expect(headKeys(head, complete)).toEqual(keys);
  });
});
