import type { PhrasingContent, Root, RootContent } from 'mdast';
import { plural } from '../common/text.js';
import { stringifyMarkdown } from '../render/markdown/stringify.js';
import { code, heading, paragraph, table, text } from '../render/mdast-builders.js';
import { unusedEntriesFailure } from '../render/run-failure.js';
import type { FailingUnused } from './results.js';
import type { GateTally } from './tally.js';

/**
 * GitHub keeps at most 1 MiB of summary per step. Failing files come first, each one row; past this
 * many the table stops and says how many it left out, so a corpus of any size stays under the cap.
 */
export const MAX_FILE_ROWS = 200;

export interface SummaryContext {
  toolName: string;
  /** How many result documents (shards) were merged. */
  runs: number;
  /** What the gate exits with: the worst of the runs (a --max-warnings or --fail-on failure included). */
  exitCode: number;
  /** Prefix that turns a file's path into a link (such as a blob URL at the commit); no links without it. */
  linkBase?: string;
  /** Base URL of the rules' pages (`<ruleDocs><id>.md`), to link each rule; no links without it. */
  ruleDocs?: string;
  /** Where the SARIF log was written, to say so. */
  sarif?: string;
  /** Where the per-file reports are, to link them. */
  reports?: string;
  /** --max-warnings, to say when the warnings failed the gate. */
  maxWarnings?: number;
  /** Unused baseline entries that fail the gate (--fail-on-unused-suppressions), to say so. */
  failingUnused?: FailingUnused;
}

/** The gate's job summary: verdict line, failing files, problems by rule, where the details are. */
export function jobSummary(counts: GateTally, context: SummaryContext): string {
  return stringifyMarkdown(jobSummaryTree(counts, context));
}

function jobSummaryTree(counts: GateTally, context: SummaryContext): Root {
  const verdict = context.exitCode === 0 ? 'passed' : 'failed';
  const children: RootContent[] = [
    heading(2, text(`${context.toolName}: the gate ${verdict}`)),
    paragraph(text(overview(counts, context.runs))),
  ];
  if (context.maxWarnings !== undefined && counts.warnings > context.maxWarnings)
    children.push(
      paragraph(
        text(
          `${plural(counts.warnings, 'warning')}, more than the ${context.maxWarnings} that --max-warnings allows: the gate fails on them.`,
        ),
      ),
    );
  // Every file may have passed: the verdict "failed" needs its reason next to it.
  if (context.failingUnused !== undefined) {
    const { count, exact } = context.failingUnused;
    children.push(paragraph(text(`The gate failed: ${unusedEntriesFailure(count, { exact })}.`)));
  }
  // The column appears when a baseline suppressed something, so that a run without one reads as before.
  const suppressed = counts.suppressed > 0 || counts.perRule.some((rule) => rule.suppressed > 0);
  children.push(...fileSection(counts, context, suppressed));
  if (counts.perRule.length > 0) {
    children.push(heading(2, text('Problems by rule')));
    children.push(
      table(
        ['Rule', 'Errors', 'Warnings', ...(suppressed ? ['Suppressed'] : []), 'Files'],
        counts.perRule.map((rule) => [
          ruleCell(rule.ruleId, context.ruleDocs),
          [text(String(rule.errors))],
          [text(String(rule.warnings))],
          ...(suppressed ? [[text(String(rule.suppressed))]] : []),
          [text(String(rule.files))],
        ]),
      ),
    );
  }
  const details = detailLines(context);
  if (details.length > 0) children.push(heading(2, text('Details')), ...details);
  return { type: 'root', children };
}

function overview(counts: GateTally, runs: number): string {
  const from = runs > 1 ? ` (${runs} runs merged)` : '';
  const suppressed = counts.suppressed > 0 ? `, ${counts.suppressed} suppressed by a baseline` : '';
  return `${plural(counts.files, 'file')}${from}: ${counts.passed} passed, ${counts.failed} failed; ${plural(counts.errors, 'error')}, ${plural(counts.warnings, 'warning')}${suppressed}.`;
}

function fileSection(counts: GateTally, context: SummaryContext, suppressed: boolean): RootContent[] {
  // Failing files first, then passing ones with problems (warnings, suppressed ones); clean passing files are only counted.
  const failing = counts.perFile.filter((file) => file.verdict === 'fail');
  const warned = counts.perFile.filter((file) => file.verdict !== 'fail' && file.warnings + file.suppressed > 0);
  const listed = [...failing, ...warned];
  if (listed.length === 0) return [];
  const shown = listed.slice(0, MAX_FILE_ROWS);
  const section: RootContent[] = [
    heading(2, text('Files with problems')),
    table(
      ['File', 'Verdict', 'Errors', 'Warnings', ...(suppressed ? ['Suppressed'] : [])],
      shown.map((file) => [
        fileCell(file.path, context.linkBase),
        [text(file.verdict)],
        [text(String(file.errors))],
        [text(String(file.warnings))],
        ...(suppressed ? [[text(String(file.suppressed))]] : []),
      ]),
    ),
  ];
  if (listed.length > shown.length)
    section.push(
      paragraph(text(`${plural(listed.length - shown.length, 'more file')} not listed: the summary keeps at most ${MAX_FILE_ROWS} rows.`)),
    );
  return section;
}

function ruleCell(ruleId: string, ruleDocs: string | undefined): PhrasingContent[] {
  if (ruleDocs === undefined) return [code(ruleId)];
  return [{ type: 'link', url: `${ruleDocs}${encodeURIComponent(ruleId)}.md`, children: [code(ruleId)] }];
}

function fileCell(path: string, linkBase: string | undefined): PhrasingContent[] {
  if (linkBase === undefined) return [code(path)];
  const url = `${linkBase.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;
  return [{ type: 'link', url, children: [code(path)] }];
}

function detailLines(context: SummaryContext): RootContent[] {
  const lines: RootContent[] = [];
  if (context.sarif !== undefined) lines.push(paragraph(text('SARIF log (for code scanning): '), code(context.sarif)));
  if (context.reports !== undefined) {
    const isUrl = /^https?:\/\//.test(context.reports);
    lines.push(
      paragraph(
        text('Reports: '),
        isUrl ? { type: 'link', url: context.reports, children: [text(context.reports)] } : code(context.reports),
      ),
    );
  }
  return lines;
}
