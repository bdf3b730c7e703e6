// The investigation spec, the tool's own document: an adapter onto the core that judges it (its
// rules in src/rules, its report in src/report, its Markdown here), listed in the registry.
import { inputSchemaForPolicy } from '../../policy/input-schema.js';
import { builtInPreset, presetNames } from '../../policy/presets.js';
import { boundedFlowchart } from '../../render/mermaid/flowchart.js';
import type { SpecReport } from '../../report/types.js';
import { artifactChecks, rules } from '../../rules/catalog.js';
import { criticalInput } from '../../rules/critical-input.js';
import { baseSpec } from '../../rules/examples/base-spec.js';
import { investigationSchema } from '../../schema/validators.js';
import type { Dialect } from '../dialect.js';
import { specCompiler } from './compile.js';
import { specMarkdownTree } from './markdown.js';

/** An investigation spec: a document that gives no text in `schema` (its `$schema` names a JSON Schema). */
export const specDialect: Dialect<SpecReport> = {
  id: 'investigation-spec',
  schema: null,
  documentName: 'an investigation spec',
  shortName: { singular: 'spec', plural: 'spec files' },
  rules,
  criticalInput,
  catalog: {
    key: 'rules',
    heading: `Rules (severity: ${presetNames.join(' / ')}):`,
    section: 'rules',
    schemaKey: 'inputSchema',
    artifactChecks,
  },
  inputSchema: (preset) => (preset === undefined ? investigationSchema : inputSchemaForPolicy(builtInPreset(preset).policy, preset)),
  example: () => baseSpec() as unknown as Record<string, unknown>,
  compiler: specCompiler,
  owns: (report): report is SpecReport => report.dialect === undefined,
  markdownTree: specMarkdownTree,
  flowchart: boundedFlowchart,
  htmlSections: () => import('./html-sections.js'),
};
