// Working briefs and the tool's own outputs kept beside specs (issue 38): a folder walk takes each
// file for what its keys say it is, judges the spec and the katas report, and leaves the brief
// artifact, the brief request and a JSON report the tool wrote out with a note in every output
// (standard error, the envelope's leftOut, SARIF notifications); stats counts the kinds apart and
// never lists a brief without a verdict; a brief named on the command line is refused as what it is.
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { validSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('briefs-beside-specs');

/** specs/: a spec that passes, a katas report, a brief artifact, a brief request, and the spec's JSON report written by the tool. */
async function folderWithBriefs(): Promise<string> {
  const dir = tempDir();
  writeJson(dir, 'specs/spec.json', validSpec());
  copyFileSync('fixtures/katas/valid/mobile-checkout-flag.json', join(dir, 'specs/katas.json'));
  copyFileSync('fixtures/briefs/chain-valid/H1-0001.json', join(dir, 'specs/H1-0001.json'));
  copyFileSync('fixtures/briefs/next-brief.yaml', join(dir, 'specs/next-brief.yaml'));
  const written = await runInProcess(['specs/spec.json', '--format', 'json', '--output', 'specs/results.json'], { cwd: dir });
  expect(written.status, written.stderr).toBe(0);
  return dir;
}

const LEFT_OUT = [
  { path: 'specs/H1-0001.json', kind: 'brief-artifact' },
  { path: 'specs/next-brief.yaml', kind: 'brief-request' },
  { path: 'specs/results.json', kind: 'json-report' },
];

const NOTES = [
  'compile-investigation: note: left out 1 brief artifact in "specs": "H1-0001.json"; compile-investigation briefs "specs" checks it',
  'compile-investigation: note: left out 1 brief request in "specs": "next-brief.yaml"; compile-investigation briefs append --from reads it',
  'compile-investigation: note: left out 1 JSON report of this tool in "specs": "results.json"; judge the spec a report was made from (compile-investigation compare reads reports)',
];

describe('a folder walk over specs with briefs beside them', () => {
  it('judges the spec and the katas report, passes, and says of each other file what it is, on standard error and in the envelope', async () => {
    const dir = await folderWithBriefs();
    const run = await runInProcess(['specs', '--json'], { cwd: dir });
    expect(run.status, run.stderr).toBe(0);
    const envelope = envelopeOf(run.stdout);
    expect(envelope.data.files.map((file: { path: string; dialect: string }) => [file.path, file.dialect])).toEqual([
      ['specs/katas.json', 'katas-report-v1'],
      ['specs/spec.json', 'investigation-spec'],
    ]);
    expect(envelope.data.leftOut).toEqual(LEFT_OUT);
    expect(envelope.warnings).toEqual([]);
    expect(run.stderr.trimEnd().split('\n')).toEqual(NOTES);
    expect(run.stderr).not.toContain('VACIO_CRITICO');
  });

  it('says the same in the text listing run and as notifications of the SARIF log', async () => {
    const dir = await folderWithBriefs();
    const text = await runInProcess(['specs'], { cwd: dir });
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toContain('2 files passed');
    expect(text.stderr.trimEnd().split('\n')).toEqual(NOTES);
    const sarif = await runInProcess(['specs', '--format', 'sarif'], { cwd: dir });
    expect(sarif.status, sarif.stderr).toBe(0);
    const [invocation] = JSON.parse(sarif.stdout).runs[0].invocations;
    expect(invocation.executionSuccessful).toBe(true);
    expect(invocation.toolExecutionNotifications).toEqual(
      NOTES.map((note) => ({ level: 'note', message: { text: note.replace('compile-investigation: note: ', '') } })),
    );
  });

  it('refuses a brief or a report named on the command line as what it is, and judges a file of no kind as a spec, with a warning', async () => {
    const dir = await folderWithBriefs();
    for (const [name, message] of [
      ['specs/H1-0001.json', 'the file is a brief artifact (its keys say so), not a spec; compile-investigation briefs "specs" checks it'],
      [
        'specs/next-brief.yaml',
        'the file is a brief request (its keys say so), not a spec; compile-investigation briefs append --from reads it',
      ],
      ['specs/results.json', 'the file is a JSON report of this tool (its keys say so), not a spec; judge the spec a report was made from'],
    ] as const) {
      const run = await runInProcess([name, '--json'], { cwd: dir });
      expect(run.status, name).toBe(3);
      const envelope = envelopeOf(run.stdout);
      expect(envelope.data.files[0].error).toMatchObject({ code: 'INPUT_ERROR', subcode: 'NOT_A_SPEC' });
      expect(envelope.data.files[0].error.message).toContain(message);
    }
    writeJson(dir, 'other.json', { name: 'x', version: '1.0.0' });
    const unknown = await runInProcess(['other.json', '--json'], { cwd: dir });
    expect(unknown.status).toBe(4);
    expect(envelopeOf(unknown.stdout).warnings).toEqual([
      '"other.json" has none of the top-level keys of a spec, a katas report, a brief artifact or a brief request; judged as a spec because it was named',
    ]);
  });

  it('still judges a spec that lost its goal and an emptied spec: they stop for their goal', async () => {
    const dir = await folderWithBriefs();
    const { goal: _goal, ...withoutGoal } = validSpec();
    writeJson(dir, 'specs/lost.json', withoutGoal);
    writeFileSync(join(dir, 'specs/empty.yaml'), '{}\n');
    const run = await runInProcess(['specs', '--json'], { cwd: dir });
    expect(run.status).toBe(4);
    const files = envelopeOf(run.stdout).data.files as Array<{ path: string; exitCode: number }>;
    expect(files.filter((file) => file.exitCode === 4).map((file) => file.path)).toEqual(['specs/empty.yaml', 'specs/lost.json']);
  });

  it('refuses a folder of briefs alone, saying how many files it left out', async () => {
    const dir = tempDir();
    copyFileSync('fixtures/briefs/chain-valid/H1-0001.json', join(dir, 'H1-0001.json'));
    copyFileSync('fixtures/briefs/chain-valid/H1-0002.json', join(dir, 'H1-0002.json'));
    const run = await runInProcess(['.', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(envelopeOf(run.stdout).error).toMatchObject({
      subcode: 'NO_INPUT',
      message: 'no spec file found in the given folders (2 files left out as no spec or katas report (see the notes))',
    });
    expect(run.stderr).toContain(
      'left out 2 brief artifacts in ".": "H1-0001.json", "H1-0002.json"; compile-investigation briefs "." checks them',
    );
  });
});

describe('stats over specs with briefs beside them', () => {
  it('counts the kinds apart in JSON, Markdown and HTML, and lists no brief without a verdict', async () => {
    const dir = await folderWithBriefs();
    const json = await runInProcess(['stats', 'specs', '--format', 'json', '--json'], { cwd: dir });
    expect(json.status, json.stderr).toBe(0);
    const envelope = envelopeOf(json.stdout);
    const { stats } = envelope.data;
    expect(stats.files).toBe(2);
    expect(stats.verdicts).toEqual({ pass: 2, fail: 0 });
    expect(Object.fromEntries(stats.kinds.map((kind: { kind: string; files: number }) => [kind.kind, kind.files]))).toEqual({
      'investigation-spec': 1,
      'katas-report-v1': 1,
      unreadable: 0,
      'brief-artifact': 1,
      'brief-request': 1,
      'json-report': 1,
      envelope: 0,
      'sarif-log': 0,
      unknown: 0,
    });
    expect(envelope.data.leftOut).toEqual(LEFT_OUT);
    expect(json.stderr.trimEnd().split('\n')).toEqual(NOTES);

    const markdown = await runInProcess(['stats', 'specs'], { cwd: dir });
    expect(markdown.stdout).toContain(
      [
        '## Kinds of files',
        '',
        '| Kind | Files | Judged |',
        '| - | - | - |',
        '| investigation spec | 1 | yes |',
        '| katas report | 1 | yes |',
        '| brief artifact | 1 | left out |',
        '| brief request | 1 | left out |',
        '| JSON report of this tool | 1 | left out |',
      ].join('\n'),
    );

    const html = await runInProcess(['stats', 'specs', '--format', 'html', '--output', 'stats.html'], { cwd: dir });
    expect(html.status, html.stderr).toBe(0);
    const page = readFileSync(join(dir, 'stats.html'), 'utf8');
    expect(page).toContain('<td>brief artifact</td><td>1</td><td>left out</td>');
    expect(page).toContain('<td>specs/H1-0001.json</td><td>brief artifact</td>');
    expect(page).not.toContain('data-verdict="none"');
    expect(page.match(/data-verdict="pass"/g)).toHaveLength(4);
  });
});
