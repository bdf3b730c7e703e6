// The spec `init` writes: the first draft of an investigation, its goal and budget and an empty list
// for each section a draft fills in, so that `compile --stage draft` finds it sound and compiling it
// as finished fails only where content is missing. What is written once the investigation stops
// (the stop condition, the deliverable) is left out: a draft may lack it, and an empty one would be
// an error. In YAML, a comment above each field names what goes there, with an example entry; the
// allowed values come from the gate preset's policy, so they stay true when the policy changes.
import { jsonText } from '../common/json-text.js';
import { builtInPreset } from '../policy/presets.js';
import { commandLine, commentedYaml, EXAMPLE_ENTRIES } from './commented-yaml.js';

export interface SkeletonOptions {
  goal: string;
  /** The hard budget's total; 0 leaves it for the author (the gate asks for it). */
  budget: number;
  unit: 'reads' | 'tokens';
  format: 'yaml' | 'json';
  /** What `$schema` (and the YAML's yaml-language-server comment) names: the packaged schema, relative to the spec's folder. */
  schema: string;
}

export function specSkeleton(options: SkeletonOptions): string {
  const data = skeletonData(options);
  return options.format === 'json' ? jsonText(data) : yamlSkeleton(data, options);
}

function skeletonData(options: SkeletonOptions): Record<string, unknown> {
  return {
    $schema: options.schema,
    goal: options.goal,
    budget: { total: options.budget, used: 0, unit: options.unit },
    surfaceMap: [],
    hypotheses: [],
    deepDives: [],
    replanLog: [],
    risks: [],
  };
}

/** The same data as YAML, with a comment above each field naming what goes there and what the gate allows. */
function yamlSkeleton(data: Record<string, unknown>, options: SkeletonOptions): string {
  const policy = builtInPreset('gate').policy;
  const list = (values: readonly string[]): string => values.join(', ');
  const used = policy.budget[options.unit]?.accounting === 'diveTokens' ? "the sum of the deep dives' tokens" : 'the number of deep dives';
  return commentedYaml(data, {
    schema: options.schema,
    opening: [
      'An adaptive investigation spec, started as a draft. Fill it in as the investigation runs:',
      commandLine('next <this file>', 'says what the method allows now;'),
      commandLine('<this file> --stage draft', 'judges the draft so far.'),
      'Once it has stopped, compile it without --stage draft until it passes;',
      '`compile-investigation rules` lists what the gate checks.',
    ],
    above: {
      goal: ['The question the investigation must answer, in one sentence.'],
      budget: [`The hard budget, fixed before the first read. Units: ${list(Object.keys(policy.budget))}.`, `used is ${used}.`],
      surfaceMap: [
        'The cheap map: names and structure only, never file contents.',
        `Tools: ${list(policy.cheapMapTools)}.`,
        `  ${EXAMPLE_ENTRIES.surfaceMap}`,
      ],
      hypotheses: [
        'Hypotheses ranked by value over cost: priority 1 is explored first.',
        `Statuses: ${list(policy.hypothesisStatuses)}; a status follows the last deep dive that confirms or invalidates it.`,
        `  ${EXAMPLE_ENTRIES.hypothesis}`,
      ],
      deepDives: [
        'The deep reads, in the order they happened, each on a node of the surface map.',
        `Tools: ${list(policy.expensiveDiveTools)}. Effects: ${list(policy.deepDiveEffects)}.`,
        `Provenance tags: ${list(policy.provenanceTags)}.`,
        `  ${EXAMPLE_ENTRIES.deepDive(options.unit === 'tokens')}`,
      ],
      replanLog: [
        `Replans, only after a deep dive invalidated a hypothesis. Triggers: ${list(policy.replanTriggers)}.`,
        `  ${EXAMPLE_ENTRIES.replan}`,
      ],
      risks: [
        `Once the investigation stops: why, and the evidence for it. Reasons: ${list(policy.stopReasons)}.`,
        EXAMPLE_ENTRIES.stopCondition,
        '',
        'Then what is handed over: the answer to the goal.',
        EXAMPLE_ENTRIES.deliverable,
        '',
        'Residual risks, unexplored nodes and partial coverage; name every hypothesis left open or active.',
      ],
    },
  });
}
