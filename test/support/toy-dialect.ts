import { isBlank } from '../../src/common/text.js';
import { countSeverities } from '../../src/diagnostics/cap.js';
import { criticalStop } from '../../src/dialects/critical.js';
import type { Dialect } from '../../src/dialects/dialect.js';
import { placeDiagnostics } from '../../src/load/place.js';
import { bulletList, heading, paragraph, text } from '../../src/render/mdast-builders.js';
import { Chart } from '../../src/render/mermaid/chart.js';
import { withinFlowLimits } from '../../src/render/mermaid/flowchart.js';
import { flowSection, gateAndDiagnostics, verdictLine } from '../../src/render/report-sections.js';
import { escapeFor } from '../../src/render/untrusted/index.js';
import type { DialectReport } from '../../src/report/types.js';
import type { Rule } from '../../src/rules/rule.js';
import { runRules } from '../../src/rules/run.js';
import { NO_SCHEMA_FINDINGS, type SchemaFindings } from '../../src/schema/issues.js';

// A third dialect that lives in the test suite only: a note that asks one question and lists what
// was looked at. test/dialects.test.ts adds it to the registry, and nothing else in src/ changes.

declare module '../../src/report/types.js' {
  interface DialectReports {
    'toy-note-v1': { toy: { notes: number } };
  }
}

export type ToyReport = DialectReport<'toy-note-v1'>;
export const TOY_SCHEMA = 'example.toy-note.v1';

interface ToyView {
  readonly data: Record<string, unknown>;
  readonly schema: SchemaFindings;
}
type ToyExample = Record<string, unknown>;
type ToyRule = Rule<ToyView, null, ToyExample>;

export function toyNote(): ToyExample {
  return { schema: TOY_SCHEMA, question: 'Which cache serves the stale prices?', notes: ['edge cache config', 'price service logs'] };
}

const toyCriticalInput: ToyRule = {
  meta: {
    id: 'critical-input',
    criterion: 'hard-budget',
    foundation: { neverAccepted: 'a note with no question is asked for one, never accepted' },
    description: 'The note asks its question.',
    rationale: 'Without a question there is nothing to look for.',
    examples: {
      failing: { title: 'No question.', apply: (note) => void delete note['question'] },
      passing: { title: 'A question.', apply: () => {} },
    },
  },
  check({ view, report }) {
    const question = view.data['question'];
    if (typeof question !== 'string' || isBlank(question, true))
      report('/question', '{VACIO_CRITICO} the question is missing. What must this note find out? Add it as "question".');
  },
};

/** The toy's structure, a foundation rule of its own: the notes rule reads a list. */
export const toyShape: ToyRule = {
  meta: {
    id: 'toy-shape',
    criterion: 'provenance',
    foundation: { neverAccepted: 'the notes rule cannot read notes that are not a list, so they are fixed, never accepted' },
    description: 'The notes are a list.',
    rationale: 'The other rule reads the notes one by one.',
    examples: {
      failing: { title: 'Notes as one text.', apply: (note) => void (note['notes'] = 'edge cache config') },
      passing: { title: 'A list of notes.', apply: () => {} },
    },
  },
  check({ view, report }) {
    if (!Array.isArray(view.data['notes'])) report('/notes', 'the notes must be a list of texts');
  },
};

export const toyNotes: ToyRule = {
  meta: {
    id: 'toy-notes',
    criterion: 'provenance',
    description: 'Every note says what was looked at.',
    rationale: 'A blank note is no evidence; write what was looked at, or remove it.',
    examples: {
      failing: { title: 'A blank note.', apply: (note) => void (note['notes'] as string[]).push('  ') },
      passing: { title: 'Two notes.', apply: () => {} },
    },
  },
  check({ view, report }) {
    const notes = Array.isArray(view.data['notes']) ? view.data['notes'] : [];
    for (const [index, note] of notes.entries())
      if (typeof note !== 'string' || isBlank(note, true))
        report(`/notes/${index}`, `note ${index + 1} is blank; say what was looked at, or remove it`);
  },
};

function notesOf(data: Record<string, unknown>): string[] {
  return Array.isArray(data['notes']) ? data['notes'].map(String) : [];
}

export const toyDialect: Dialect<ToyReport> = {
  id: 'toy-note-v1',
  schema: TOY_SCHEMA,
  documentName: 'a toy note',
  shortName: { singular: 'toy note', plural: 'toy notes' },
  rules: [toyShape, toyNotes],
  criticalInput: toyCriticalInput,
  catalog: { key: 'toyRules', heading: 'Rules of toy notes:', section: 'toy-rules', schemaKey: 'toyInputSchema' },
  inputSchema: () => ({ type: 'object', required: ['schema', 'question'] }),
  example: toyNote,
  compiler({ preset, settings, tool }) {
    // The presets give the toy's rules no setting: they are on unless a configuration turns them off.
    const toySettings = { ...settings, 'toy-shape': settings['toy-shape'] ?? 'error', 'toy-notes': settings['toy-notes'] ?? 'error' };
    return ({ data, input, inputs, locate, baseline }) => {
      const view: ToyView = { data, schema: NO_SCHEMA_FINDINGS };
      const critical = runRules([toyCriticalInput], view, null, toySettings).diagnostics;
      if (critical.length > 0) return criticalStop(critical, 'MISSING_GOAL', locate);
      const run = runRules([toyShape, toyNotes], view, null, toySettings, baseline);
      const diagnostics = placeDiagnostics(run.diagnostics, locate);
      const counts = countSeverities(diagnostics);
      const verdict = counts.errors === 0 ? 'pass' : 'fail';
      const notes = notesOf(data).length;
      const report: ToyReport = {
        reportVersion: 1,
        tool,
        input,
        inputs,
        dialect: 'toy-note-v1',
        toy: { notes },
        preset,
        verdict,
        summary: {
          goal: typeof data['question'] === 'string' ? data['question'] : null,
          budget: { used: null, total: null, unit: null, remaining: null },
          stopReason: null,
          counts: {
            surfaceMapEntries: 0,
            hypotheses: 0,
            hypothesesByStatus: {},
            deepDives: notes,
            deepDivesByEffect: {},
            replans: 0,
            risks: 0,
          },
          errors: counts.errors,
          warnings: counts.warnings,
          verdict,
          gate: [],
        },
        metrics: {
          budgetUsedRatio: null,
          nodesMapped: 0,
          nodesRead: notes,
          readCoverage: null,
          blindReads: 0,
          provenanceRatio: null,
          replansPerInvalidation: null,
        },
        diagnostics,
        investigation: data,
      };
      return { exitCode: verdict === 'fail' ? 1 : 0, verdict, diagnostics, report, error: null, ruleTotals: run.totals };
    };
  },
  owns: (report): report is ToyReport => report.dialect === 'toy-note-v1',
  markdownTree: (report) => ({
    type: 'root',
    children: [
      heading(1, text(`Toy note: ${String(report.summary.goal)}`)),
      bulletList([verdictLine(report), [text(`Notes: ${report.toy.notes}`)]]),
      paragraph(text('What was looked at, in order.')),
      flowSection(toyDialect.flowchart(report.investigation)),
      ...gateAndDiagnostics(report),
    ],
  }),
  htmlSections: () => import('./toy-html-sections.js'),
  flowchart: (data) =>
    withinFlowLimits(notesOf(data).length + 1, () => {
      const chart = new Chart();
      let last = chart.node([`Question · ${escapeFor.mermaidLabel(data['question'])}`], 'map');
      for (const note of notesOf(data)) {
        const node = chart.node([escapeFor.mermaidLabel(note)], 'neutral');
        chart.edge(last, node);
        last = node;
      }
      return chart;
    }),
  notADraft: 'a note, not a draft: next advises on an investigation spec',
};
