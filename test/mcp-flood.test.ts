/**
 * The MCP server under a client that does not read its replies, or sends a line far over the
 * limit: the built server as a real process, its peak memory read from the kernel (VmHWM). What
 * is asserted is growth (ten times the requests, or ten times the line, costs about the same
 * memory), never seconds.
 */
import { describe, expect, it } from 'vitest';
import { McpProcess, type Reply, request } from './support/mcp-session.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('mcp-flood');

/** Keeps of each reply only what the test checks, so that the test's own memory stays small too. */
const idAndError = (reply: Reply): Reply => ({
  jsonrpc: '2.0',
  id: reply.id,
  ...(reply.error === undefined ? {} : { error: reply.error }),
});

/**
 * Waits until the server has stopped taking work: its peak memory and the input it has not read
 * stay the same for a second. A hang guard, not a measure: nothing is asserted about the time.
 */
async function settled(server: McpProcess): Promise<void> {
  let last = '';
  let steady = 0;
  for (let poll = 0; poll < 1200 && steady < 10; poll++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const now = `${server.peakMemory()} ${server.child.stdin.writableLength}`;
    steady = now === last ? steady + 1 : 0;
    last = now;
  }
}

describe.skipIf(process.platform !== 'linux')('the MCP server, flooded', { timeout: 300_000 }, () => {
  it('a client that sends requests and reads no reply: 20,000 requests cost the server the memory 2,000 do; then every one is answered once', async () => {
    const root = tempDir();
    const peakFor = async (count: number): Promise<number> => {
      const server = new McpProcess(root, [], idAndError);
      server.pauseReading();
      let lines = '';
      // resources/list: a reply of about 10 KB, cheap to make, so that memory is what replies hold.
      for (let id = 1; id <= count; id++) lines += `${request(id, 'resources/list')}\n`;
      const written = server.write(lines);
      await settled(server);
      const peak = server.peakMemory();
      server.resumeReading();
      await written;
      const replies = await server.until((seen) => seen.length >= count);
      expect(await server.end()).toBe(0);
      expect(server.notJson).toEqual([]);
      expect(replies.filter((reply) => reply.error !== undefined)).toEqual([]);
      const ids = replies.map((reply) => reply.id as number).sort((a, b) => a - b);
      expect(ids).toEqual(Array.from({ length: count }, (_, index) => index + 1));
      return peak;
    };
    const few = await peakFor(2000);
    const many = await peakFor(20_000);
    expect(many / few).toBeLessThan(1.5);
  });

  it('a line far over the limit is dropped as it arrives: 1,000 MiB of it costs the server the memory 100 MiB do, and the server goes on', async () => {
    const root = tempDir();
    const peakFor = async (mebibytes: number): Promise<number> => {
      const server = new McpProcess(root, ['--max-bytes', '100000'], idAndError);
      const chunk = Buffer.alloc(1024 * 1024, 'x');
      for (let sent = 0; sent < mebibytes; sent++) await server.write(chunk);
      await server.write(`\n${request(1, 'ping')}\n`);
      const replies = await server.until((seen) => seen.some((reply) => reply.id === 1));
      expect(replies.map((reply) => [reply.id, reply.error?.code])).toEqual([
        [null, -32600],
        [1, undefined],
      ]);
      const peak = server.peakMemory();
      expect(await server.end()).toBe(0);
      return peak;
    };
    // Past 100 MiB the garbage of the chunks dropped is collected as fast as it comes: memory is flat.
    const smaller = await peakFor(100);
    const larger = await peakFor(1000);
    expect(larger / smaller).toBeLessThan(1.5);
  });
});
