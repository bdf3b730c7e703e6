// Goal 41.6: the agents' hook's decision before a tool call, a whole process, against the floor of
// starting node, side by side: a deep read judged (the configuration found, the spec's facts kept,
// the ledger read and appended to), the heaviest decision a tool call pays for.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Bench, cli, roundsOf, type SectionResult } from './context.js';
import { formatMs, ratioRow } from './goals.js';
import { interleave, log, medians, timeProcess } from './measure.js';

const AGAINST_NODE = 1.3;

export function measureHook(bench: Bench): SectionResult {
  const rounds = roundsOf(bench, 20, 5);
  const project = join(bench.work, 'hook-project');
  mkdirSync(join(project, '.git'), { recursive: true });
  writeFileSync(
    join(project, 'spec.json'),
    JSON.stringify({ goal: 'Where is x set?', budget: { total: 1_000_000, used: 0, unit: 'reads' } }),
  );
  writeFileSync(join(project, 'investigation.config.json'), JSON.stringify({ hooks: { spec: 'spec.json', blindReads: 'off' } }));
  let call = 0;
  const payload = () =>
    JSON.stringify({
      hook_event_name: 'PreToolUse',
      session_id: 'bench',
      cwd: project,
      tool_name: 'Read',
      tool_input: { file_path: join(project, 'src/x.ts') },
      tool_use_id: `read-${++call}`,
    });
  const tasks = {
    'node -e 0': () => timeProcess(process.execPath, ['-e', '0'], project),
    hook: () => timeProcess(process.execPath, [cli, 'hook'], project, [0], payload()),
  };
  log(`hook: a deep read judged before the call, a warm-up and ${rounds} rounds`);
  for (const task of Object.values(tasks)) task();
  const samples = interleave(rounds, tasks);
  const ms = medians(samples);
  const floor = ms['node -e 0']!;
  const rows = [
    ratioRow({
      id: '41.6',
      goal: '`compile-investigation hook` on a PreToolUse Read / `node -e 0`, whole processes',
      value: ms['hook']! / floor,
      comparison: '<=',
      target: AGAINST_NODE,
      detail: `${formatMs(ms['hook']!)} / ${formatMs(floor)}`,
    }),
  ];
  return { rows, raw: { rounds, samplesMs: samples } };
}
