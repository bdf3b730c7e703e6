/**
 * The MCP server's roots under races: a file swapped between one inside a root and a link to one
 * outside while the server is called, and a folder of append_brief's chain swapped for a link out.
 * The server checks what it opened, not a path it looked at before, so no reply quotes the file
 * outside and nothing is written outside, however the swaps fall. And calls at once: many in
 * flight in one server, and appends to one chain from several servers.
 */
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, runHermetic } from './support/cli.js';
import { McpProcess, type Reply, toolCall } from './support/mcp-session.js';
import { startSwapper } from './support/swapper.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('mcp-roots-race');
const SECRET = 'SECRET-OUTSIDE-THE-ROOT';
const emptyBrief = { formatVersion: 1, findings: [], uncertainties: [], nextQuestion: 'Where next?', changes: [] };

/** Calls per race: the 400, where 105 replies quoted the file outside. */
const RACE_CALLS = 400;

/** A root and a folder beside it, outside the root. */
function rootAndOutside(): { root: string; outside: string } {
  const dir = tempDir();
  for (const name of ['root', 'outside']) mkdirSync(join(dir, name));
  return { root: join(dir, 'root'), outside: join(dir, 'outside') };
}

/** Sends the calls in one write (the server takes up to its limit in flight) and waits for every reply. */
async function callAll(server: McpProcess, calls: string[]): Promise<readonly Reply[]> {
  const before = server.replies().length;
  await server.write(calls.map((call) => `${call}\n`).join(''));
  return server.until((replies) => replies.length >= before + calls.length);
}

/** Rounds a race may take before it must have shown both sides. */
const MAX_ROUNDS = 20;

/**
 * Calls in rounds until the replies show that the race ran both ways. On a busy machine the
 * swapper may not run at all during a round, and the server then sees one side only: another
 * round is run, rather than the outcome of one round depending on how the machine schedules two
 * processes. Every reply of every round is returned, for the checks that must hold of all.
 */
async function raceInRounds(
  server: McpProcess,
  round: (first: number) => string[],
  ranBothWays: (replies: readonly Reply[]) => boolean,
): Promise<readonly Reply[]> {
  let replies: readonly Reply[] = [];
  for (let rounds = 0; rounds < MAX_ROUNDS && (rounds === 0 || !ranBothWays(replies)); rounds++)
    replies = await callAll(server, round(replies.length));
  return replies;
}

function outcomeOf(reply: Reply): string {
  const content = reply.result?.structuredContent;
  if (content?.error?.subcode === 'OUTSIDE_ROOTS') return 'refused before opening';
  if (typeof content?.error?.message === 'string' && content.error.message.includes('symbolic link out of')) return 'refused when opened';
  return 'served';
}

describe.skipIf(process.platform === 'win32')('the MCP roots, raced', { timeout: 300_000 }, () => {
  it('a spec swapped between a file inside and a link out: no reply quotes the file outside', async () => {
    const { root, outside } = rootAndOutside();
    // One line: every diagnostic's code frame would quote it.
    writeFileSync(join(outside, 'secret.json'), `{"goal": "${SECRET}", "budget": "none"}\n`);
    const inside = '{"goal": "inside", "budget": "none"}\n';
    writeFileSync(join(root, 'race.json'), inside);
    const server = new McpProcess(root);
    const swapper = startSwapper('file', join(root, 'race.json'), join(outside, 'secret.json'), inside);
    let replies: readonly Reply[];
    try {
      const round = (first: number) =>
        Array.from({ length: RACE_CALLS }, (_, index) =>
          index % 2 === 0
            ? toolCall(first + index, 'compile', { path: 'race.json' })
            : toolCall(first + index, 'next', { path: 'race.json' }),
        );
      replies = await raceInRounds(server, round, (sofar) => {
        const outcomes = new Set(sofar.map(outcomeOf));
        return outcomes.has('refused before opening') && outcomes.has('served');
      });
    } finally {
      await swapper.stop();
    }
    expect(await server.end()).toBe(0);
    expect(replies.filter((reply) => JSON.stringify(reply).includes(SECRET))).toEqual([]);
    const outcomes = new Set(replies.map(outcomeOf));
    // The race ran: the link was seen, and the file inside was served.
    expect(outcomes).toContain('refused before opening');
    expect(outcomes).toContain('served');
    expect(server.stderr).toBe('');
  });

  it("a folder on the path of append_brief's chain swapped for a link out: nothing is written outside", async () => {
    const { root, outside } = rootAndOutside();
    // work/chain inside, and outside/chain where the link leads: "work" is what is swapped.
    for (const folder of [join(root, 'work'), join(root, 'work', 'chain'), join(outside, 'chain')]) mkdirSync(folder);
    const server = new McpProcess(root);
    const swapper = startSwapper('folder', join(root, 'work'), outside);
    let replies: readonly Reply[];
    try {
      // Each append reads the whole folder: half the calls of the other races keep the run short.
      const round = (first: number) =>
        Array.from({ length: RACE_CALLS / 2 }, (_, index) =>
          toolCall(first + index, 'append_brief', {
            dir: 'work/chain',
            hypothesisId: 'H1',
            brief: { ...emptyBrief, nextQuestion: `Where next, ${first + index}?` },
          }),
        );
      replies = await raceInRounds(
        server,
        round,
        (sofar) =>
          sofar.some((reply) => reply.result?.structuredContent?.error?.subcode === 'OUTSIDE_ROOTS') &&
          sofar.some((reply) => reply.result?.structuredContent?.data?.written === true),
      );
    } finally {
      await swapper.stop();
    }
    expect(await server.end()).toBe(0);
    expect(readdirSync(join(outside, 'chain'))).toEqual([]);
    expect(readdirSync(outside)).toEqual(['chain']);
    const written = replies.filter((reply) => reply.result?.structuredContent?.data?.written === true);
    // The race ran: some appends were refused for the link, and some were written inside.
    expect(replies.some((reply) => reply.result?.structuredContent?.error?.subcode === 'OUTSIDE_ROOTS')).toBe(true);
    expect(written.length).toBeGreaterThan(0);
  });

  it('many calls in flight at once in one server: each reply answers its own request', async () => {
    const { root } = rootAndOutside();
    cpSync(join(projectRoot, 'fixtures', 'valid'), join(root, 'valid'), { recursive: true });
    cpSync(join(projectRoot, 'fixtures', 'drafts'), join(root, 'drafts'), { recursive: true });
    const isSpec = (name: string) => !name.includes('.expect.') && !name.includes('.report.');
    const specs = ['valid', 'drafts'].flatMap((folder) =>
      readdirSync(join(root, folder))
        .filter(isSpec)
        .map((name) => `${folder}/${name}`),
    );
    const server = new McpProcess(root);
    const calls = Array.from({ length: 200 }, (_, id) => toolCall(id, 'compile', { path: specs[id % specs.length] as string }));
    const replies = await callAll(server, calls);
    expect(await server.end()).toBe(0);
    expect(replies).toHaveLength(200);
    for (const reply of replies) {
      const path = specs[(reply.id as number) % specs.length];
      expect(reply.result?.structuredContent?.path, String(reply.id)).toBe(path);
      if (path?.startsWith('valid/')) expect(reply.result?.structuredContent?.verdict, path).toBe('pass');
    }
  });

  it('appends to one chain from three servers at once: each sequence is written once, and the chain holds', async () => {
    const { root } = rootAndOutside();
    const servers = [new McpProcess(root), new McpProcess(root), new McpProcess(root)];
    const perServer = 10;
    const all = await Promise.all(
      servers.map((server, index) =>
        callAll(
          server,
          Array.from({ length: perServer }, (_, id) =>
            toolCall(id, 'append_brief', {
              dir: 'chain',
              hypothesisId: 'H1',
              brief: { ...emptyBrief, nextQuestion: `Server ${index}, call ${id}?` },
            }),
          ),
        ),
      ),
    );
    for (const server of servers) expect(await server.end()).toBe(0);
    const replies = all.flat();
    const written = replies.filter((reply) => reply.result?.structuredContent?.data?.written === true);
    const refused = replies.filter((reply) => reply.result?.structuredContent?.data?.written !== true);
    for (const reply of refused) expect(reply.result?.structuredContent?.error?.subcode).toBe('ARTIFACT_EXISTS');
    const files = readdirSync(join(root, 'chain')).sort();
    expect(files).toEqual(written.map((reply) => reply.result?.structuredContent?.data?.path.slice('chain/'.length)).sort());
    expect(files).toEqual(Array.from({ length: files.length }, (_, index) => `H1-${String(index + 1).padStart(4, '0')}.json`));
    expect(runHermetic(['briefs', 'chain'], { cwd: root }).status).toBe(0);
  });
});
