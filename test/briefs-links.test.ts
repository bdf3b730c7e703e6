/**
 * Brief chains and links, on the command line: an artifact that leads out of its folder is not
 * read, not even when it is swapped in after the folder was listed, and an append reads and writes
 * one folder, even when the path to it is swapped while it runs.
 */
import { cpSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appendBrief } from '../src/briefs/append.js';
import { checkBriefArtifacts } from '../src/briefs/artifacts.js';
import { projectRoot } from './support/cli.js';
import { runInProcess } from './support/in-process.js';
import { startSwapper } from './support/swapper.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('briefs-links');
const MAX = 16 * 1024 * 1024;
const SECRET = 'SECRET-OUTSIDE-THE-CHAIN';
const emptyBrief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Where next?', changes: [] };

/** Runs of each race: enough that the swapper lands between a check and a use many times over. */
const RACE_RUNS = 150;

/** Rounds of RACE_RUNS a race may take before it must have shown both sides. */
const MAX_ROUNDS = 20;

describe.skipIf(process.platform === 'win32')('brief chains and links out of their folder', () => {
  it('briefs: an artifact swapped between a file inside and a link out is never read, whatever the timing', async () => {
    const dir = tempDir();
    const chain = join(dir, 'chain');
    cpSync(join(projectRoot, 'fixtures', 'briefs', 'chain-valid'), chain, { recursive: true });
    mkdirSync(join(dir, 'outside'));
    // What briefs would quote if it read it: the id in a message, the line in a code frame.
    writeFileSync(join(dir, 'outside', 'H1-0001.json'), `{"hypothesisId": "${SECRET}", "sequence": 1, "parent": null, "brief": {}}\n`);
    const inside = JSON.stringify({ hypothesisId: 'H1', sequence: 1, parent: null, brief: emptyBrief });
    const swapper = startSwapper('file', join(chain, 'H1-0001.json'), join(dir, 'outside', 'H1-0001.json'), inside);
    const quoted: string[] = [];
    const seen = new Set<string>();
    try {
      // In rounds until the tool has seen both the file and the link out: on a busy machine the
      // swapper may not run at all during a round, and another round is run rather than the
      // outcome depending on how the machine schedules two processes (as in mcp-roots-race).
      const ranBothWays = () => seen.has('link out') && seen.has('file');
      for (let rounds = 0; rounds < MAX_ROUNDS && (rounds === 0 || !ranBothWays()); rounds++)
        for (let run = 0; run < RACE_RUNS; run++) {
          const format = run % 2 === 0 ? ['--format', 'text'] : ['--json'];
          const result = await runInProcess(['briefs', 'chain', ...format], { cwd: dir });
          const output = result.stdout + result.stderr;
          if (output.includes(SECRET)) quoted.push(output);
          seen.add(output.includes('LINK_OUT') ? 'refused when opened' : output.includes('symbolic link out of') ? 'link out' : 'file');
        }
    } finally {
      await swapper.stop();
    }
    expect(quoted).toEqual([]);
    // The race was run: the tool saw the link out at least once.
    expect([...seen]).toContain('link out');
  });

  it('briefs append: reads and writes the one folder it opened, even as the path to it is swapped to another folder', async () => {
    const dir = tempDir();
    for (const name of ['one', 'two']) mkdirSync(join(dir, name));
    symlinkSync(join(dir, 'one'), join(dir, 'chain'));
    const swapper = startSwapper('link', join(dir, 'chain'), join(dir, 'two'), join(dir, 'one'));
    const outcomes = new Map<string, number>();
    try {
      for (let run = 0; run < RACE_RUNS; run++) {
        const result = appendBrief(
          join(dir, 'chain'),
          'H1',
          { ...emptyBrief, nextQuestion: `Where next, ${run}?` },
          { registry: undefined, maxBytes: MAX },
        );
        const outcome = result.outcome === 'refused' ? result.code : result.outcome;
        outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
      }
    } finally {
      await swapper.stop();
    }
    // Each artifact was planned from the folder it was written in: both chains hold, without gaps.
    for (const name of ['one', 'two']) {
      const checked = checkBriefArtifacts(join(dir, name), { cwd: dir, maxBytes: MAX });
      const failed = checked.files.filter((file) => file.exitCode !== 0).map((file) => `${file.path}: ${JSON.stringify(file.diagnostics)}`);
      expect(failed, name).toEqual([]);
    }
    const written = readdirSync(join(dir, 'one')).length + readdirSync(join(dir, 'two')).length;
    expect(written).toBe(outcomes.get('written'));
    expect(written).toBeGreaterThan(0);
  });
});
