import { isBlank, show } from '../common/text.js';
import { childPointer } from '../diagnostics/pointer.js';
import type { SurfaceMapEntry } from '../spec/types.js';
import type { Rule } from './rule.js';
import { checkAllowed, checkMinimum, checkUniqueIds } from './support/checks.js';

export const mapCheap: Rule = {
  meta: {
    id: 'map-cheap',
    criterion: 'cheap-map',
    fixes: 'spelling',
    description:
      'The surface map has at least the minimum entries, unique ids, only cheap tools, non-empty candidate nodes and non-blank evidence.',
    rationale:
      'The map is built from names and structure only (Glob, Grep, rg, find, ls) and spends no budget. Every entry must surface candidates and say what its hits suggest, or the hypotheses have nothing to point at.',
    examples: {
      failing: {
        title: 'A map entry made with Read, an expensive tool.',
        apply: (spec) => {
          (spec.surfaceMap[1] as SurfaceMapEntry).tool = 'Read';
        },
      },
      passing: { title: 'Map entries made with rg and Glob, names only.', apply: () => {} },
    },
  },
  check(context) {
    const { view, policy, report } = context;
    checkMinimum(context, 'surfaceMap', policy.minimums.surfaceMapEntries, 'entry', 'entries');
    checkUniqueIds(context, 'surfaceMap', view.items('surfaceMap', ['id']));
    for (const { value, path } of view.items('surfaceMap', ['tool'])) {
      checkAllowed(context, childPointer(path, 'tool'), 'map tool', value.tool, policy.cheapMapTools, 'cheapMapTools');
    }
    for (const { value, path } of view.items('surfaceMap', ['id', 'candidateNodes'])) {
      if (value.candidateNodes.length > 0) continue;
      report(
        childPointer(path, 'candidateNodes'),
        `map entry ${show(value.id)} surfaced no candidate nodes; list the paths or names its query found, or drop the entry.`,
      );
    }
    for (const { value, path } of view.items('surfaceMap', ['id', 'evidence'])) {
      if (isBlank(value.evidence, policy.strict.visibleText)) {
        report(childPointer(path, 'evidence'), `map entry ${show(value.id)} has blank evidence; say in a sentence what its hits suggest.`);
      }
    }
  },
};
