export interface ProgressStream {
  isTTY?: boolean;
  write(chunk: string): unknown;
}

export interface Progress {
  /** One more fixture done: redraws the bar. */
  tick(): void;
  /** Clears the bar's line. */
  done(): void;
}

const WIDTH = 20;
/** Below or at this many fixtures a run is quick enough to need no bar. */
const MIN_TOTAL = 20;

/**
 * A one-line progress bar, "[#####...............] 123/456", redrawn in place with "\r". It is
 * drawn only on a terminal (stream.isTTY), outside CI (env.CI unset or empty) and for more than
 * 20 fixtures; otherwise tick() and done() do nothing.
 */
export function createProgress(total: number, stream: ProgressStream, env: Record<string, string | undefined>): Progress {
  const active = stream.isTTY === true && (env['CI'] === undefined || env['CI'] === '') && total > MIN_TOTAL;
  if (!active) return { tick() {}, done() {} };
  let count = 0;
  let drawn = '';
  let finished = false;
  return {
    tick() {
      if (finished) return;
      count = Math.min(count + 1, total);
      const filled = Math.floor((count * WIDTH) / total);
      const line = `[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${count}/${total}`;
      if (line === drawn) return;
      stream.write(`\r${line}`);
      drawn = line;
    },
    done() {
      if (finished) return;
      finished = true;
      if (drawn !== '') stream.write(`\r${' '.repeat(drawn.length)}\r`);
    },
  };
}
