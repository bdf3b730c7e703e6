import { show } from '../../../common/text.js';
import { type KatasRule, readAllowed, readText } from './support/read.js';

export const katasHeader: KatasRule = {
  meta: {
    id: 'katas-header',
    criterion: 'typed-scratchpad',
    description:
      'The report names its format and skill, states a non-blank objective, scope and hypothesis, and, under the reference preset, has every top-level field of the format.',
    rationale:
      'A reader, and every tool after it, first needs to know what the document is and what the investigation set out to do, where and from which hypothesis. Write "schema" and "skill" exactly as the format spells them, and say each of objective, scope and hypothesis in words. Under the reference preset, as in the katas validator, a report that lacks a top-level field is judged on that alone until the field is added.',
    examples: {
      failing: {
        title: 'The skill misspelt, and a scope of white space only.',
        apply: (report) => {
          report['skill'] = 'katas-adaptive-investigations';
          report['scope'] = '   ';
        },
      },
      passing: { title: 'The format, the skill, and an objective, scope and hypothesis in words.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    if (policy.python) {
      const missing = view.missingTopLevelFields();
      for (const key of missing)
        report(
          '',
          `the report lacks the top-level field ${show(key)}; add it: the format requires it, and nothing else is judged until every such field is there.`,
        );
      if (missing.length > 0) return;
    }
    readAllowed(context, view.root, 'schema', [policy.schemaId], 'It names the format the report follows.');
    readAllowed(context, view.root, 'skill', [policy.skill]);
    readText(context, view.root, 'objective', 'say what the investigation had to find out.');
    readText(context, view.root, 'scope', 'say where it looked: a folder, a service, a set of documents.');
    readText(context, view.root, 'hypothesis', 'state the working hypothesis it started from.');
  },
};
