import { describe, expect, it } from 'vitest';
import briefArtifactSchema from '../assets/brief-artifact.schema.json' with { type: 'json' };
import investigationSchema from '../assets/investigation.schema.json' with { type: 'json' };
import { checkBriefArtifacts } from '../src/briefs/artifacts.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('brief-artifact-schema');

describe('the brief artifact JSON Schema', () => {
  it('describes every field of the envelope, for editors to show', () => {
    const missing: string[] = [];
    const visit = (schema: Record<string, unknown>, path: string): void => {
      for (const keyword of ['properties', 'patternProperties']) {
        for (const [key, child] of Object.entries((schema[keyword] ?? {}) as Record<string, Record<string, unknown>>)) {
          if (typeof child['description'] !== 'string') missing.push(`${path}/${keyword}/${key}`);
          visit(child, `${path}/${keyword}/${key}`);
        }
      }
    };
    visit(briefArtifactSchema, '#');
    expect(missing).toEqual([]);
  });

  it('takes the brief from the spec schema, so that a brief reads the same in both', () => {
    expect(briefArtifactSchema.properties.brief.$ref).toBe(`${investigationSchema.$id}#/$defs/brief`);
  });
});

describe('a brief inside an artifact', () => {
  it('names its unknown fields as written, even one that looks like a spec pointer', () => {
    const dir = tempDir();
    const brief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Why?', changes: [], '/hypotheses/0/briefs/0': 1 };
    writeJson(dir, 'H1-0001.json', { hypothesisId: 'H1', sequence: 1, parent: null, brief });
    const [file] = checkBriefArtifacts(dir, { cwd: dir, maxBytes: 1 << 20 }).files;
    expect(file?.diagnostics.map(({ ruleId, path, message }) => [ruleId, path, message])).toEqual([
      [
        'unknown-field',
        '/brief/~1hypotheses~10~1briefs~10',
        'unknown field "/hypotheses/0/briefs/0" in /brief; it is ignored. Prefix extension data with "x-".',
      ],
    ]);
  });

  it('suggests the envelope field an unknown one was probably meant to be', () => {
    const dir = tempDir();
    const brief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Why?', changes: [] };
    writeJson(dir, 'H1-0001.json', { hypothesisId: 'H1', sequence: 1, parent: null, brief, sequense: 1 });
    writeJson(dir, 'H2-0001.json', { hypothesisId: 'H2', sequence: 1, parent: null, brief, hypothesis: 'H2' });
    const messages = checkBriefArtifacts(dir, { cwd: dir, maxBytes: 1 << 20 }).files.flatMap((file) =>
      file.diagnostics.filter(({ ruleId }) => ruleId === 'unknown-field').map(({ message }) => message),
    );
    expect(messages).toEqual([
      'unknown field "sequense" in the artifact; it is ignored. Did you mean "sequence"? Prefix extension data with "x-".',
      'unknown field "hypothesis" in the artifact; it is ignored. Did you mean "hypothesisId"? Prefix extension data with "x-".',
    ]);
  });
});
