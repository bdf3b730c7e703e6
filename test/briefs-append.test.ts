import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { appendBrief } from '../src/briefs/append.js';
import { type FolderArtifact, planAppend } from '../src/briefs/append-plan.js';
import { artifactFileName, hypothesisIdProblem, parseArtifactName } from '../src/briefs/artifact-model.js';
import { checkBriefArtifacts } from '../src/briefs/artifacts.js';
import { type ChainFolder, openChainFolder } from '../src/briefs/chain-folder.js';
import { jsonText } from '../src/common/json-text.js';
import { registryOf } from '../src/rules/briefs/brief-checks.js';
import type { Brief } from '../src/spec/types.js';
import { projectRoot } from './support/cli.js';
import { DEFAULT_SEED } from './support/properties.js';
import { sha256 } from './support/sha256.js';
import { useTempDirs } from './support/temp.js';

/** The library: the pure plan, then the writer on real folders. The command line is in briefs-append-cli.test.ts. */

const tempDir = useTempDirs('briefs-append');
const MAX = 16 * 1024 * 1024;
const briefsDir = join(projectRoot, 'fixtures', 'briefs');
const registry = registryOf(JSON.parse(readFileSync(join(briefsDir, 'spec.json'), 'utf8')));
/** H2's next version in chain-valid: G1 modified, with its change entry. */
const nextBrief = parseYaml(readFileSync(join(briefsDir, 'next-brief.yaml'), 'utf8')) as Brief;
/** A brief that may follow any brief without findings, and start a chain: nothing in it to change. */
const emptyBrief: Brief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Where next?', changes: [] };
/** H1's last brief in chain-valid, again: unchanged, so with no change entries. */
const h1Again: Brief = {
  ...(JSON.parse(readFileSync(join(briefsDir, 'chain-valid', 'H1-0003.json'), 'utf8')).brief as Brief),
  changes: [],
};

/** The artifacts of a fixture folder, read as the writer reads them. */
function fixtureArtifacts(folder: string): FolderArtifact[] {
  return readdirSync(join(briefsDir, folder))
    .sort()
    .map((name) => ({ name, bytes: readFileSync(join(briefsDir, folder, name)) }));
}

/** A copy of a fixture folder of artifacts, to append to. */
function copyOf(folder: string): string {
  const dir = join(tempDir(), folder);
  cpSync(join(briefsDir, folder), dir, { recursive: true });
  return dir;
}

const plan = (artifacts: FolderArtifact[], hypothesisId: string, brief: unknown = emptyBrief) =>
  planAppend({ hypothesisId, brief, artifacts, registry, maxBytes: MAX });

/** Whether the chains of a folder pass briefs, with the evidence checked against the fixture spec. */
function passesBriefs(dir: string): boolean {
  const result = checkBriefArtifacts(dir, { cwd: dir, maxBytes: MAX, specPath: join(briefsDir, 'spec.json') });
  return result.files.every((file) => file.exitCode === 0);
}

describe('planAppend, without the file system', () => {
  it('starts a new chain at sequence 1 with no parent, the envelope fields in the schema order', () => {
    const planned = plan([], 'H7');
    expect(planned).toMatchObject({ outcome: 'ready', diagnostics: [] });
    if (planned.outcome === 'refused') return;
    expect(planned.artifact).toMatchObject({ name: 'H7-0001.json', hypothesisId: 'H7', sequence: 1, parent: null });
    expect(planned.artifact.text).toBe(jsonText({ hypothesisId: 'H7', sequence: 1, parent: null, brief: emptyBrief }));
    expect(Object.keys(JSON.parse(planned.artifact.text))).toEqual(['hypothesisId', 'sequence', 'parent', 'brief']);
    expect(planned.artifact.sha256).toBe(sha256(Buffer.from(planned.artifact.text)));
  });

  it("follows the chain's last artifact, naming it with the SHA-256 of its exact bytes", () => {
    const artifacts = fixtureArtifacts('chain-valid');
    const planned = plan(artifacts, 'H2', nextBrief);
    if (planned.outcome === 'refused') throw new Error(planned.message);
    const previous = readFileSync(join(briefsDir, 'chain-valid', 'H2-0002.json'));
    expect(planned.outcome).toBe('ready');
    expect(planned.artifact).toMatchObject({
      name: 'H2-0003.json',
      sequence: 3,
      parent: { file: 'H2-0002.json', sha256: sha256(previous) },
    });
    // Another hypothesis's chain in the same folder goes on from its own last artifact.
    expect(plan(artifacts, 'H1')).toMatchObject({ artifact: { name: 'H1-0004.json', parent: { file: 'H1-0003.json' } } });
  });

  it('gives the same bytes for the same inputs, whatever order the brief was written in', () => {
    const reordered = Object.fromEntries(Object.entries(nextBrief).reverse());
    const first = plan(fixtureArtifacts('chain-valid'), 'H2', nextBrief);
    const again = plan(fixtureArtifacts('chain-valid'), 'H2', nextBrief);
    expect(first).toEqual(again);
    // The brief keeps its own key order (it is the caller's data); the envelope's is fixed.
    const other = plan(fixtureArtifacts('chain-valid'), 'H2', reordered);
    if (first.outcome === 'refused' || other.outcome === 'refused') throw new Error('refused');
    expect(JSON.parse(other.artifact.text)).toEqual(JSON.parse(first.artifact.text));
    const envelopeOf = (text: string): string => text.slice(0, text.indexOf('"brief"'));
    expect(envelopeOf(other.artifact.text)).toBe(envelopeOf(first.artifact.text));
  });

  it.each([
    ['tampered-hash', 'H1', 'H1-0002.json: parent.sha256 does not match'],
    ['fork', 'H1', 'H1-0003.json: H1-0002.json already names H1-0001.json'],
    ['gap', 'H1', 'H1-0003.json: sequence 3 follows 1'],
  ])('refuses to build on a chain that does not pass briefs: %s', (folder, hypothesisId, why) => {
    const planned = plan(fixtureArtifacts(folder), hypothesisId);
    expect(planned).toMatchObject({ outcome: 'refused', code: 'CHAIN_BROKEN' });
    expect(planned.outcome === 'refused' && planned.message).toContain(why);
  });

  it('refuses a chain with an artifact that cannot be read, or whose brief cites unknown evidence', () => {
    const artifacts = fixtureArtifacts('chain-valid');
    const unreadable = artifacts.map((artifact) =>
      artifact.name === 'H1-0002.json' ? { name: artifact.name, problem: { subcode: 'UNREADABLE' as const, message: 'no' } } : artifact,
    );
    expect(plan(unreadable, 'H1')).toMatchObject({ outcome: 'refused', code: 'CHAIN_BROKEN' });
    // The other chain of the folder is not this one's business.
    expect(plan(unreadable, 'H2', nextBrief)).toMatchObject({ outcome: 'ready' });
    expect(plan(fixtureArtifacts('unknown-evidence'), 'H2')).toMatchObject({ outcome: 'refused', code: 'CHAIN_BROKEN' });
  });

  it('refuses a new artifact that an artifact of another chain would fork, by claiming the same parent first', () => {
    const artifacts = fixtureArtifacts('chain-valid');
    const h2Last = artifacts.find((artifact) => artifact.name === 'H2-0002.json') as { name: string; bytes: Uint8Array };
    // "H2-0001-0001.json" sorts before "H2-0003.json" and names H2-0002.json as its parent.
    const claim = {
      hypothesisId: 'H2-0001',
      sequence: 1,
      parent: { file: 'H2-0002.json', sha256: sha256(h2Last.bytes) },
      brief: emptyBrief,
    };
    const planned = plan([...artifacts, { name: 'H2-0001-0001.json', bytes: Buffer.from(jsonText(claim)) }], 'H2', nextBrief);
    expect(planned).toMatchObject({ outcome: 'refused', code: 'CHAIN_BROKEN' });
    expect(planned.outcome === 'refused' && planned.message).toContain('already names H2-0002.json as its parent');
  });

  it('judges the brief as briefs does: errors make it invalid, with pointers into the artifact; unknown fields only warn', () => {
    const invalid = plan(fixtureArtifacts('chain-valid'), 'H2', { ...nextBrief, changes: [] });
    expect(invalid).toMatchObject({ outcome: 'invalid' });
    expect(invalid.outcome !== 'refused' && invalid.diagnostics).toEqual([
      expect.objectContaining({ ruleId: 'brief-history', severity: 'error', path: '/brief/findings/0' }),
    ]);
    const schema = plan([], 'H9', { ...emptyBrief, findings: [{ id: 'F1', direction: 'maybe' }] });
    expect(schema.outcome !== 'refused' && schema.diagnostics.map((d) => [d.ruleId, d.path])).toEqual([
      ['schema', '/brief/findings/0'],
      ['schema', '/brief/findings/0'],
      ['schema', '/brief/findings/0'],
      ['schema', '/brief/findings/0/direction'],
    ]);
    const unknownEvidence = plan([], 'H9', { ...nextBrief, changes: [], findings: [{ ...nextBrief.findings[0], evidenceRefs: ['E999'] }] });
    expect(unknownEvidence.outcome !== 'refused' && unknownEvidence.diagnostics.map((d) => d.ruleId)).toEqual(['brief-ids']);
    const warned = plan([], 'H9', { ...emptyBrief, surprise: true });
    expect(warned).toMatchObject({
      outcome: 'ready',
      diagnostics: [{ ruleId: 'unknown-field', severity: 'warning', path: '/brief/surprise' }],
    });
    // Not an object at all: the brief's own problem, not the chain's.
    expect(plan([], 'H9', 'a brief')).toMatchObject({ outcome: 'invalid', diagnostics: [{ path: '/brief', severity: 'error' }] });
  });

  it('names the allowed values of a direction, kind or formatVersion, and the field a misspelt key was meant to be', () => {
    const finding = { id: 'F1', direction: 'supports', text: 'x', scope: 'y', evidence: ['E000001'], evidenceRefs: [] };
    const change = { findingId: 'F1', kind: 'edited', reason: 'r', evidenceRefs: [] };
    const found = plan([], 'H9', { ...emptyBrief, formatVersion: 2, findings: [finding], changes: [change] });
    const messages = found.outcome === 'refused' ? [] : found.diagnostics.map((d) => `${d.path}: ${d.message}`);
    expect(messages).toEqual([
      '/brief/formatVersion: /brief/formatVersion is the number 2; it must be 1.',
      '/brief/findings/0/direction: /brief/findings/0/direction is the string "supports"; it must be one of "support", "against" or "neutral". Did you mean "support"?',
      '/brief/findings/0/evidence: unknown field "evidence" in /brief/findings/0; it is ignored. Did you mean "evidenceRefs"? Prefix extension data with "x-".',
      '/brief/changes/0/kind: /brief/changes/0/kind is the string "edited"; it must be one of "modified" or "removed".',
    ]);
    // A value that is not a string gets the list, and nothing to suggest.
    const numeric = plan([], 'H9', { ...emptyBrief, findings: [{ ...finding, direction: 3, evidence: undefined }] });
    expect(numeric.outcome !== 'refused' && numeric.diagnostics.map((d) => d.message)).toContain(
      '/brief/findings/0/direction is the number 3; it must be one of "support", "against" or "neutral".',
    );
  });

  it('refuses an artifact larger than briefs reads', () => {
    const planned = planAppend({ hypothesisId: 'H1', brief: emptyBrief, artifacts: [], registry, maxBytes: 100 });
    expect(planned).toMatchObject({ outcome: 'refused', code: 'TOO_LARGE' });
  });

  it.each([
    ['empty', ''],
    ['a path up', '../x'],
    ['a path down', 'a/b'],
    ['a backslash', 'a\\b'],
    ['a NUL', 'H\u00001'],
    ['a line feed', 'H1\n'],
    ['an escape sequence', '\u001b[31mH1'],
    ['DEL', 'H\u007f'],
    ['a C1 control', 'H\u009b1'],
    ['a bidi override', 'H\u202e1'],
    ['a line separator', 'H\u20281'],
    ['a lone surrogate', 'H\ud800'],
    ['too long for a file name', 'H'.repeat(246)],
    ['too long in bytes of UTF-8', '偶'.repeat(82)],
  ])('refuses a hypothesis id that cannot name a file: %s', (_what, hypothesisId) => {
    expect(plan([], hypothesisId)).toMatchObject({ outcome: 'refused', code: 'INVALID_HYPOTHESIS' });
  });

  it('takes ids that name a file: dashes, digits, dots and any script, up to 255 bytes of file name', () => {
    for (const id of ['H1', 'H-1-0001', '.', '..', 'hypothèse', '偶数丸め', '😀', 'H'.repeat(245), '偶'.repeat(81)])
      expect(plan([], id), id).toMatchObject({ outcome: 'ready', artifact: { name: artifactFileName(id, 1) } });
  });

  it('every id it takes is read back from its file name as that id and sequence', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer({ min: 1, max: 123_456 }), (id, sequence) => {
        fc.pre(hypothesisIdProblem(id, sequence) === undefined);
        expect(parseArtifactName(artifactFileName(id, sequence))).toEqual({ hypothesisId: id, sequence });
      }),
      { numRuns: 500, seed: DEFAULT_SEED },
    );
  });
});

describe('appendBrief, on folders', () => {
  it('appends to a valid chain: the folder then passes briefs, and the parent hash is that of the bytes before', () => {
    const dir = copyOf('chain-valid');
    const previous = readFileSync(join(dir, 'H2-0002.json'));
    const result = appendBrief(dir, 'H2', nextBrief, { registry, maxBytes: MAX });
    expect(result).toMatchObject({ outcome: 'written', path: join(dir, 'H2-0003.json'), diagnostics: [] });
    if (result.outcome !== 'written') return;
    const written = readFileSync(result.path);
    expect(written.toString('utf8')).toBe(result.artifact.text);
    expect(sha256(written)).toBe(result.artifact.sha256);
    expect(JSON.parse(written.toString('utf8')).parent).toEqual({ file: 'H2-0002.json', sha256: sha256(previous) });
    expect(passesBriefs(dir)).toBe(true);
    // The same brief again would record a change to a finding that did not change since H2-0003.
    expect(appendBrief(dir, 'H2', nextBrief, { registry, maxBytes: MAX })).toMatchObject({ outcome: 'invalid' });
    expect(readdirSync(dir).sort()).toEqual([
      'H1-0001.json',
      'H1-0002.json',
      'H1-0003.json',
      'H2-0001.json',
      'H2-0002.json',
      'H2-0003.json',
    ]);
  });

  it('starts a chain in a folder it creates, when the folder it would be in exists', () => {
    const dir = join(tempDir(), 'briefs');
    expect(appendBrief(dir, 'H1', emptyBrief, { registry, maxBytes: MAX })).toMatchObject({
      outcome: 'written',
      artifact: { sequence: 1 },
    });
    expect(appendBrief(dir, 'H1', emptyBrief, { registry, maxBytes: MAX })).toMatchObject({
      outcome: 'written',
      artifact: { sequence: 2, parent: { file: 'H1-0001.json' } },
    });
    expect(readdirSync(dir)).toEqual(['H1-0001.json', 'H1-0002.json']);
    expect(passesBriefs(dir)).toBe(true);
  });

  it('writes the same bytes for the same inputs, run after run', () => {
    const [one, two] = [copyOf('chain-valid'), copyOf('chain-valid')] as [string, string];
    for (const dir of [one, two]) appendBrief(dir, 'H2', nextBrief, { registry, maxBytes: MAX });
    expect(readFileSync(join(one, 'H2-0003.json'))).toEqual(readFileSync(join(two, 'H2-0003.json')));
  });

  it('refuses a folder that is missing with the folder it would be in, or is a file, and creates nothing', () => {
    const root = tempDir();
    const deep = appendBrief(join(root, 'a', 'b'), 'H1', emptyBrief, { registry, maxBytes: MAX, shown: 'a/b' });
    expect(deep).toMatchObject({ outcome: 'refused', code: 'NOT_A_DIRECTORY' });
    expect(deep.outcome === 'refused' && deep.message).toMatch(/^a\/b does not exist/);
    writeFileSync(join(root, 'file'), 'x');
    expect(appendBrief(join(root, 'file'), 'H1', emptyBrief, { registry, maxBytes: MAX })).toMatchObject({ code: 'NOT_A_DIRECTORY' });
    expect(readdirSync(root)).toEqual(['file']);
  });

  it('never writes over a name that is taken by something briefs does not read as an artifact', () => {
    const dir = copyOf('chain-valid');
    mkdirSync(join(dir, 'H2-0003.json'));
    symlinkSync('/nowhere', join(dir, 'H1-0004.json'));
    for (const [id, brief] of [
      ['H1', h1Again],
      ['H2', nextBrief],
    ] as const) {
      const result = appendBrief(dir, id, brief, { registry, maxBytes: MAX, shown: 'briefs' });
      expect(result).toMatchObject({ outcome: 'refused', code: 'ARTIFACT_EXISTS' });
      expect(result.outcome === 'refused' && result.message).toMatch(
        /^H\d-000\d\.json exists in briefs but is not an artifact briefs reads/,
      );
    }
    expect(readdirSync(join(dir, 'H2-0003.json'))).toEqual([]);
    // Nor is a temporary left behind.
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
  });

  it('writes nothing for an invalid brief, not even the folder it would create', () => {
    const dir = join(tempDir(), 'briefs');
    const result = appendBrief(dir, 'H1', nextBrief, { registry, maxBytes: MAX });
    expect(result).toMatchObject({ outcome: 'invalid', path: join(dir, 'H1-0001.json') });
    expect(() => readdirSync(dir)).toThrow(/ENOENT/);
  });

  it('of two appends racing for the same sequence, exactly one is written; the other is refused with ARTIFACT_EXISTS', () => {
    const dir = copyOf('chain-valid');
    // Both open and read the folder before either writes, as two runs at once do.
    const opened = [openChainFolder(dir, 'briefs'), openChainFolder(dir, 'briefs')];
    const [one, two] = opened.map((folder): ChainFolder => {
      if ('outcome' in folder) throw new Error(folder.message);
      return folder;
    }) as [ChainFolder, ChainFolder];
    const [first, second] = [
      [one, nextBrief],
      [two, { ...nextBrief, nextQuestion: 'Is there a second rounding path?' }],
    ].map(([folder, brief]) => {
      const artifacts = (folder as ChainFolder).artifacts(MAX);
      if (!Array.isArray(artifacts)) throw new Error(artifacts.message);
      return planAppend({ hypothesisId: 'H2', brief, artifacts, registry, maxBytes: MAX });
    });
    if (first?.outcome !== 'ready' || second?.outcome !== 'ready') throw new Error('not ready');
    expect(second.artifact.name).toBe(first.artifact.name);
    expect(one.create(first.artifact)).toBeUndefined();
    const lost = two.create(second.artifact);
    for (const folder of [one, two]) folder.close();
    expect(lost).toMatchObject({ outcome: 'refused', code: 'ARTIFACT_EXISTS' });
    expect(lost?.message).toContain('created in briefs by another run');
    // The winner's bytes stay, and no temporary is left behind.
    expect(readFileSync(join(dir, 'H2-0003.json'), 'utf8')).toBe(first.artifact.text);
    expect(readdirSync(dir).filter((name) => name.startsWith('.'))).toEqual([]);
    expect(passesBriefs(dir)).toBe(true);
  });
});
