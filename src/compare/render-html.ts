// `compare --format html`: two folders compared on one page. The files that got worse first, with
// why; then every file with its verdict change and figures; then each changed file's new and fixed
// problems by rule. Filters by change and by rule (src/render/html/filters.ts).
import type { ElementContent } from 'hast';
import { h } from 'hastscript';
import { describePointer } from '../diagnostics/pointer.js';
import { FILTER_SCRIPT, filterForm } from '../render/html/filters.js';
import { renderPage } from '../render/html/page.js';
import { headingRow } from '../render/html/table.js';
import { say } from '../render/html/text.js';
import { toolInfo } from '../tool.js';
import { changeLabel, deltaLabel, FIGURES, problemRows, reasonsLabel, summaryLabel } from './labels.js';
import type { CompareDocument, CompareNotes, FileComparison } from './types.js';

/** How the change filter names a file: "worse" for every file that got worse, else its verdict change. */
function changeOf(file: FileComparison): string {
  return file.worse ? 'worse' : file.change;
}

export function renderCompareHtml(document: CompareDocument, notes: CompareNotes = {}): string {
  const { verdict, details } = summaryLabel(document.summary);
  // Regressions first, then by key as the document orders them.
  const ordered = [...document.files.filter((file) => file.worse), ...document.files.filter((file) => !file.worse)];
  const fileId = (file: FileComparison): string => `file-${document.files.indexOf(file) + 1}`;
  const marks = (file: FileComparison) => ({
    dataFiltered: '',
    dataChange: changeOf(file),
    dataRules: file.rules.map((rule) => say(rule.ruleId)).join(' '),
  });
  const rules = [...new Set(document.files.flatMap((file) => file.rules.map((rule) => rule.ruleId)))].sort();
  const worse = ordered.filter((file) => file.worse);
  const changed = ordered.filter((file) => file.rules.length > 0);
  const baselines = notes.unappliedBaselines ?? [];
  return renderPage({
    title: `Comparison: ${verdict}`,
    header: [
      h('h1', ['Comparison of ', h('code', say(document.base)), ' and ', h('code', say(document.head))]),
      h('p', { className: ['verdict', worse.length === 0 ? 'verdict-pass' : 'verdict-fail'] }, verdict),
      h('p', `${details}.`),
      ...(baselines.length === 0
        ? []
        : [
            h('p', `No baseline is applied to the specs, so every problem counts as found. Not applied: ${baselines.map(say).join(', ')}.`),
          ]),
    ],
    sections: [
      {
        id: 'regressions',
        title: `Regressions (${worse.length})`,
        content:
          worse.length === 0
            ? [h('p', 'No file got worse.')]
            : [
                h(
                  'ul',
                  worse.map((file) =>
                    h('li', { className: ['fail'] }, [
                      h('a', { href: `#${fileId(file)}` }, say(file.key)),
                      `: ${reasonsLabel(file)} (${changeLabel(file)})`,
                    ]),
                  ),
                ),
              ],
      },
      {
        id: 'files',
        title: 'Files',
        content: [
          filterForm(
            [
              {
                name: 'change',
                label: 'Change',
                options: [
                  ['worse', 'got worse'],
                  ['pass-to-fail', 'pass → fail'],
                  ['fail-to-pass', 'fail → pass'],
                  ['added', 'added'],
                  ['removed', 'removed'],
                  ['unchanged', 'unchanged'],
                ],
              },
              { name: 'rules', label: 'Rule', list: true, options: rules.map((rule) => [say(rule), say(rule)]) },
            ],
            'files',
          ),
          h('table', [
            headingRow(['File', 'Verdict', 'Worse', ...FIGURES.map((figure) => figure.title)]),
            h(
              'tbody',
              ordered.map((file) =>
                h('tr', marks(file), [
                  h(
                    'td',
                    file.rules.length > 0 ? h('a', { href: `#${fileId(file)}` }, h('code', say(file.key))) : h('code', say(file.key)),
                  ),
                  h('td', changeLabel(file)),
                  h('td', { className: file.worse ? ['fail'] : [] }, file.worse ? `yes: ${reasonsLabel(file)}` : 'no'),
                  ...FIGURES.map(({ key }) => h('td', deltaLabel(file.metrics[key]))),
                ]),
              ),
            ),
          ]),
        ],
      },
      {
        id: 'problems',
        title: 'New and fixed problems',
        content:
          changed.length === 0
            ? [h('p', 'No problem is new or fixed.')]
            : changed.map((file) => problemSection(file, fileId(file), marks(file))),
      },
    ],
    footer: [h('p', `${say(toolInfo.name)} ${say(toolInfo.version)} compare`)],
    data: document,
    script: FILTER_SCRIPT,
  });
}

function problemSection(file: FileComparison, id: string, marks: Record<string, string>): ElementContent {
  return h('section', { id, ariaLabelledBy: `${id}-title`, ...marks }, [
    h('h3', { id: `${id}-title` }, [h('code', say(file.key)), `: ${changeLabel(file)}`]),
    h('table', [
      headingRow(['Rule', 'Change', 'Severity', 'Where', 'Message']),
      h(
        'tbody',
        problemRows(file).map((row) =>
          h('tr', [
            h('td', h('code', say(row.ruleId))),
            h('td', { className: [row.change === 'new' ? 'fail' : 'pass'] }, row.change),
            h('td', row.severity),
            h('td', h('code', say(describePointer(row.path)))),
            h('td', { className: ['text'] }, say(row.message)),
          ]),
        ),
      ),
    ]),
  ]);
}
