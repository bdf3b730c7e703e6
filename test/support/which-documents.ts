/**
 * The JSON and YAML files a project holds beside its specs, each with whether the language server
 * judges it (a spec or a katas report) or leaves it alone. test/lsp-which-documents.test.ts asks
 * the server's own test; test/lsp-neovim.test.ts asks the init.lua of docs/editors.md, in Neovim,
 * which of them it attaches: the two must agree with this list, so they agree with each other.
 */
export interface ProjectFile {
  name: string;
  text: string;
  judged: boolean;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

export const PROJECT_FILES: readonly ProjectFile[] = [
  {
    name: 'specs/refunds.yaml',
    text: 'goal: Why do refunds retry twice?\nbudget:\n  total: 8\n  used: 0\n  unit: reads\nhypotheses: []\n',
    judged: true,
  },
  {
    name: 'specs/ledger.json',
    text: json({ goal: 'Where are the monthly totals computed?', budget: { total: 4, used: 0, unit: 'reads' } }),
    judged: true,
  },
  { name: 'specs/quoted.yaml', text: '"goal": Quoted keys are keys too\n', judged: true },
  {
    name: 'specs/schema-only.yaml',
    text: '$schema: ../node_modules/compile-investigation/assets/investigation.schema.json\n',
    judged: true,
  },
  {
    name: 'reports/checkout.json',
    text: json({ schema: 'jm-labs.katas-adaptive-investigation.report.v1', objective: 'Why does checkout hang?' }),
    judged: true,
  },
  // An edit half made: it does not parse, and a line starts with a spec's key.
  { name: 'specs/half-typed.json', text: '{\n  "goal": "Why do refunds retry twice?",\n  "budget": {\n', judged: true },
  {
    name: 'package.json',
    // Mentions katas, and has a `budget` one level down, on a line of its own.
    text: json({ name: 'demo', description: 'Checks investigation specs and katas reports', scripts: { budget: 'node budget.js' } }),
    judged: false,
  },
  { name: 'tsconfig.json', text: json({ compilerOptions: { strict: true } }), judged: false },
  {
    // The tool's own JSON report: the spec's keys sit one level down, under `investigation`.
    name: 'reports/refunds.report.json',
    text: json({ reportVersion: 1, verdict: 'pass', investigation: { goal: 'Why do refunds retry twice?', budget: { total: 8 } } }),
    judged: false,
  },
  { name: 'specs/refunds.expect.json', text: json({ exitCode: 0, verdict: 'pass' }), judged: false },
  {
    name: 'briefs/H1-0001.json',
    text: json({ hypothesisId: 'H1', sequence: 1, parent: null, brief: { formatVersion: 1, findings: [] } }),
    judged: false,
  },
  { name: 'review.yaml', text: 'review:\n  goal: ship it\n  hypotheses: 3\n', judged: false },
];
