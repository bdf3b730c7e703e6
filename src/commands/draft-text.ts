// The spec `trace draft` writes, as text: JSON, or YAML whose every place left for the author
// carries a comment saying what goes there (the allowed values from the gate preset's policy).
import { isMap, isScalar, type Scalar, type YAMLMap, type YAMLSeq } from 'yaml';
import { jsonText } from '../common/json-text.js';
import { builtInPreset } from '../policy/presets.js';
import { escapeFor } from '../render/untrusted/index.js';
import type { DraftSpec } from '../trace/draft.js';
import { commandLine, commentedYaml, EXAMPLE_ENTRIES } from './commented-yaml.js';

export interface DraftTextOptions {
  format: 'yaml' | 'json';
  /** What `$schema` names: the packaged schema, relative to the spec's folder. */
  schema: string;
  /** The trace as the user named it, for the YAML's opening comment. */
  shown: string;
  /** The lines of the cheap calls left out of the map because they surfaced no name. */
  emptyMapLines: readonly number[];
  /** Names surfaced past the reader's bounds, and lines of output not read as paths: said, never listed. */
  pathsLeftOut?: number;
  unreadLines?: number;
}

export function draftText(draft: DraftSpec, options: DraftTextOptions): string {
  const data = { $schema: options.schema, ...draft };
  return options.format === 'json' ? jsonText(data) : yamlDraft(data, options);
}

function yamlDraft(data: Record<string, unknown>, options: DraftTextOptions): string {
  const policy = builtInPreset('gate').policy;
  const marks = new Map([
    ['hypothesisId', ' for the author: the id of the hypothesis this read tested'],
    ['finding', ' for the author: what the read found, in a sentence'],
    ['effect', ` for the author: ${policy.deepDiveEffects.join(', ')}`],
    ['provenance', ` for the author: ${policy.provenanceTags.join(', ')}`],
  ]);
  // The trace's paths and commands may hold anything: written inert, read back the same.
  return commentedYaml(data, {
    schema: options.schema,
    opening: [
      `Drafted by \`compile-investigation trace draft\` from ${escapeFor.terminal(options.shown)}: the surface map is the trace's`,
      'successful cheap calls and the deep dives its successful reads, in time order; x-trace links each',
      "entry to its call. The places marked 'for the author' are left empty: the trace cannot say them.",
      commandLine('<this file> --stage draft', 'names each place still to fill in;'),
      commandLine('<this file>', 'checks it against its trace (x-trace) once done.'),
      ...leftOut(options.emptyMapLines),
      ...notKept(options.pathsLeftOut ?? 0, options.unreadLines ?? 0),
    ],
    above: {
      hypotheses: [
        'For the author: the hypotheses, ranked before the first read, and the id of each in the deep dives.',
        `Statuses: ${policy.hypothesisStatuses.join(', ')}.`,
        `  ${EXAMPLE_ENTRIES.hypothesis}`,
      ],
      risks: [
        'For the author, once the investigation stopped: why, the answer, and what it left unread.',
        `${EXAMPLE_ENTRIES.stopCondition}   (reasons: ${policy.stopReasons.join(', ')})`,
        EXAMPLE_ENTRIES.deliverable,
      ],
    },
    decorate: (root) => {
      for (const pair of root.items) {
        const key = pair.key.value;
        if (key === 'goal' && isScalar(pair.value) && pair.value.value === '')
          pair.value.comment = ' for the author: the question the investigation answered';
        if (key === 'budget' && isMap(pair.value))
          markEmpty(
            pair.value as YAMLMap<Scalar<string>, unknown>,
            new Map([['total', ' for the author: the hard budget fixed before the first read']]),
          );
        if (key === 'deepDives') for (const dive of (pair.value as YAMLSeq<YAMLMap<Scalar<string>, unknown>>).items) markEmpty(dive, marks);
      }
    },
  });
}

/** A trailing comment on each of the map's fields that `marks` names and that holds an empty string or 0. */
function markEmpty(map: YAMLMap<Scalar<string>, unknown>, marks: ReadonlyMap<string, string>): void {
  for (const pair of map.items) {
    const mark = marks.get(pair.key.value);
    if (mark !== undefined && isScalar(pair.value) && (pair.value.value === '' || pair.value.value === 0)) pair.value.comment = mark;
  }
}

/** The opening comment's line on the cheap calls that surfaced nothing: named by line, the first ten. */
function leftOut(lines: readonly number[]): string[] {
  if (lines.length === 0) return [];
  const shown = lines.slice(0, 10).join(', ');
  const more = lines.length > 10 ? ` and ${lines.length - 10} more` : '';
  const calls = lines.length === 1 ? '1 cheap call' : `${lines.length} cheap calls`;
  return [`Left out of the map: ${calls} that surfaced no name (trace lines ${shown}${more}); every entry needs a candidate.`];
}

/** What the map calls surfaced or printed that the draft does not list. */
function notKept(paths: number, lines: number): string[] {
  return [
    ...(paths === 0
      ? []
      : [
          `Not listed: ${paths.toLocaleString('en-US')} names past the bounds of a trace read without a spec; each entry's evidence counts all.`,
        ]),
    ...(lines === 0
      ? []
      : [
          `Not copied: ${lines.toLocaleString('en-US')} lines of map calls' output that are no path (not the map program's own output, or no path it prints).`,
        ]),
  ];
}
