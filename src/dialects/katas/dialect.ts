import type { Dialect } from '../dialect.js';
import { baseKatasReport } from './base-report.js';
import { katasRules } from './catalog.js';
import { katasCompiler } from './compile.js';
import { katasCriticalInput } from './critical.js';
import { boundedKatasFlowchart } from './flowchart.js';
import { katasMarkdownTree } from './markdown.js';
import { KATAS_REPORT_SCHEMA } from './policy.js';
import { katasPresetRules } from './presets.js';
import type { KatasReport } from './report.js';
import { katasReportSchema } from './schema.js';

/** The katas "adaptive investigation report v1": a finished report that names itself in `schema`. */
export const katasDialect: Dialect<KatasReport> = {
  id: 'katas-report-v1',
  schema: KATAS_REPORT_SCHEMA,
  documentName: 'a katas report',
  shortName: { singular: 'katas report', plural: 'katas reports' },
  rules: katasRules,
  criticalInput: katasCriticalInput,
  catalog: {
    key: 'katasRules',
    heading: `Rules of katas reports ("schema": ${JSON.stringify(KATAS_REPORT_SCHEMA)}):`,
    section: 'katas-rules',
    schemaKey: 'katasInputSchema',
  },
  presetRules: katasPresetRules,
  inputSchema: () => katasReportSchema,
  documentSchema: katasReportSchema,
  example: baseKatasReport,
  compiler: katasCompiler,
  owns: (report): report is KatasReport => report.dialect === 'katas-report-v1',
  markdownTree: katasMarkdownTree,
  flowchart: boundedKatasFlowchart,
  htmlSections: () => import('./html-sections.js'),
  notADraft: "a finished document: next advises on an investigation spec's draft (convert --to spec writes one)",
};
