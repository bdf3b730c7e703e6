// Goal 9.3 (issue 9's, still measured): one createCompiler over the corpus in this process, text in, against the reference's
// functions over the same texts in one Python process, and against bare parsing of the same text.
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { type Bench, NO_REFERENCE, roundsOf, runDriver, type SectionResult } from './context.js';
import { formatMs, formatNumber, type Row, ratioRow, ratioTarget, skippedRow } from './goals.js';
import { interleave, log, medians, timeMs } from './measure.js';

const AGAINST_REFERENCE = { markdown: 3, json: 10 } as const;
const AGAINST_JSON_PARSE = 3;
const AGAINST_YAML_PARSE = 1.5;

export function measureThroughput(bench: Bench): SectionResult {
  const { library } = bench;
  const count = bench.sizes.throughputSpecs;
  const rounds = roundsOf(bench, 5, 3);
  const specs = bench.corpus.specs.slice(0, count);
  const yamlSpecs = specs.map((spec) => ({
    name: spec.name.replace(/\.json$/, '.yaml'),
    text: toYaml(JSON.parse(spec.text), { lineWidth: 0 }),
  }));
  const compiler = library.createCompiler();
  const compileAll = (
    list: ReadonlyArray<{ name: string; text: string }>,
    render?: (report: NonNullable<ReturnType<typeof compiler.compile>['report']>) => string,
  ): number =>
    timeMs(() => {
      for (const spec of list) {
        const result = compiler.compile(spec.text, { path: spec.name });
        if (result.report === null) throw new Error(`${spec.name} did not compile: ${result.error.message}`);
        render?.(result.report);
      }
    });

  const tasks: Record<string, () => number> = {
    'compile + renderMarkdown': () => compileAll(specs, library.renderMarkdown),
    'compile + renderJson': () => compileAll(specs, library.renderJson),
    'JSON.parse': () => timeMs(() => specs.forEach((spec) => JSON.parse(spec.text))),
    'compile YAML': () => compileAll(yamlSpecs),
    'yaml.parse': () => timeMs(() => yamlSpecs.forEach((spec) => parseYaml(spec.text))),
  };
  log(`throughput: a warm-up pass, then ${rounds} interleaved passes over ${formatNumber(count)} specs`);
  for (const task of Object.values(tasks)) task();
  if (bench.reference !== null) {
    const folder = bench.corpus.specFolder(count);
    for (const format of ['markdown', 'json'] as const) {
      tasks[`reference ${format}`] = () => (JSON.parse(runDriver('throughput', [bench.reference!, format, folder])) as { ms: number }).ms;
    }
  }
  const samples = interleave(rounds, tasks);
  const ms = medians(samples);
  const perSecond = (name: string): number => (count / ms[name]!) * 1000;

  const rows: Row[] = [];
  for (const format of ['markdown', 'json'] as const) {
    const ours = format === 'markdown' ? 'compile + renderMarkdown' : 'compile + renderJson';
    const theirs = format === 'markdown' ? 'validate + render_markdown' : 'validate + json.dumps';
    const goal = `In process, ${formatNumber(count)} specs, text in: ${ours} / the reference's json.loads + ${theirs}, specs/s`;
    if (bench.reference === null) {
      rows.push(skippedRow('9.3', goal, ratioTarget('>=', AGAINST_REFERENCE[format]), NO_REFERENCE));
      continue;
    }
    const reference = perSecond(`reference ${format}`);
    rows.push(
      ratioRow({
        id: '9.3',
        goal,
        value: perSecond(ours) / reference,
        comparison: '>=',
        target: AGAINST_REFERENCE[format],
        detail: `${formatNumber(perSecond(ours))} / ${formatNumber(reference)} specs/s`,
      }),
    );
  }
  const versus = (goal: string, ours: string, bare: string, target: number): Row =>
    ratioRow({
      id: '9.3',
      goal,
      value: ms[ours]! / ms[bare]!,
      comparison: '<=',
      target,
      detail: `${formatMs(ms[ours]!)} / ${formatMs(ms[bare]!)}`,
    });
  rows.push(
    versus(
      `In process, ${formatNumber(count)} specs: compile + renderJson / \`JSON.parse\` of the same text`,
      'compile + renderJson',
      'JSON.parse',
      AGAINST_JSON_PARSE,
    ),
  );
  rows.push(
    versus(
      `In process, the same ${formatNumber(count)} specs as YAML: compile / \`yaml.parse\` of the same text`,
      'compile YAML',
      'yaml.parse',
      AGAINST_YAML_PARSE,
    ),
  );
  return { rows, raw: { specs: count, rounds, samplesMs: samples } };
}
