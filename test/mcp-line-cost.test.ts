/**
 * The MCP server reads a line in time linear in its length: chunks are kept in a list and a line
 * break is looked for only in bytes not searched before. A line four times longer costs about four
 * times as much, not sixteen (the SDK's own transport joined its buffer again for every chunk).
 */
import { describe, expect, it } from 'vitest';
import { serveInProcess } from './support/mcp-session.js';
import { costRatioAsync, LINEAR } from './support/scaling.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('mcp-line-cost');
const MIB = 1024 * 1024;

describe('the MCP server reading one long line', () => {
  it('costs linear time in the line, delivered in chunks of 16 KiB, as a client writing piece by piece sends it', async () => {
    const root = tempDir();
    const serve = (bytes: number) => () => serveInProcess([Buffer.alloc(bytes, 'x'), '\n'], { root, chunkSize: 16 * 1024 });
    await serve(4 * MIB)(); // warm-up
    const ratio = await costRatioAsync(serve(16 * MIB), serve(4 * MIB), LINEAR);
    expect(ratio).toBeLessThan(LINEAR);
  });
});
