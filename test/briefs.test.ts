import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type BriefArtifactResult, checkBriefArtifacts } from '../src/briefs/artifacts.js';
import { createCompiler } from '../src/compile.js';
import { BRIEF_LIMITS, checkBriefHistory, checkBriefLimits, codePointLength } from '../src/rules/briefs/brief-checks.js';
import { withBriefs } from '../src/rules/briefs/examples.js';
import { briefRules } from '../src/rules/briefs/index.js';
import { rules } from '../src/rules/catalog.js';
import type { ExampleSpec } from '../src/rules/rule.js';
import type { Brief } from '../src/spec/types.js';
import { projectRoot } from './support/cli.js';
import { validSpec } from './support/specs.js';
import { useTempDirs } from './support/temp.js';

type Spec = Record<string, any>;
type Expected = Array<[ruleId: string, path: string]>;

const gate = createCompiler();
const tempDir = useTempDirs('briefs');

/** The base spec with an evidence registry (E000001, E000002) and two briefs of H2 (/hypotheses/1). */
function briefSpec(mutate: (spec: Spec, h2: Spec) => void = () => {}): Spec {
  const spec = validSpec();
  withBriefs(spec as ExampleSpec);
  mutate(spec, spec.hypotheses[1]);
  return spec;
}

function diagnose(spec: Spec): Expected {
  return gate.compile(spec).diagnostics.map((diagnostic) => [diagnostic.ruleId, diagnostic.path]);
}

const H2 = '/hypotheses/1';
const neutral = (id: string, extra: Partial<Spec> = {}): Spec => ({
  id,
  direction: 'neutral',
  text: `Finding ${id}.`,
  scope: 'billing',
  evidenceRefs: [],
  ...extra,
});

describe('the brief rules', () => {
  it('are registered in order, with the briefs criterion', () => {
    expect(briefRules.map((rule) => rule.meta.id)).toEqual(['brief-limits', 'brief-ids', 'brief-history', 'brief-causal']);
    expect(briefRules.every((rule) => rule.meta.criterion === 'briefs')).toBe(true);
    expect(rules.map((rule) => rule.meta.id)).toEqual(
      expect.arrayContaining(['brief-limits', 'brief-ids', 'brief-history', 'brief-causal']),
    );
    expect(rules.map((rule) => rule.meta.id)).not.toContain('brief-chain');
  });

  it('pass a spec with an evidence registry, two brief versions and a causal review', () => {
    expect(diagnose(briefSpec())).toEqual([]);
  });

  it('stay quiet on a spec without briefs', () => {
    expect(diagnose(validSpec())).toEqual([]);
  });
});

const cases: Array<{ rule: string; title: string; mutate: (spec: Spec, h2: Spec) => void; expected: Expected }> = [
  // brief-limits
  {
    rule: 'brief-limits',
    title: '17 findings',
    mutate: (_s, h) => h.briefs[1].findings.push(...Array.from({ length: 15 }, (_, i) => neutral(`N${i}`))),
    expected: [['brief-limits', `${H2}/briefs/1/findings`]],
  },
  {
    rule: 'brief-limits',
    title: '16 findings are fine',
    mutate: (_s, h) => h.briefs[1].findings.push(...Array.from({ length: 14 }, (_, i) => neutral(`N${i}`))),
    expected: [],
  },
  {
    rule: 'brief-limits',
    title: 'a finding text of 301 emoji',
    mutate: (_s, h) => (h.briefs[1].findings[1].text = '😀'.repeat(301)),
    expected: [['brief-limits', `${H2}/briefs/1/findings/1/text`]],
  },
  {
    rule: 'brief-limits',
    title: 'a finding text of 300 emoji (600 UTF-16 units) is fine',
    mutate: (_s, h) => (h.briefs[1].findings[1].text = '😀'.repeat(300)),
    expected: [],
  },
  {
    rule: 'brief-limits',
    title: 'a CJK scope of 201 characters',
    mutate: (_s, h) => (h.briefs[1].findings[1].scope = '範'.repeat(201)),
    expected: [['brief-limits', `${H2}/briefs/1/findings/1/scope`]],
  },
  {
    rule: 'brief-limits',
    title: 'a CJK scope of 200 characters is fine',
    mutate: (_s, h) => (h.briefs[1].findings[1].scope = '範'.repeat(200)),
    expected: [],
  },
  {
    rule: 'brief-limits',
    title: 'a finding citing 9 pieces of evidence',
    mutate: (s, h) => {
      const ids = Array.from({ length: 9 }, (_, i) => `E00001${i}`);
      s.evidence.push(...ids.map((id) => ({ id })));
      h.briefs[1].findings.push(neutral('N1', { evidenceRefs: ids }));
    },
    expected: [['brief-limits', `${H2}/briefs/1/findings/2/evidenceRefs`]],
  },
  {
    rule: 'brief-limits',
    title: '7 uncertainties',
    mutate: (_s, h) => (h.briefs[1].uncertainties = Array.from({ length: 7 }, (_, i) => `Open point ${i}?`)),
    expected: [['brief-limits', `${H2}/briefs/1/uncertainties`]],
  },
  {
    rule: 'brief-limits',
    title: 'an uncertainty of 241 characters',
    mutate: (_s, h) => (h.briefs[0].uncertainties[0] = '🧾'.repeat(241)),
    expected: [['brief-limits', `${H2}/briefs/0/uncertainties/0`]],
  },
  {
    rule: 'brief-limits',
    title: 'a nextQuestion of 301 characters',
    mutate: (_s, h) => (h.briefs[0].nextQuestion = 'é'.repeat(301)),
    expected: [['brief-limits', `${H2}/briefs/0/nextQuestion`]],
  },
  {
    rule: 'brief-limits',
    title: 'a note of 401 characters',
    mutate: (_s, h) => (h.briefs[1].note = '注'.repeat(401)),
    expected: [['brief-limits', `${H2}/briefs/1/note`]],
  },
  {
    rule: 'brief-limits',
    title: 'a note of 400 characters is fine',
    mutate: (_s, h) => (h.briefs[1].note = '注'.repeat(400)),
    expected: [],
  },
  // brief-ids
  {
    rule: 'brief-ids',
    title: 'a duplicate finding id',
    mutate: (_s, h) => h.briefs[1].findings.push(neutral('F1')),
    expected: [['brief-ids', `${H2}/briefs/1/findings/2/id`]],
  },
  { rule: 'brief-ids', title: 'the same finding id in two briefs is fine', mutate: () => {}, expected: [] },
  {
    rule: 'brief-ids',
    title: 'an unknown ref in a finding',
    mutate: (_s, h) => (h.briefs[0].findings[0].evidenceRefs = ['E000009']),
    expected: [['brief-ids', `${H2}/briefs/0/findings/0/evidenceRefs/0`]],
  },
  {
    rule: 'brief-ids',
    title: 'an unknown ref in a change (also no registered evidence for brief-history)',
    mutate: (_s, h) => (h.briefs[1].changes[0].evidenceRefs = ['E000042']),
    expected: [
      ['brief-history', `${H2}/briefs/1/changes/0/evidenceRefs`],
      ['brief-ids', `${H2}/briefs/1/changes/0/evidenceRefs/0`],
    ],
  },
  {
    rule: 'brief-ids',
    title: 'an unknown ref in causalReview (also not cited by the latest brief)',
    mutate: (_s, h) => (h.causalReview.against = ['E000007']),
    expected: [
      ['brief-causal', `${H2}/causalReview/against/0`],
      ['brief-ids', `${H2}/causalReview/against/0`],
    ],
  },
  {
    rule: 'brief-ids',
    title: 'causalReview refs are checked without briefs too',
    mutate: (_s, h) => (delete h.briefs, (h.causalReview.support = ['E000001', 'E000003'])),
    expected: [['brief-ids', `${H2}/causalReview/support/1`]],
  },
  {
    rule: 'brief-ids',
    title: 'without a registry every cited ref is unknown',
    mutate: (s) => delete s.evidence,
    expected: [
      ['brief-ids', `${H2}/briefs/0/findings/0/evidenceRefs/0`],
      ['brief-ids', `${H2}/briefs/1/findings/0/evidenceRefs/0`],
      ['brief-ids', `${H2}/briefs/1/findings/0/evidenceRefs/1`],
      ['brief-ids', `${H2}/briefs/1/findings/1/evidenceRefs/0`],
      ['brief-history', `${H2}/briefs/1/changes/0/evidenceRefs`],
      ['brief-ids', `${H2}/briefs/1/changes/0/evidenceRefs/0`],
      ['brief-ids', `${H2}/causalReview/support/0`],
      ['brief-ids', `${H2}/causalReview/support/1`],
    ],
  },
  {
    rule: 'brief-ids',
    title: 'a registry the schema rejects is not used to call refs unknown',
    mutate: (s) => (s.evidence = 'E000001'),
    expected: [['schema', '/evidence']],
  },
  // brief-history
  {
    rule: 'brief-history',
    title: 'an unchanged finding under a new id',
    mutate: (_s, h) => {
      h.briefs[1] = structuredClone(h.briefs[0]);
      h.briefs[1].findings[0].id = 'F9';
      h.causalReview.support = ['E000001'];
    },
    expected: [['brief-history', `${H2}/briefs/1/findings/0/id`]],
  },
  {
    rule: 'brief-history',
    title: 'a modified finding without a change entry',
    mutate: (_s, h) => (h.briefs[1].changes = []),
    expected: [['brief-history', `${H2}/briefs/1/findings/0`]],
  },
  {
    rule: 'brief-history',
    title: 'a removed finding recorded as modified',
    mutate: (_s, h) =>
      h.briefs.push({
        ...structuredClone(h.briefs[1]),
        findings: [structuredClone(h.briefs[1].findings[0])],
        changes: [{ findingId: 'F2', kind: 'modified', reason: 'Merged into F1.', evidenceRefs: ['E000002'] }],
      }),
    expected: [['brief-history', `${H2}/briefs/2/changes/0/kind`]],
  },
  {
    rule: 'brief-history',
    title: 'a removed finding without a change entry',
    mutate: (_s, h) =>
      h.briefs.push({ ...structuredClone(h.briefs[1]), findings: [structuredClone(h.briefs[1].findings[0])], changes: [] }),
    expected: [['brief-history', `${H2}/briefs/2/changes`]],
  },
  {
    rule: 'brief-history',
    title: 'a removed finding with a removed entry is fine',
    mutate: (_s, h) =>
      h.briefs.push({
        ...structuredClone(h.briefs[1]),
        findings: [structuredClone(h.briefs[1].findings[0])],
        changes: [{ findingId: 'F2', kind: 'removed', reason: 'Merged into F1.', evidenceRefs: ['E000002'] }],
      }),
    expected: [],
  },
  {
    rule: 'brief-history',
    title: 'a modified finding recorded as removed',
    mutate: (_s, h) => (h.briefs[1].changes[0].kind = 'removed'),
    expected: [['brief-history', `${H2}/briefs/1/changes/0/kind`]],
  },
  {
    rule: 'brief-history',
    title: 'a change entry for an unchanged finding',
    mutate: (_s, h) =>
      h.briefs.push({
        ...structuredClone(h.briefs[1]),
        changes: [{ findingId: 'F2', kind: 'modified', reason: 'Reworded.', evidenceRefs: ['E000002'] }],
      }),
    expected: [['brief-history', `${H2}/briefs/2/changes/0/kind`]],
  },
  {
    rule: 'brief-history',
    title: 'duplicate change entries',
    mutate: (_s, h) => h.briefs[1].changes.push(structuredClone(h.briefs[1].changes[0])),
    expected: [['brief-history', `${H2}/briefs/1/changes/1/findingId`]],
  },
  {
    rule: 'brief-history',
    title: 'a change naming a finding the previous brief did not have',
    mutate: (_s, h) => h.briefs[1].changes.push({ findingId: 'F2', kind: 'modified', reason: 'New.', evidenceRefs: ['E000002'] }),
    expected: [['brief-history', `${H2}/briefs/1/changes/1/findingId`]],
  },
  {
    rule: 'brief-history',
    title: 'a change in the first brief',
    mutate: (_s, h) => (h.briefs[0].changes = [{ findingId: 'F1', kind: 'modified', reason: 'x', evidenceRefs: ['E000001'] }]),
    expected: [['brief-history', `${H2}/briefs/0/changes/0/findingId`]],
  },
  {
    rule: 'brief-history',
    title: 'a change without evidence',
    mutate: (_s, h) => (h.briefs[1].changes[0].evidenceRefs = []),
    expected: [['brief-history', `${H2}/briefs/1/changes/0/evidenceRefs`]],
  },
  {
    rule: 'brief-history',
    title: 'a change with a blank reason',
    mutate: (_s, h) => (h.briefs[1].changes[0].reason = ' \t'),
    expected: [['brief-history', `${H2}/briefs/1/changes/0/reason`]],
  },
  // brief-causal
  {
    rule: 'brief-causal',
    title: 'support lacks an id its findings cite',
    mutate: (_s, h) => (h.causalReview.support = ['E000001']),
    expected: [['brief-causal', `${H2}/causalReview/support`]],
  },
  {
    rule: 'brief-causal',
    title: 'against lists an id no against finding cites',
    mutate: (_s, h) => (h.causalReview.against = ['E000001']),
    expected: [['brief-causal', `${H2}/causalReview/against/0`]],
  },
  {
    rule: 'brief-causal',
    title: 'order and repetition do not matter (set equality)',
    mutate: (_s, h) => (h.causalReview.support = ['E000002', 'E000001', 'E000002']),
    expected: [],
  },
  {
    rule: 'brief-causal',
    title: 'against findings feed causalReview.against',
    mutate: (_s, h) => {
      h.briefs[1].findings.push({
        id: 'F3',
        direction: 'against',
        text: 'A legacy path might round too.',
        scope: 'billing/legacy',
        evidenceRefs: ['E000001'],
      });
      h.causalReview.against = ['E000001'];
    },
    expected: [],
  },
  {
    rule: 'brief-causal',
    title: 'only the latest brief counts',
    mutate: (_s, h) => (h.causalReview.support = ['E000001']),
    expected: [['brief-causal', `${H2}/causalReview/support`]],
  },
  { rule: 'brief-causal', title: 'no causalReview: nothing to compare', mutate: (_s, h) => delete h.causalReview, expected: [] },
  { rule: 'brief-causal', title: 'no briefs: nothing to compare', mutate: (_s, h) => (h.briefs = []), expected: [] },
  // odd data
  {
    rule: 'schema',
    title: 'a brief the schema rejects is left to the schema rule',
    mutate: (_s, h) => (h.briefs[1].findings[0].text = 42),
    expected: [['schema', `${H2}/briefs/1/findings/0/text`]],
  },
];

describe.each(cases)('$rule: $title', ({ mutate, expected }) => {
  it('reports exactly the expected diagnostics', () => {
    expect(diagnose(briefSpec(mutate))).toEqual(expected);
  });
});

describe('brief checks as functions', () => {
  it('count Unicode code points, not UTF-16 units', () => {
    expect(codePointLength('😀')).toBe(1);
    expect('😀'.length).toBe(2);
    expect(codePointLength('偶数丸め')).toBe(4);
    expect(codePointLength('e\u0301')).toBe(2);
    const brief: Brief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: '👩‍💻'.repeat(100), changes: [] };
    // Each woman-technologist emoji is 3 code points (woman, zero-width joiner, laptop): 300 in all.
    expect(checkBriefLimits(brief, '/brief')).toEqual([]);
    brief.nextQuestion += 'x';
    expect(checkBriefLimits(brief, '/brief').map((problem) => problem.path)).toEqual(['/brief/nextQuestion']);
    expect(BRIEF_LIMITS.nextQuestion).toBe(300);
  });

  it('skip the registry check of change evidence when there is no registry to check against', () => {
    const previous: Brief = {
      formatVersion: 1,
      findings: [{ id: 'A', direction: 'support', text: 'a', scope: 's', evidenceRefs: [] }],
      uncertainties: [],
      nextQuestion: 'q',
      changes: [],
    };
    const current: Brief = {
      ...previous,
      findings: [],
      changes: [{ findingId: 'A', kind: 'removed', reason: 'gone', evidenceRefs: ['E999999'] }],
    };
    expect(checkBriefHistory(previous, current, '/brief', { previousLabel: 'p', registry: undefined })).toEqual([]);
    const known = checkBriefHistory(previous, current, '/brief', {
      previousLabel: 'p',
      registry: { ids: new Set(['E000001']), absent: false },
    });
    expect(known.map((problem) => [problem.ruleId, problem.path])).toEqual([['brief-history', '/brief/changes/0/evidenceRefs']]);
  });

  it('never throw on a spec whose briefs hold odd values', () => {
    const odd = briefSpec((s, h) => {
      h.briefs.push(null, 7, { findings: 'many' });
      h.causalReview = { support: 'E000001' };
      s.evidence.push({ id: 5 }, 'E000003');
    });
    expect(() => gate.compile(odd)).not.toThrow();
    expect(diagnose(odd).every(([ruleId]) => ruleId === 'schema' || ruleId === 'unknown-field')).toBe(true);
  });
});

const briefsDir = join(projectRoot, 'fixtures', 'briefs');
const specPath = 'fixtures/briefs/spec.json';
const MAX = 16 * 1024 * 1024;

function summary(result: BriefArtifactResult): Array<[path: string, exitCode: number, diagnostics: Expected]> {
  return result.files.map((file) => [file.path, file.exitCode, file.diagnostics.map((d): [string, string] => [d.ruleId, d.path])]);
}

describe('brief artifacts in the fixture folders', () => {
  it('a valid chain passes, file by file, with the evidence checked against the spec', () => {
    const result = checkBriefArtifacts('fixtures/briefs/chain-valid', { cwd: projectRoot, maxBytes: MAX, specPath });
    expect(summary(result)).toEqual([
      ['fixtures/briefs/chain-valid/H1-0001.json', 0, []],
      ['fixtures/briefs/chain-valid/H1-0002.json', 0, []],
      ['fixtures/briefs/chain-valid/H1-0003.json', 0, []],
      ['fixtures/briefs/chain-valid/H2-0001.json', 0, []],
      ['fixtures/briefs/chain-valid/H2-0002.json', 0, []],
    ]);
    expect(result.registryChecked).toBe(true);
    expect(result.notes).toEqual([]);
    expect(result.files.every((file) => file.verdict === 'pass' && file.error === null && typeof file.source === 'string')).toBe(true);
  });

  it('a tampered parent is caught by its hash, at the right line and column', () => {
    const result = checkBriefArtifacts(join(briefsDir, 'tampered-hash'), { cwd: projectRoot, maxBytes: MAX, specPath });
    expect(summary(result)).toEqual([
      ['fixtures/briefs/tampered-hash/H1-0001.json', 0, []],
      ['fixtures/briefs/tampered-hash/H1-0002.json', 1, [['brief-chain', '/parent/sha256']]],
    ]);
    const file = result.files[1];
    const text = readFileSync(join(briefsDir, 'tampered-hash', 'H1-0002.json'), 'utf8');
    const line = text.split('\n').findIndex((row) => row.includes('"sha256"')) + 1;
    expect(file?.diagnostics[0]).toMatchObject({ severity: 'error', line, column: 5 });
    expect(file?.diagnostics[0]?.message).toContain(
      createHash('sha256')
        .update(readFileSync(join(briefsDir, 'tampered-hash', 'H1-0001.json')))
        .digest('hex'),
    );
  });

  it('a fork is reported on the later artifact', () => {
    const result = checkBriefArtifacts('fixtures/briefs/fork', { cwd: projectRoot, maxBytes: MAX, specPath });
    expect(summary(result)).toEqual([
      ['fixtures/briefs/fork/H1-0001.json', 0, []],
      ['fixtures/briefs/fork/H1-0002.json', 0, []],
      ['fixtures/briefs/fork/H1-0003.json', 1, [['brief-chain', '/parent']]],
    ]);
    expect(result.files[2]?.diagnostics[0]?.message).toContain('H1-0002.json already names H1-0001.json');
  });

  it('a gap in the sequences is reported where the chain resumes', () => {
    const result = checkBriefArtifacts('fixtures/briefs/gap', { cwd: projectRoot, maxBytes: MAX, specPath });
    expect(summary(result)).toEqual([
      ['fixtures/briefs/gap/H1-0001.json', 0, []],
      ['fixtures/briefs/gap/H1-0003.json', 1, [['brief-chain', '/sequence']]],
    ]);
    expect(result.files[1]?.diagnostics[0]?.message).toContain('H1-0002.json is missing');
  });

  it('without a spec, evidence ids are not checked and the notes say so', () => {
    const result = checkBriefArtifacts('fixtures/briefs/unknown-evidence', { cwd: projectRoot, maxBytes: MAX });
    expect(summary(result).map(([, exitCode]) => exitCode)).toEqual([0, 0]);
    expect(result.registryChecked).toBe(false);
    expect(result.notes).toEqual(['evidence ids not checked: no --spec given']);
  });

  it('with a spec, unknown evidence refs are reported', () => {
    const result = checkBriefArtifacts('fixtures/briefs/unknown-evidence', { cwd: projectRoot, maxBytes: MAX, specPath });
    expect(summary(result)).toEqual([
      ['fixtures/briefs/unknown-evidence/H2-0001.json', 0, []],
      ['fixtures/briefs/unknown-evidence/H2-0002.json', 1, [['brief-ids', '/brief/findings/1/evidenceRefs/1']]],
    ]);
    expect(result.registryChecked).toBe(true);
  });

  it('the spec fixture passes the gate, and the artifact folders hold no spec the regression runner would pick up', () => {
    expect(gate.compile(readFileSync(join(projectRoot, specPath)), { path: specPath }).exitCode).toBe(0);
  });
});

describe('brief artifacts in temporary folders', () => {
  /** A copy of the valid chain, to break one thing in. */
  function chainCopy(): string {
    const dir = join(tempDir(), 'briefs');
    cpSync(join(briefsDir, 'chain-valid'), dir, { recursive: true });
    return dir;
  }
  const run = (dir: string, specPathOption?: string): BriefArtifactResult =>
    checkBriefArtifacts(dir, { cwd: dir, maxBytes: MAX, ...(specPathOption === undefined ? {} : { specPath: specPathOption }) });
  const rewrite = (dir: string, name: string, edit: (artifact: Spec) => void): void => {
    const artifact = JSON.parse(readFileSync(join(dir, name), 'utf8'));
    edit(artifact);
    writeFileSync(join(dir, name), `${JSON.stringify(artifact, null, 2)}\n`);
  };

  it('broken JSON is an input error of its own file, and the others are still checked', () => {
    const dir = chainCopy();
    writeFileSync(join(dir, 'H2-0001.json'), '{"hypothesisId": "H2", ');
    writeFileSync(join(dir, 'H3-0001.json'), '[1, 2]');
    writeFileSync(join(dir, 'notes.json'), 'not an artifact, ignored');
    mkdirSync(join(dir, 'H4-0001.json'));
    const result = run(dir);
    expect(
      result.files.map((file) => [
        file.path,
        file.exitCode,
        file.error?.code ?? null,
        file.error?.code === 'INPUT_ERROR' ? file.error.subcode : null,
      ]),
    ).toEqual([
      ['H1-0001.json', 0, null, null],
      ['H1-0002.json', 0, null, null],
      ['H1-0003.json', 0, null, null],
      ['H2-0001.json', 3, 'INPUT_ERROR', 'JSON_SYNTAX'],
      ['H2-0002.json', 1, null, null],
      ['H3-0001.json', 3, 'INPUT_ERROR', 'NOT_AN_OBJECT'],
    ]);
    // H2-0002's parent exists and its hash still matches nothing: the file was overwritten.
    expect(result.files[4]?.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['brief-chain', '/parent/sha256']]);
    expect(result.files[3]?.error).toMatchObject({ line: 1 });
  });

  it('the envelope must agree with the file name, and parents run null, then previous', () => {
    const dir = chainCopy();
    rewrite(dir, 'H2-0001.json', (a) => ((a.hypothesisId = 'H3'), (a.parent = { file: 'H1-0003.json', sha256: 'ab'.repeat(32) })));
    rewrite(dir, 'H1-0003.json', (a) => ((a.sequence = 4), (a.parent = null), (a['x-run'] = 7), (a.extra = true)));
    const result = run(dir);
    expect(summary(result)).toEqual([
      ['H1-0001.json', 0, []],
      ['H1-0002.json', 0, []],
      [
        'H1-0003.json',
        1,
        [
          ['brief-chain', '/sequence'],
          ['brief-chain', '/parent'],
          ['unknown-field', '/extra'],
        ],
      ],
      [
        'H2-0001.json',
        1,
        [
          ['brief-chain', '/hypothesisId'],
          ['brief-chain', '/parent'],
        ],
      ],
      // H2-0001 changed, so H2-0002's recorded hash no longer matches.
      ['H2-0002.json', 1, [['brief-chain', '/parent/sha256']]],
    ]);
  });

  it('a wrong parent file, a missing field and a brief the schema rejects', () => {
    const dir = chainCopy();
    rewrite(dir, 'H1-0003.json', (a) => (a.parent.file = 'H1-0009.json'));
    rewrite(dir, 'H2-0002.json', (a) => ((a.brief.findings[0].direction = 'maybe'), (a.brief.surprise = 1)));
    rewrite(dir, 'H2-0001.json', (a) => delete a.brief);
    const result = run(dir);
    expect(summary(result)).toEqual([
      ['H1-0001.json', 0, []],
      ['H1-0002.json', 0, []],
      ['H1-0003.json', 1, [['brief-chain', '/parent/file']]],
      ['H2-0001.json', 1, [['brief-chain', '']]],
      [
        'H2-0002.json',
        1,
        [
          ['brief-chain', '/parent/sha256'],
          ['schema', '/brief/findings/0/direction'],
          ['unknown-field', '/brief/surprise'],
        ],
      ],
    ]);
    expect(result.files[4]?.diagnostics[1]?.message).toContain('/brief/findings/0/direction');
  });

  it('brief content is checked with the spec rules: limits, ids and history', () => {
    const dir = chainCopy();
    rewrite(
      dir,
      'H1-0001.json',
      (a) => (
        (a.brief.nextQuestion = '質'.repeat(301)),
        a.brief.changes.push({ findingId: 'F1', kind: 'modified', reason: 'x', evidenceRefs: ['E000001'] })
      ),
    );
    const result = run(dir);
    expect(summary(result)[0]).toEqual([
      'H1-0001.json',
      1,
      [
        ['brief-limits', '/brief/nextQuestion'],
        ['brief-history', '/brief/changes/0/findingId'],
      ],
    ]);
    // H1-0002's recorded hash of H1-0001 no longer matches; its history against H1-0001 is still fine.
    expect(summary(result)[1]).toEqual(['H1-0002.json', 1, [['brief-chain', '/parent/sha256']]]);
  });

  it('history between consecutive artifacts is checked', () => {
    const dir = chainCopy();
    rewrite(dir, 'H1-0003.json', (a) => (a.brief.changes = []));
    const result = run(dir);
    expect(summary(result)[2]).toEqual(['H1-0003.json', 1, [['brief-history', '/brief/changes']]]);
  });

  it('a spec that cannot be read is an input error of its own, and the notes say why nothing was checked', () => {
    const dir = chainCopy();
    writeFileSync(join(dir, 'spec.json'), '{ not json');
    const result = run(dir, 'spec.json');
    expect(result.files[0]).toMatchObject({ path: 'spec.json', exitCode: 3, error: { code: 'INPUT_ERROR', subcode: 'JSON_SYNTAX' } });
    expect(result.files.slice(1).map((file) => file.exitCode)).toEqual([0, 0, 0, 0, 0]);
    expect(result.registryChecked).toBe(false);
    expect(result.notes).toEqual(['evidence ids not checked: spec.json could not be read']);
    const missing = run(dir, 'nowhere.yaml');
    expect(missing.files[0]).toMatchObject({ path: 'nowhere.yaml', exitCode: 3, error: { subcode: 'NOT_FOUND' } });
  });

  it('a spec without a registry makes every cited ref unknown', () => {
    const dir = chainCopy();
    writeFileSync(join(dir, 'spec.json'), JSON.stringify(validSpec()));
    const result = run(dir, 'spec.json');
    expect(result.registryChecked).toBe(true);
    expect(result.files.every((file) => file.exitCode === 1)).toBe(true);
    expect(result.files[0]?.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([['brief-ids', '/brief/findings/0/evidenceRefs/0']]);
  });

  it('a missing folder is an input error, and an empty one is noted', () => {
    const root = tempDir();
    const missing = checkBriefArtifacts('absent', { cwd: root, maxBytes: MAX });
    expect(missing.files).toMatchObject([{ path: 'absent', exitCode: 3, error: { code: 'INPUT_ERROR', subcode: 'NOT_FOUND' } }]);
    const empty = checkBriefArtifacts('.', { cwd: root, maxBytes: MAX });
    expect(empty.files).toEqual([]);
    expect(empty.notes).toContain('no brief artifacts (<hypothesisId>-NNNN.json) in .');
  });

  it('a file larger than maxBytes is an input error', () => {
    const dir = chainCopy();
    const result = checkBriefArtifacts(dir, { cwd: dir, maxBytes: 100 });
    expect(result.files.map((file) => (file.error?.code === 'INPUT_ERROR' ? file.error.subcode : null))).toEqual([
      'TOO_LARGE',
      'TOO_LARGE',
      'TOO_LARGE',
      'TOO_LARGE',
      'TOO_LARGE',
    ]);
  });
});
