/**
 * Seeded mutants of katas reports, for the differential test against the katas validator: each
 * mutant is a base report with one to three edits of the kinds that find where two readings of a
 * JSON document part (types, Python's booleans as integers, white space, ids, references between
 * parts, fixed values, limits, unhashable values), serialized as JSON text. Deterministic: the same
 * seed gives the same mutants.
 */

import { mulberry32 } from '../../scripts/gen-corpus.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

export interface KatasBase {
  name: string;
  data: JsonObject;
}

export interface Mutant {
  name: string;
  text: string;
}

/** Values of every type, booleans for integers, numbers for strings and lists for strings among them. */
const RETYPED: readonly Json[] = [true, false, null, 0, 1, -1, 2.5, 7, '', 'text', [], {}, ['x'], { k: 1 }, 'Glob', '[CODIGO]'];

/** White space the two languages disagree on (U+001C to U+001F and NEL are Python's, U+FEFF JavaScript's), and invisible text. */
const BLANKS: readonly string[] = [
  '',
  ' ',
  '\t\n',
  '\x1c',
  '\x1f',
  '\x85',
  '\ufeff',
  '\u00a0',
  '\u200b',
  ' \x1d ',
  '\u3000',
  '\u180e',
  '\u2028',
];
const PADDING: readonly string[] = ['\n', ' ', '\x85', '\ufeff', '\x1e', '\u200b'];

interface Node {
  parent: JsonObject | Json[] | undefined;
  key: string | number;
  value: Json;
}

function nodes(root: Json): Node[] {
  const found: Node[] = [];
  const walk = (value: Json, parent: Node['parent'], key: string | number): void => {
    found.push({ parent, key, value });
    if (Array.isArray(value)) value.forEach((item, index) => walk(item, value, index));
    else if (value !== null && typeof value === 'object') for (const [name, item] of Object.entries(value)) walk(item, value, name);
  };
  walk(root, undefined, '');
  return found;
}

function set(node: Node, value: Json): void {
  if (node.parent === undefined) return;
  (node.parent as Record<string | number, Json>)[node.key] = value;
}

function at(root: Json, ...path: Array<string | number>): Json | undefined {
  let current: Json | undefined = root;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, Json>)[key];
  }
  return current;
}

function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function objects(value: Json | undefined): JsonObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

type Edit = (document: { root: Json }, pick: <T>(values: readonly T[]) => T | undefined) => void;

const EDITS: Record<string, Edit> = {
  delete: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => candidate.parent !== undefined));
    if (node === undefined) return;
    if (Array.isArray(node.parent)) node.parent.splice(node.key as number, 1);
    else delete (node.parent as JsonObject)[node.key];
  },
  retype: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => candidate.parent !== undefined));
    const value = pick(RETYPED);
    if (node !== undefined && value !== undefined) set(node, structuredClone(value));
  },
  blank: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => typeof candidate.value === 'string'));
    const blank = pick(BLANKS);
    if (node !== undefined && blank !== undefined) set(node, blank);
  },
  pad: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => typeof candidate.value === 'string'));
    const pad = pick(PADDING);
    if (node !== undefined && pad !== undefined) set(node, pick([true, false]) ? `${node.value}${pad}` : `${pad}${node.value}`);
  },
  number: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => typeof candidate.value === 'number'));
    if (node === undefined) return;
    const value = node.value as number;
    const next = pick<Json>([value + 1, value - 1, 0, -1, value * 10, true, false, String(value)]);
    if (next !== undefined) set(node, next);
  },
  float: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => typeof candidate.value === 'number' && Number.isInteger(candidate.value)));
    if (node !== undefined) set(node, `@@float@@${node.value as number}@@${pick(['.0', 'e0', '.00']) ?? '.0'}@@`);
  },
  flip: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => typeof candidate.value === 'boolean'));
    if (node !== undefined) set(node, !node.value);
  },
  empty: ({ root }, pick) => {
    const node = pick(nodes(root).filter((candidate) => Array.isArray(candidate.value) && candidate.parent !== undefined));
    if (node !== undefined) set(node, []);
  },
  extraKey: ({ root }, pick) => {
    const node = pick(
      nodes(root).filter((candidate) => candidate.value !== null && typeof candidate.value === 'object' && !Array.isArray(candidate.value)),
    );
    const key = pick(['unexpected', 'x-note', 'evidence_tags', 'Priority', '']);
    if (node !== undefined && key !== undefined) (node.value as JsonObject)[key] = pick<Json>([1, 'note', null, [], true]) ?? 1;
  },
  duplicateId: ({ root }, pick) => {
    const findings = objects(at(root, 'findings'));
    const plan = objects(at(root, 'prioritized_plan'));
    const [first, second] = pick([findings, plan]) ?? [];
    if (first === undefined) return;
    if (first === findings[0]) {
      if (second !== undefined) second['id'] = first['id'] ?? null;
      else findings.push(structuredClone(first));
    } else if (second !== undefined) {
      second['priority'] = pick<Json>([first['priority'] ?? 1, true, false]) ?? 1;
    } else {
      plan.push(structuredClone(first));
    }
  },
  target: ({ root }, pick) => {
    const candidates = (at(root, 'topology', 'candidates') as Json[] | undefined) ?? [];
    const plan = objects(at(root, 'prioritized_plan'));
    const findings = objects(at(root, 'findings'));
    const holder = pick([...plan, ...findings]);
    const target = pick<Json>([
      ...candidates,
      'src/never-mapped.py',
      `${String(candidates[0])}\n`,
      null,
      ...plan.map((step) => step['target'] ?? null),
    ]);
    if (holder !== undefined && target !== undefined) holder[pick(['target', 'source']) ?? 'target'] = target;
  },
  tools: ({ root }, pick) => {
    const scans = at(root, 'topology', 'cheap_mapping');
    if (!Array.isArray(scans) || scans.length === 0) return;
    const index = Math.floor((pick([0, 0.5, 0.99]) ?? 0) * scans.length);
    if (pick([true, false])) scans.splice(index, 1);
    else
      objects(scans)[index] &&
        ((objects(scans)[index] as JsonObject)['tool'] =
          pick<Json>(['glob', 'Read', 'Grep', 'Glob', ['Grep'], { tool: 'Glob' }]) ?? 'Read');
  },
  trigger: ({ root }, pick) => {
    const replans = objects(at(root, 'replans'));
    const findings = objects(at(root, 'findings'));
    const replan = pick(replans);
    const value = pick<Json>([['x'], { id: 'x' }, 'no-such-finding', null, 1, ...findings.map((finding) => finding['id'] ?? null)]);
    if (replan !== undefined && value !== undefined) replan['trigger_finding_id'] = value;
    else if (value !== undefined && findings[0] !== undefined)
      (at(root, 'replans') as Json[] | undefined)?.push({
        trigger_finding_id: value,
        invalidated_hypothesis: 'x',
        new_plan_order: [],
        evidence_tag: '[DOC]',
      });
  },
  invalidates: ({ root }, pick) => {
    const finding = pick(objects(at(root, 'findings')));
    const value = pick<Json>([true, false, 'yes', 1, 0, null, []]);
    if (finding !== undefined && value !== undefined) finding['invalidates_hypothesis'] = value;
  },
  order: ({ root }, pick) => {
    const order = at(root, 'replans', 0, 'new_plan_order');
    if (!Array.isArray(order)) return;
    const action = pick(['push', 'pop', 'reverse', 'duplicate']);
    if (action === 'push') order.push(pick<Json>(['src/never-mapped.py', 7, '']) ?? '');
    else if (action === 'pop') order.pop();
    else if (action === 'reverse') order.reverse();
    else if (order[0] !== undefined) order.push(order[0]);
  },
  budget: ({ root }, pick) => {
    const budget = at(root, 'budget');
    if (budget === null || typeof budget !== 'object' || Array.isArray(budget)) return;
    const dimension = at(budget, pick(['files', 'queries', 'minutes']) ?? 'files');
    const limit = at(dimension ?? null, 'limit');
    const edit = pick(['over', 'spent', 'zero', 'negative', 'booleanLimit', 'exhausted', 'exhaustedEmpty', 'status']);
    if (dimension !== null && typeof dimension === 'object' && !Array.isArray(dimension) && typeof limit === 'number') {
      if (edit === 'over') dimension['used'] = limit + 1;
      if (edit === 'spent') dimension['used'] = limit;
      if (edit === 'zero') dimension['limit'] = 0;
      if (edit === 'negative') dimension['used'] = -1;
      if (edit === 'booleanLimit') dimension['limit'] = true;
    }
    if (edit === 'exhausted' || edit === 'exhaustedEmpty') {
      budget['status'] = 'exhausted_with_pending';
      budget['pending_questions'] = edit === 'exhausted' ? ['Who owns the retry policy?'] : [];
    }
    if (edit === 'status') budget['status'] = pick<Json>(['complete', 'Complete', [], { s: 1 }, null]) ?? null;
  },
  fixedValue: ({ root }, pick) => {
    const choice = pick([
      () => ((root as JsonObject)['schema'] = pick<Json>(['jm-labs.katas-adaptive-investigation.report.v2', 'x']) ?? 'x'),
      () => ((root as JsonObject)['skill'] = 'katas'),
      () =>
        (at(root, 'risks') as JsonObject | undefined) &&
        ((at(root, 'risks') as JsonObject)['forbidden_patterns'] = [
          pick(['read_all_files', 'Read_All_Files', 'unbounded_exploration ', 'unbounded_exploration', 'other']) ?? 'other',
        ]),
      () => (at(root, 'scratchpad', 'sections') as Json[] | undefined)?.splice(pick([0, 2, 4]) ?? 0, 1),
      () => (at(root, 'validation', 'checks') as Json[] | undefined)?.splice(pick([0, 4, 8]) ?? 0, 1),
      () =>
        (at(root, 'validation') as JsonObject | undefined) &&
        ((at(root, 'validation') as JsonObject)['status'] = pick<Json>(['block', 'warn', 'fail', 'Pass']) ?? 'fail'),
      () =>
        (at(root, 'prioritized_plan', 0) as JsonObject | undefined) &&
        ((at(root, 'prioritized_plan', 0) as JsonObject)['source'] = 'intuition'),
      () => {
        const finding = at(root, 'findings', 0) as JsonObject | undefined;
        if (finding !== undefined)
          finding['id'] = pick<Json>([`${String(finding['id'])}\n`, `${String(finding['id'])}\n\n`, 'Upper-Case', 'a--b', 'ok-id']) ?? 'x';
      },
      () => {
        const finding = objects(at(root, 'findings'))[0];
        if (finding !== undefined)
          finding[pick(['evidence_tag', 'deep_dive_after_mapping']) ?? 'evidence_tag'] =
            pick<Json>(['[CÓDIGO]', '[CODE]', false, 'true']) ?? '[CODE]';
      },
    ]);
    choice?.();
  },
  topLevel: ({ root }, pick) => {
    const key = pick(Object.keys(root as JsonObject));
    if (key !== undefined) delete (root as JsonObject)[key];
  },
  notAnObject: (document, pick) => {
    document.root = pick<Json>([[], 'report', 3, null, [document.root]]) ?? null;
  },
};

const EDIT_NAMES = Object.keys(EDITS);
/** Edits that leave a document most often valid or aim at the quirks, picked more often than the blunt ones. */
const WEIGHTED = [
  ...EDIT_NAMES.filter((name) => name !== 'notAnObject' && name !== 'topLevel'),
  'pad',
  'pad',
  'blank',
  'extraKey',
  'float',
  'budget',
  'budget',
  'fixedValue',
  'fixedValue',
  'topLevel',
  'notAnObject',
];

/** `count` mutants of the bases, named after their base and edits. */
export function katasMutants(bases: readonly KatasBase[], count: number, seed: number): Mutant[] {
  const next = mulberry32(seed);
  const pick = <T>(values: readonly T[]): T | undefined => (values.length === 0 ? undefined : values[Math.floor(next() * values.length)]);
  const mutants: Mutant[] = [];
  for (let index = 0; index < count; index++) {
    const base = pick(bases) as KatasBase;
    const document: { root: Json } = { root: structuredClone(base.data) };
    const edits: string[] = [];
    const editCount = 1 + Math.floor(next() * 3);
    // Once the document is no longer an object, there is nothing left to edit.
    for (let edit = 0; edit < editCount && isObject(document.root); edit++) {
      const name = pick(WEIGHTED) as string;
      edits.push(name);
      (EDITS[name] as Edit)(document, pick);
    }
    const json = JSON.stringify(document.root, null, next() < 0.5 ? 2 : undefined) ?? 'null';
    // A number marked for float spelling is written back as a number with a fraction or an exponent.
    const text = json.replace(/"@@float@@(-?\d+)@@([^@]*)@@"/g, '$1$2');
    mutants.push({ name: `${String(index).padStart(4, '0')}-${base.name}-${edits.join('-')}.json`, text });
  }
  return mutants;
}
