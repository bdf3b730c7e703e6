// Seeded generator of realistic investigation specs, for benchmarks and load tests.
//
//   npx tsx scripts/gen-corpus.ts --count 1000 --seed 42 --out /tmp/corpus
//
// The same seed gives the same bytes: a small deterministic PRNG (mulberry32) drives every
// choice, each spec from its own stream derived from (seed, index), so spec k does not depend on
// how many specs are generated. About 80% of the specs pass the gate; the rest break it in varied
// ways (a wrong tool, an unmapped node, a missing provenance tag, a bad replan trigger, a duplicate
// id, a budget that does not add up, a syntax error, a missing goal, ...). About a quarter are YAML
// and about a quarter carry a discovery block.
//
// The CLI writes each spec with a `<name>.expect.json` sidecar for `compile-investigation test`.
// The sidecars are NOT hand-written expectations: they are computed by compiling each spec once
// with the library (gate preset) and recording what it gave. They are regression baselines for
// benchmarking the test command, and prove nothing about the correctness of the compiler.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { stringify as toYaml } from 'yaml';

export type CorpusFormat = 'json' | 'yaml';

export interface CorpusSpec {
  /** File name, with its extension (.json, .yaml or .yml). */
  name: string;
  text: string;
  format: CorpusFormat;
}

// ---------------------------------------------------------------------------------------------
// Randomness

/** mulberry32: a 32-bit state PRNG, uniform in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit mix of two integers (the seed and a spec's index), so every spec has its own stream. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x632be5ab, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

class Random {
  private readonly next: () => number;

  constructor(seed: number) {
    this.next = mulberry32(seed);
  }

  float(): number {
    return this.next();
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** `count` distinct items, in a random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy.slice(0, Math.min(count, copy.length));
  }
}

// ---------------------------------------------------------------------------------------------
// Vocabulary: three kinds of corpus the method is used on (code, data, documents).

interface Domain {
  name: 'code' | 'data' | 'docs';
  areas: readonly string[];
  /** A production node under an area. */
  node(random: Random, area: string): string;
  /** A test or spec node under an area (used by discovery's deepen). */
  testNode(random: Random, area: string): string;
  symptoms: readonly string[];
  keywords: readonly string[];
}

const CODE: Domain = {
  name: 'code',
  areas: ['billing', 'payments', 'search', 'auth', 'inventory', 'notifications', 'reports', 'shipping', 'checkout', 'ledger'],
  node(random, area) {
    const folder = random.pick(['api', 'internal', 'lib', 'core', 'jobs', 'adapters', 'domain']);
    const file = random.pick([
      'handler',
      'service',
      'client',
      'cache',
      'retry',
      'config',
      'schema',
      'queue',
      'worker',
      'mapper',
      'validator',
      'router',
      'scheduler',
      'store',
    ]);
    const extension = random.pick(['.ts', '.go', '.py', '.java', '.rs', '.kt']);
    return `${area}/${folder}/${file}${extension}`;
  },
  testNode(random, area) {
    const file = random.pick(['handler', 'service', 'retry', 'cache', 'mapper']);
    return random.chance(0.5) ? `${area}/tests/${file}_test.go` : `${area}/internal/${file}.spec.ts`;
  },
  symptoms: [
    'refunds are retried twice after a gateway timeout',
    'the search API shows stale prices for ten minutes',
    'sessions expire early for users in UTC+13',
    'invoice totals are off by one cent on large orders',
    'stock counts go negative during flash sales',
    'password reset emails arrive twice',
    'the nightly report job skips the last day of the month',
    'shipping labels print the billing address',
    'checkout hangs when the coupon service is slow',
    'ledger entries are written out of order under load',
  ],
  keywords: [
    'retry',
    'timeout',
    'ttl',
    'cache',
    'round',
    'Decimal',
    'idempotency',
    'lock',
    'cron',
    'locale',
    'backoff',
    'mutex',
    'batch',
    'offset',
    'queue',
    'webhook',
  ],
};

const DATA: Domain = {
  name: 'data',
  areas: ['sensors', 'sales', 'churn', 'traffic', 'warehouse', 'claims', 'energy', 'logistics'],
  node(random, area) {
    const month = String(random.int(1, 12)).padStart(2, '0');
    return random.pick([
      `dumps/2024-${month}/${area}_${random.pick(['north', 'south', 'east', 'west', 'raw', 'daily'])}.csv`,
      `warehouse/models/${area}_${random.pick(['facts', 'dim', 'rollup', 'snapshot'])}.sql`,
      `etl/jobs/load_${area}_${random.pick(['daily', 'hourly', 'backfill'])}.py`,
      `notebooks/${area}-${random.pick(['eda', 'drift', 'qa', 'audit'])}.ipynb`,
    ]);
  },
  testNode(_random, area) {
    return `etl/tests/test_load_${area}.py`;
  },
  symptoms: [
    'readings drift upward by 2 °C every night',
    'monthly revenue in the warehouse is 3% below the ledger',
    'the churn count jumps on the first of every month',
    'traffic counts double after the daylight-saving change',
    'claims from one region vanish between load and rollup',
    'energy totals disagree between the hourly and daily tables',
  ],
  keywords: [
    'timezone',
    'dedupe',
    'join',
    'null',
    'calibration',
    'partition',
    'currency',
    'rollup',
    'late_arrival',
    'backfill',
    'watermark',
    'encoding',
  ],
};

const DOCS: Domain = {
  name: 'docs',
  areas: ['oncall', 'contracts', 'security', 'hr-policy', 'architecture', 'runbooks', 'legal', 'procurement'],
  node(random, area) {
    return random.pick([
      `wiki/${area}/${random.pick(['overview', 'ownership', 'escalation', 'faq', 'history', 'glossary'])}.md`,
      `contracts/${area}/${random.pick(['msa', 'sow', 'amendment-2', 'renewal', 'termination'])}.pdf`,
      `runbooks/${area}-${random.pick(['pager', 'failover', 'restore', 'rotation'])}.md`,
      `minutes/${area}/2023-${String(random.int(1, 12)).padStart(2, '0')}-review.md`,
    ]);
  },
  testNode(_random, area) {
    return `wiki/${area}/tests/checklist.md`;
  },
  symptoms: [
    'nobody knows which team owns the payment pager',
    'the termination notice period differs between the contract and the wiki',
    'the data retention period for audit logs is stated three different ways',
    'the failover runbook names a region that no longer exists',
    'the procurement threshold changed but the policy page was not updated',
  ],
  keywords: [
    'owner',
    'notice',
    'retention',
    'escalation',
    'termination',
    'region',
    'threshold',
    'rotation',
    'SLA',
    'approval',
    'renewal',
    'deprecated',
  ],
};

const DOMAINS: readonly Domain[] = [CODE, CODE, DATA, DOCS];

const CHEAP_TOOLS = ['Glob', 'Grep', 'rg', 'find', 'ls'] as const;
const EXPENSIVE_TOOLS = ['Read', 'sed', 'open', 'cat'] as const;
const PROVENANCE = ['[CÓDIGO]', '[CODIGO]', '[CONFIG]', '[DOC]', '[INFERENCIA]', '[SUPUESTO]'] as const;
const FINDINGS = [
  'the value is set once at start-up and never refreshed',
  'the call is wrapped in a retry loop with no idempotency key',
  'the conversion uses the server time zone instead of UTC',
  'the rounding happens before the discount is applied',
  'the lock is released before the write is flushed',
  'the threshold was changed in March but this copy still shows the old one',
  'the join drops rows whose key is null',
  'nothing here touches the value in question',
  'the job reads the partition of the previous day',
  'the owner listed here left the company last year',
];

// ---------------------------------------------------------------------------------------------
// Valid specs

type Json = Record<string, unknown>;

interface Draft {
  spec: Json;
  domain: Domain;
  /** Every node the surface map surfaced. */
  mapped: string[];
}

/**
 * A spec that passes the gate, of random size: 2-8 map entries, 2-10 hypotheses, 1-40 deep dives.
 * `readsOnly` keeps the budget in reads, which the reference script also accepts.
 */
function validDraft(random: Random, readsOnly = false): Draft {
  const domain = random.pick(DOMAINS);
  const area = random.pick(domain.areas);
  const otherArea = random.pick(domain.areas);

  // Surface map: 2-8 entries over a pool of nodes, some surfaced by more than one entry.
  const mapCount = random.int(2, 8);
  const pool = new Set<string>();
  while (pool.size < mapCount * 3) pool.add(domain.node(random, random.chance(0.8) ? area : otherArea));
  const poolList = [...pool];
  const surfaceMap = Array.from({ length: mapCount }, (_, i) => {
    const nodes = random.sample(poolList, random.int(1, 5));
    const keyword = random.pick(domain.keywords);
    return {
      id: `M${i + 1}`,
      tool: random.pick(CHEAP_TOOLS),
      query: random.chance(0.5) ? `${keyword}|${random.pick(domain.keywords)}` : `${area}/**/*`,
      candidateNodes: nodes,
      evidence: `${nodes.length === 1 ? 'One candidate' : `${nodes.length} candidates`} for "${keyword}" under ${area}; names and paths only, nothing read.`,
    };
  });
  const mapped = [...new Set(surfaceMap.flatMap((entry) => entry.candidateNodes))];

  // Hypotheses, ranked 1..n.
  const hypothesisCount = random.int(2, 10);
  const hypotheses = Array.from({ length: hypothesisCount }, (_, i) => ({
    id: `H${i + 1}`,
    claim: `${capitalise(random.pick(FINDINGS))} in ${random.pick(mapped)}, which would explain the symptom.`,
    priority: i + 1,
    cost: random.int(1, 3),
    status: 'open',
    candidateNodes: random.sample(mapped, random.int(1, 3)),
  }));

  // Deep dives: mostly few, sometimes many (1-40).
  const diveCount = Math.max(1, Math.min(40, 1 + Math.floor(39 * random.float() ** 2.5)));
  // The scenario decides how many hypotheses get tested and how the investigation ends.
  const scenario = random.pick(['resolved', 'resolved', 'resolved', 'unresolved', 'exhausted'] as const);
  const tested = Math.max(1, Math.min(hypothesisCount, diveCount, random.int(1, Math.min(4, hypothesisCount))));
  // Dives per tested hypothesis: at least one each, the rest spread at random.
  const perHypothesis = new Array<number>(tested).fill(1);
  for (let extra = diveCount - tested; extra > 0; extra--) perHypothesis[random.int(0, tested - 1)]! += 1;

  const tokensUnit = random.chance(0.3) && !readsOnly;
  const deepDives: Json[] = [];
  const replanLog: Json[] = [];
  let diveNumber = 0;
  for (let h = 0; h < tested; h++) {
    const hypothesis = hypotheses[h]!;
    const last = h === tested - 1;
    // Resolved runs confirm the last tested hypothesis; the others are invalidated, or left active.
    const outcome = last && scenario === 'resolved' ? 'confirmed' : last && random.chance(0.4) ? 'active' : 'invalidated';
    hypothesis.status = outcome;
    const count = perHypothesis[h]!;
    for (let k = 0; k < count; k++) {
      diveNumber++;
      const decisive = k === count - 1;
      const effect =
        outcome === 'confirmed'
          ? decisive || random.chance(0.5)
            ? 'confirms'
            : 'neutral'
          : outcome === 'invalidated' && decisive
            ? 'invalidates'
            : 'neutral';
      const node = random.chance(0.8) ? random.pick(hypothesis.candidateNodes) : random.pick(mapped);
      const dive: Json = {
        id: `D${diveNumber}`,
        hypothesisId: hypothesis.id,
        node,
        tool: random.pick(EXPENSIVE_TOOLS),
        finding: `${capitalise(random.pick(FINDINGS))} (${node}).`,
        effect,
        provenance: random.pick(PROVENANCE),
      };
      if (tokensUnit) dive['tokens'] = random.int(400, 9000);
      deepDives.push(dive);
      if (effect === 'invalidates') {
        const next = hypotheses[h + 1];
        const replan: Json = {
          trigger: 'hypothesis_invalidated',
          hypothesisId: hypothesis.id,
          decision: next
            ? `Drop ${hypothesis.id} and move to ${next.id}, the next by priority.`
            : `Drop ${hypothesis.id}; no ranked hypothesis is left.`,
          evidence: `D${diveNumber} contradicts ${hypothesis.id}.`,
        };
        if (random.chance(0.8)) replan['afterDeepDive'] = `D${diveNumber}`;
        replanLog.push(replan);
      }
    }
  }

  const used = tokensUnit ? deepDives.reduce((sum, dive) => sum + (dive['tokens'] as number), 0) : deepDives.length;
  const allInvalidated = hypotheses.every((hypothesis) => hypothesis.status === 'invalidated');
  let reason: string;
  let total: number;
  if (scenario === 'exhausted' && !allInvalidated) {
    reason = 'budget_exhausted';
    total = used;
  } else {
    reason = scenario === 'resolved' ? 'goal_resolved' : readsOnly ? 'escalated' : random.pick(['goal_unresolved', 'escalated']);
    total = tokensUnit ? used + random.int(0, 20_000) : Math.min(50, used + random.int(0, 10));
  }

  const unsettled = hypotheses.filter((hypothesis) => hypothesis.status === 'open' || hypothesis.status === 'active');
  const risks = unsettled.map(
    (hypothesis) =>
      `${hypothesis.id} stays ${hypothesis.status}: ${hypothesis.candidateNodes.join(', ')} ${hypothesis.candidateNodes.length === 1 ? 'was' : 'were'} not read to the end.`,
  );
  if (risks.length === 0 || random.chance(0.5)) risks.push(`Nodes under ${otherArea} were mapped by name only.`);

  const confirmed = hypotheses.find((hypothesis) => hypothesis.status === 'confirmed');
  const symptom = random.pick(domain.symptoms);
  const spec: Json = {
    goal: `Find out why ${symptom} (${area}).`,
    budget: { total, used, unit: tokensUnit ? 'tokens' : 'reads' },
    surfaceMap,
    hypotheses,
    deepDives,
    replanLog,
    stopCondition: {
      reason,
      evidence:
        reason === 'goal_resolved'
          ? `${confirmed?.id ?? 'The last hypothesis'} is confirmed by the last deep dive.`
          : reason === 'budget_exhausted'
            ? `All ${total} ${tokensUnit ? 'tokens' : 'reads'} are spent.`
            : 'The tested hypotheses did not explain the symptom; the rest need access we do not have.',
    },
    deliverable:
      reason === 'goal_resolved'
        ? `${capitalise(symptom)} because ${confirmed?.claim.toLowerCase() ?? 'of the confirmed cause'}`
        : `Partial answer: ${hypotheses.filter((h) => h.status === 'invalidated').length} hypotheses ruled out; see the risks.`,
    risks,
  };
  if (random.chance(0.25)) spec['discovery'] = discoveryBlock(random, domain, area);
  if (random.chance(0.1)) spec['x-agent'] = { name: random.pick(['scout', 'atlas', 'owl']), run: random.int(1, 999) };
  return { spec, domain, mapped };
}

/** A discovery trace that passes every discovery rule: 1-3 cycles of forage, focus and optional deepen. */
function discoveryBlock(random: Random, domain: Domain, area: string): Json {
  const limits = {
    maxCycles: random.int(3, 5),
    cycleTokenBudget: random.int(5, 9) * 1000,
    topK: random.int(3, 5),
    focusK: random.int(1, 3),
    deepenHops: random.int(1, 3),
    noNewSignalCycles: 2,
  };
  const cycleCount = random.int(1, 3);
  const stopReason = cycleCount >= 2 && random.chance(0.3) ? 'no_new_signal' : 'evidence_sufficient';
  const keywords = random.sample(domain.keywords, cycleCount * 2);
  const cycles = Array.from({ length: cycleCount }, (_, c) => {
    const cycleKeywords = keywords.slice(c * 2, c * 2 + random.int(1, 2));
    const events: Json[] = [];
    const production: string[] = [];
    for (const keyword of cycleKeywords) {
      const files = [...new Set(Array.from({ length: random.int(1, limits.topK) }, () => domain.node(random, area)))];
      production.push(...files);
      events.push({
        phase: 'forage',
        keyword,
        candidates: files.length,
        filesRead: 0,
        tokens: random.int(150, 400),
        wallTimeMs: random.int(50, 200),
        files,
      });
    }
    // Focus reads production candidates only, so no test is read before them.
    const focusFiles = random.sample([...new Set(production)], limits.focusK);
    events.push({
      phase: 'focus',
      candidates: focusFiles.length,
      filesRead: focusFiles.length,
      tokens: focusFiles.length * random.int(500, 1200),
      wallTimeMs: random.int(400, 1500),
      files: focusFiles,
    });
    if (random.chance(0.5)) {
      events.push({
        phase: 'deepen',
        candidates: 1,
        filesRead: 1,
        tokens: random.int(300, 900),
        wallTimeMs: random.int(200, 800),
        files: [domain.testNode(random, area)],
        hops: random.int(1, limits.deepenHops),
      });
    }
    const last = c === cycleCount - 1;
    const newSignals =
      stopReason === 'no_new_signal' ? (c >= cycleCount - 2 ? 0 : random.int(1, 3)) : last ? random.int(1, 3) : random.int(0, 2);
    return { cycle: c + 1, keywords: cycleKeywords, events, newSignals };
  });
  return {
    limits,
    cycles,
    stop: {
      reason: stopReason,
      evidence:
        stopReason === 'no_new_signal'
          ? `The last ${limits.noNewSignalCycles} cycles found nothing new.`
          : `Cycle ${cycleCount} found the signal the deep dives then confirmed.`,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Invalid specs: one mistake each, of varied kinds.

type Mutation = (draft: Draft, random: Random) => void;

const MUTATIONS: Record<string, Mutation> = {
  'wrong-dive-tool': ({ spec }, random) => void (random.pick(dives(spec))['tool'] = random.pick(['rg', 'grep', 'WebFetch'])),
  'wrong-map-tool': ({ spec }, random) =>
    void (random.pick(entries(spec, 'surfaceMap'))['tool'] = random.pick(['Read', 'cat', 'read_file'])),
  'unmapped-dive-node': ({ spec, domain }, random) =>
    void (random.pick(dives(spec))['node'] = `${random.pick(domain.areas)}/unmapped/${random.pick(['legacy', 'old', 'vendor'])}.txt`),
  'unmapped-hypothesis-node': ({ spec }, random) =>
    void (random.pick(entries(spec, 'hypotheses'))['candidateNodes'] as string[]).push('vendor/unmapped/blob.bin'),
  'missing-provenance': ({ spec }, random) => void delete random.pick(dives(spec))['provenance'],
  'unknown-provenance': ({ spec }, random) => void (random.pick(dives(spec))['provenance'] = random.pick(['[CODE]', '[GUESS]', 'code'])),
  'bad-trigger': ({ spec }, random) => {
    const log = entries(spec, 'replanLog');
    const hypothesisId = (entries(spec, 'hypotheses')[0]?.['id'] as string) ?? 'H1';
    if (log.length === 0) log.push({ trigger: 'hypothesis_invalidated', hypothesisId, decision: 'Re-plan.', evidence: 'A new idea.' });
    random.pick(log)['trigger'] = random.pick(['every_turn', 'new_idea', 'timer', 'hypothesis-invalidated']);
  },
  'duplicate-dive-id': ({ spec }, random) => {
    const list = dives(spec);
    if (list.length < 2) return MUTATIONS['duplicate-hypothesis-id']!({ spec } as Draft, random);
    list[list.length - 1]!['id'] = list[0]!['id'];
  },
  'duplicate-hypothesis-id': ({ spec }) => {
    const list = entries(spec, 'hypotheses');
    list[list.length - 1]!['id'] = list[0]!['id'];
  },
  'duplicate-map-id': ({ spec }) => {
    const list = entries(spec, 'surfaceMap');
    list[1]!['id'] = list[0]!['id'];
  },
  'budget-mismatch': ({ spec }) => {
    const budget = spec['budget'] as Json;
    budget['used'] = (budget['used'] as number) - 1;
  },
  'open-not-in-risks': ({ spec }, random) => {
    const list = entries(spec, 'hypotheses');
    const id = `H${list.length + 1}`;
    list.push({
      id,
      claim: 'A second cause hides behind the first.',
      priority: list.length + 1,
      cost: 2,
      status: 'open',
      candidateNodes: [random.pick(entries(spec, 'surfaceMap')[0]!['candidateNodes'] as string[])],
    });
  },
  'anti-pattern': ({ spec }, random) => {
    const dive = random.pick(dives(spec));
    dive['finding'] =
      `${dive['finding'] as string} Then fell back to ${random.pick(['read_all_files', 'full_repo_read', 'reflexive_replan'])} to be sure.`;
  },
  'status-without-evidence': ({ spec }) => {
    const list = entries(spec, 'hypotheses');
    const target = list.find((hypothesis) => hypothesis['status'] === 'open') ?? list[0]!;
    target['status'] = target['status'] === 'confirmed' ? 'invalidated' : 'confirmed';
  },
  'blank-finding': ({ spec }, random) => void (random.pick(dives(spec))['finding'] = '   '),
  'unknown-effect': ({ spec }, random) => void (random.pick(dives(spec))['effect'] = random.pick(['supports', 'refutes', 'maybe'])),
  'resolved-unconfirmed': ({ spec }) => {
    for (const hypothesis of entries(spec, 'hypotheses')) if (hypothesis['status'] === 'confirmed') hypothesis['status'] = 'active';
    (spec['stopCondition'] as Json)['reason'] = 'goal_resolved';
    (spec['risks'] as string[]).push(...entries(spec, 'hypotheses').map((hypothesis) => `${hypothesis['id'] as string} is not settled.`));
  },
  'no-risks': ({ spec }) => void (spec['risks'] = []),
  'discovery-over-limit': ({ spec, domain }, random) => {
    const discovery = (spec['discovery'] ??= discoveryBlock(random, domain, random.pick(domain.areas))) as Json;
    const limits = discovery['limits'] as Json;
    const focus = ((discovery['cycles'] as Json[])[0]!['events'] as Json[]).find((event) => event['phase'] === 'focus')!;
    focus['filesRead'] = (limits['focusK'] as number) + 1;
  },
  'discovery-repeated-keywords': ({ spec, domain }, random) => {
    const discovery = (spec['discovery'] ??= discoveryBlock(random, domain, random.pick(domain.areas))) as Json;
    const cycles = discovery['cycles'] as Json[];
    if (cycles.length < 2) {
      (discovery['stop'] as Json)['reason'] = 'max_cycles';
      return;
    }
    cycles[1]!['keywords'] = [...(cycles[0]!['keywords'] as string[])];
  },
  'schema-type': ({ spec }, random) => void (random.pick(entries(spec, 'hypotheses'))['priority'] = 'high'),
};

/** Mistakes that make the file unreadable as a spec (exit 3) or leave out a critical input (exit 4). */
const TEXT_MUTATIONS = ['syntax-error', 'missing-goal', 'missing-budget'] as const;

function entries(spec: Json, section: string): Json[] {
  return spec[section] as Json[];
}

function dives(spec: Json): Json[] {
  return entries(spec, 'deepDives');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// ---------------------------------------------------------------------------------------------
// Serialisation and the public API

function serialise(spec: Json, format: CorpusFormat): string {
  return format === 'json' ? `${JSON.stringify(spec, null, 2)}\n` : toYaml(spec, { lineWidth: 0 });
}

/**
 * `count` specs from `seed`: about 80% valid under the gate, 20% invalid in varied ways, about a
 * quarter YAML. Spec k is the same whatever `count` is.
 */
export function generateCorpus(count: number, seed: number): CorpusSpec[] {
  const specs: CorpusSpec[] = [];
  for (let index = 0; index < count; index++) specs.push(generateSpec(index, seed));
  return specs;
}

/**
 * `count` specs from `seed` that pass the gate and the reference script, all JSON with budgets in
 * reads: the corpus the benchmark gives both tools (the reference reads JSON only and stops at
 * the first invalid spec). Spec k is the same whatever `count` is.
 */
export function generateValidJsonCorpus(count: number, seed: number): CorpusSpec[] {
  const specs: CorpusSpec[] = [];
  for (let index = 0; index < count; index++) {
    const draft = validDraft(new Random(mix(seed, index)), true);
    specs.push({
      name: `${String(index).padStart(5, '0')}-${draft.domain.name}.json`,
      text: serialise(draft.spec, 'json'),
      format: 'json',
    });
  }
  return specs;
}

function generateSpec(index: number, seed: number): CorpusSpec {
  const random = new Random(mix(seed, index));
  const draft = validDraft(random);
  const format: CorpusFormat = random.chance(0.25) ? 'yaml' : 'json';
  const extension = format === 'json' ? 'json' : random.chance(0.7) ? 'yaml' : 'yml';
  let kind = 'valid';
  let text: string;
  if (random.chance(0.2)) {
    const textual = random.chance(0.15);
    kind = textual ? random.pick(TEXT_MUTATIONS) : random.pick(Object.keys(MUTATIONS));
    if (kind === 'missing-goal') delete draft.spec['goal'];
    if (kind === 'missing-budget') delete draft.spec['budget'];
    if (!textual) MUTATIONS[kind]!(draft, random);
    text = serialise(draft.spec, format);
    if (kind === 'syntax-error') {
      // Cut the file short inside a value, as a crashed writer would.
      text = format === 'json' ? text.slice(0, Math.floor(text.length * random.float() * 0.9) + 10) : `${text}  - [unbalanced: {\n`;
    }
  } else {
    text = serialise(draft.spec, format);
  }
  const name = `${String(index).padStart(5, '0')}-${draft.domain.name}-${kind}.${extension}`;
  return { name, text, format };
}

/**
 * One spec with `dives` deep dives that passes the gate, for scaling measurements: dives/10
 * surface-map entries of 10 nodes each, and one hypothesis per entry, tested in priority order
 * by 10 dives each; every hypothesis but the last is invalidated (with a replan), the last is
 * confirmed. The budget is in tokens (12 to 18 a dive), so that it stays within the gate's range.
 */
export function generateScaledSpec(dives: number): string {
  if (!Number.isSafeInteger(dives) || dives < 1) throw new RangeError(`dives must be a positive whole number, not ${dives}`);
  const groups = Math.ceil(dives / 10);
  const surfaceMap: Json[] = [];
  const hypotheses: Json[] = [];
  const deepDives: Json[] = [];
  const replanLog: Json[] = [];
  let used = 0;
  for (let g = 0; g < groups; g++) {
    const area = `services/${CODE.areas[g % CODE.areas.length]}-${g}`;
    const size = Math.min(10, dives - g * 10);
    const nodes = Array.from(
      { length: 10 },
      (_, j) => `${area}/${['handler', 'service', 'client', 'cache', 'retry', 'config', 'schema', 'queue', 'worker', 'mapper'][j]}.ts`,
    );
    surfaceMap.push({
      id: `M${g + 1}`,
      tool: CHEAP_TOOLS[g % CHEAP_TOOLS.length],
      query: `${area}/**/*.ts`,
      candidateNodes: nodes,
      evidence: `Ten modules under ${area}, found by name only.`,
    });
    const last = g === groups - 1;
    const id = `H${g + 1}`;
    hypotheses.push({
      id,
      claim: `The fault lives in ${area}.`,
      priority: g + 1,
      cost: 1 + (g % 3),
      status: last ? 'confirmed' : 'invalidated',
      candidateNodes: nodes,
    });
    for (let j = 0; j < size; j++) {
      const number = deepDives.length + 1;
      const tokens = 12 + ((g + j) % 7);
      used += tokens;
      const effect = last ? 'confirms' : j === 0 ? 'invalidates' : 'neutral';
      deepDives.push({
        id: `D${number}`,
        hypothesisId: id,
        node: nodes[j],
        tool: EXPENSIVE_TOOLS[number % EXPENSIVE_TOOLS.length],
        finding: `${capitalise(FINDINGS[(g + j) % FINDINGS.length]!)} (${nodes[j]}).`,
        effect,
        provenance: PROVENANCE[number % PROVENANCE.length],
        tokens,
      });
      if (effect === 'invalidates')
        replanLog.push({
          trigger: 'hypothesis_invalidated',
          hypothesisId: id,
          decision: `Drop ${id}; move to H${g + 2}.`,
          evidence: `D${number} rules ${area} out.`,
          afterDeepDive: `D${number}`,
        });
    }
  }
  const spec = {
    goal: `Find which of ${groups} services corrupts the nightly export.`,
    budget: { total: used + 1000, used, unit: 'tokens' },
    surfaceMap,
    hypotheses,
    deepDives,
    replanLog,
    stopCondition: { reason: 'goal_resolved', evidence: `H${groups} is confirmed by its deep dives.` },
    deliverable: `The nightly export is corrupted by the last service mapped (H${groups}).`,
    risks: ['Services were read one module at a time; cross-service effects were not traced.'],
  };
  return `${JSON.stringify(spec, null, 2)}\n`;
}

/**
 * Writes `count` specs from `seed` into `out`, each with a `<name>.expect.json` sidecar computed
 * by compiling it once with the library (a regression baseline, not a hand-written expectation).
 * Returns how many specs pass the gate.
 */
export async function writeCorpus(count: number, seed: number, out: string): Promise<{ written: number; passing: number }> {
  // Loaded here, not at the top: importing the generator (as the benchmark does) loads no compiler beside the one measured.
  const { createCompiler } = await import('../src/index.js');
  const { expectationOf, fixtureStem, serializeExpectation } = await import('../src/regression/index.js');
  mkdirSync(out, { recursive: true });
  const compiler = createCompiler();
  let passing = 0;
  for (const spec of generateCorpus(count, seed)) {
    const file = join(out, spec.name);
    writeFileSync(file, spec.text);
    const result = compiler.compile(Buffer.from(spec.text, 'utf8'), { path: spec.name });
    if (result.exitCode === 0) passing++;
    writeFileSync(`${fixtureStem(file)}.expect.json`, serializeExpectation(expectationOf(result), 'json'));
  }
  return { written: count, passing };
}

function parseArgs(argv: readonly string[]): { count: number; seed: number; out: string } {
  const value = (flag: string): string | undefined => {
    const at = argv.indexOf(flag);
    return at === -1 ? undefined : argv[at + 1];
  };
  const count = Number(value('--count') ?? '1000');
  const seed = Number(value('--seed') ?? '1');
  const out = value('--out');
  if (!Number.isSafeInteger(count) || count < 1) throw new Error('--count takes a positive whole number');
  if (!Number.isSafeInteger(seed)) throw new Error('--seed takes a whole number');
  if (out === undefined) throw new Error('--out DIR is required');
  return { count, seed, out: resolve(out) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const { count, seed, out } = parseArgs(process.argv.slice(2));
    const { written, passing } = await writeCorpus(count, seed, out);
    process.stdout.write(
      `wrote ${written} specs with .expect.json sidecars to ${out} (seed ${seed}; ${passing} pass the gate, ${written - passing} do not)\n`,
    );
  } catch (error) {
    process.stderr.write(`gen-corpus: ${error instanceof Error ? error.message : String(error)}\n`);
    process.stderr.write('usage: npx tsx scripts/gen-corpus.ts --count N --seed S --out DIR\n');
    process.exitCode = 2;
  }
}
