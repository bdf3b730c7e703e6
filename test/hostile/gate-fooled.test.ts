/**
 * Values chosen to slip past the gate: names of inherited object members where a rule looks a
 * value up in a table, anti-pattern tokens disguised by Unicode, and texts that hold nothing a
 * reader can see. The gate preset refuses every one; the reference preset keeps the reference
 * script's verdicts on text (it matches tokens and blanks as Python's `re` and `strip` do).
 */
import { describe, expect, it } from 'vitest';
import { createCompiler } from '../../src/index.js';
import { envelopeOf } from '../support/envelope.js';
import { runInProcess } from '../support/in-process.js';
import { validSpec } from '../support/specs.js';
import { useTempDirs, writeJson } from '../support/temp.js';

const tempDir = useTempDirs('gate-fooled');
const gate = createCompiler({ preset: 'gate' });
const reference = createCompiler({ preset: 'reference' });
const INHERITED = ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

function ruleIds(result: { diagnostics: Array<{ ruleId: string; severity: string }> }): string[] {
  return result.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').map((diagnostic) => diagnostic.ruleId);
}

describe('names of inherited members are ordinary, unknown values', () => {
  for (const unit of INHERITED) {
    it(`budget.unit ${JSON.stringify(unit)} with a total of 1e12 fails under both presets`, () => {
      for (const compiler of [gate, reference]) {
        const spec = validSpec();
        spec['budget'] = { total: 1e12, used: 3, unit };
        const result = compiler.compile(spec);
        expect(result.exitCode).toBe(1);
        expect(result.diagnostics).toContainEqual(expect.objectContaining({ ruleId: 'budget-limit', path: '/budget/unit' }));
      }
    });
  }

  it('an inherited name as a hypothesis status, effect, tool, trigger or stop reason is refused by the rule that owns the list', () => {
    for (const name of INHERITED) {
      const spec = validSpec();
      spec['hypotheses'][0].status = name;
      spec['deepDives'][0].effect = name;
      spec['deepDives'][1].tool = name;
      spec['surfaceMap'][0].tool = name;
      spec['replanLog'][0].trigger = name;
      spec['stopCondition'].reason = name;
      spec['deepDives'][2].provenance = name;
      const result = gate.compile(spec);
      expect(result.exitCode, name).toBe(1);
      expect(ruleIds(result)).toEqual(
        expect.arrayContaining(['hypotheses-ranked', 'dive-selective', 'map-cheap', 'replan-typed', 'stop-reason', 'finding-provenance']),
      );
      // No message may show a function's source or "[object Object]": the lookup found nothing.
      for (const diagnostic of result.diagnostics) expect(diagnostic.message).not.toMatch(/function|\[object|native code/);
    }
  });
});

describe('anti-pattern tokens in disguise', () => {
  const disguises: Array<[string, string]> = [
    ['a dotted capital I', 'We used READ_ALL_FİLES for the legacy folder.'],
    ['a zero-width space', 'We used read_\u200Ball_files for the legacy folder.'],
    ['a zero-width joiner and a soft hyphen', 'We used read_all\u200D_fi\u00ADles for the legacy folder.'],
    ['fullwidth letters', 'We used ｒｅａｄ＿ａｌｌ＿ｆｉｌｅｓ for the legacy folder.'],
    ['a combining accent', 'We used re\u0301ad_all_files for the legacy folder.'],
    ['a bidi control', 'We used read\u2066_all_files for the legacy folder.'],
    ['a ligature', 'We used read_all_ﬁles for the legacy folder.'],
    ['a control character', 'We used read_all\u0007_files for the legacy folder.'],
    ['a Cyrillic е and а', 'We used r\u0435\u0430d_all_files for the legacy folder.'],
    ['a Greek omicron and a Cyrillic capital', 'We did a full_rep\u03bf_read and a RIGID_UPFR\u041eNT_PLAN.'],
    ['hyphens U+2010 in read-all-files', 'We used read\u2010all\u2010files for the legacy folder.'],
    ['a non-breaking hyphen and a minus sign', 'We used read\u2011all\u2212files for the legacy folder.'],
  ];
  for (const [name, risk] of disguises) {
    it(`${name}: the gate finds it; the reference preset, like the reference script, does not`, () => {
      const spec = validSpec();
      spec['risks'].push(risk);
      expect(ruleIds(gate.compile(spec))).toContain('anti-patterns');
      expect(ruleIds(reference.compile(spec))).not.toContain('anti-patterns');
    });
  }

  it('text in other scripts is not taken for a token: only look-alikes of ASCII letters fold', () => {
    const spec = validSpec();
    spec['risks'].push('Мы не читали все файлы.', 'Διαβάσαμε μόνο δύο αρχεία.', 'A naïve café read — once — the files.');
    expect(ruleIds(gate.compile(spec))).not.toContain('anti-patterns');
  });

  it('words that merely contain a token, or sit next to one across a line break, are judged as before', () => {
    const spec = validSpec();
    spec['risks'].push('We avoided reread_all_files_v2 entirely.', 'First line\nsecond line mentions nothing blocked.');
    expect(ruleIds(gate.compile(spec))).not.toContain('anti-patterns');
    spec['risks'].push('One line\nread_all_files\nanother');
    expect(ruleIds(gate.compile(spec))).toContain('anti-patterns');
  });
});

describe('texts with nothing visible are blank under the gate', () => {
  const invisible = ['\u0000', '\u200B\u200C', '\u202E', ' \u00A0\u3000', '\u0301', '\u2800', '\uFEFF'];
  for (const text of invisible) {
    const shown = JSON.stringify(text);
    it(`a goal of ${shown} is {VACIO_CRITICO} under the gate`, () => {
      const spec = validSpec();
      spec['goal'] = text;
      expect(gate.compile(spec)).toMatchObject({ exitCode: 4, error: { code: 'CRITICAL_INPUT', subcode: 'MISSING_GOAL' } });
    });
    it(`a finding, a decision and evidence of ${shown} are blank under the gate`, () => {
      const spec = validSpec();
      spec['deepDives'][0].finding = text;
      spec['replanLog'][0].decision = text;
      spec['surfaceMap'][0].evidence = text;
      expect(ruleIds(gate.compile(spec))).toEqual(expect.arrayContaining(['dive-selective', 'replan-typed', 'map-cheap']));
    });
  }

  it('visible text in any script is not blank', () => {
    for (const text of ['x', 'é', '名', '🙂', 'ـ', '\u0645']) {
      const spec = validSpec();
      spec['goal'] = text;
      spec['deepDives'][0].finding = text;
      expect(gate.compile(spec).exitCode, text).toBe(0);
    }
  });
});

describe('no setting weakens the rules that make a document judgeable', () => {
  const weakened: Array<[string, 'gate' | 'reference', 'off' | 'warning']> = [
    ['schema', 'gate', 'warning'],
    ['schema', 'gate', 'off'],
    ['schema', 'reference', 'off'],
    ['critical-input', 'gate', 'off'],
    ['critical-input', 'reference', 'warning'],
    ['katas-schema', 'gate', 'off'],
  ];
  for (const [ruleId, preset, setting] of weakened)
    it(`${ruleId}: ${setting} under ${preset} is refused, naming the rule and why`, () => {
      expect(() => createCompiler({ preset, rules: { [ruleId]: setting } })).toThrow(
        expect.objectContaining({
          subcode: 'INVALID_SETTING',
          message: expect.stringContaining(`rule ${ruleId}: setting "${setting}" is below`),
        }),
      );
    });

  it('a configuration that weakens the schema is a usage error, so a spec it cannot judge never passes', async () => {
    const dir = tempDir();
    writeJson(dir, 'investigation.config.json', { rules: { schema: 'warning' } });
    writeJson(dir, 'spec.json', { ...validSpec(), deepDives: 'none' });
    const run = await runInProcess(['spec.json', '--json'], { cwd: dir });
    expect(run.status).toBe(2);
    expect(envelopeOf(run.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_SETTING' });
  });

  it('raising one above its preset is allowed: katas-schema, off under reference, may be an error', () => {
    expect(createCompiler({ preset: 'reference', rules: { 'katas-schema': 'error' } }).settings['katas-schema']).toBe('error');
    expect(createCompiler({ preset: 'gate', rules: { schema: 'error', 'unknown-field': 'off' } }).settings['unknown-field']).toBe('off');
  });
});
