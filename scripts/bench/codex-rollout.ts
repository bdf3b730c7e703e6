// A large Codex session rollout for the trace bench, made from a real one: its session_meta line
// once, then all its other lines again and again, each copy with its own call and turn ids and its
// times moved past the copy before, so that the reader pairs and orders them as in one long session.

/** About `size` bytes of rollout, from the text of a real rollout. */
export function grownRollout(real: string, size: number): string {
  const lines = real.split('\n').filter((line) => line !== '');
  const [meta, ...rest] = lines;
  if (meta === undefined || rest.length === 0) throw new Error('the rollout has no lines after its first');
  const records = rest.map((line) => JSON.parse(line) as { timestamp?: string; payload?: Record<string, unknown> });
  const times = records.map((record) => Date.parse(record.timestamp ?? '')).filter(Number.isFinite);
  const span = Math.max(...times) - Math.min(...times) + 1000;
  const out: string[] = [`${meta}\n`];
  let length = out[0]?.length ?? 0;
  for (let copy = 0; length < size; copy++) {
    for (const record of records) {
      const payload = record.payload === undefined ? undefined : { ...record.payload };
      for (const key of ['call_id', 'turn_id'] as const) {
        if (payload !== undefined && typeof payload[key] === 'string') payload[key] = `${payload[key]}-${copy}`;
      }
      const time = Date.parse(record.timestamp ?? '');
      const timestamp = Number.isFinite(time) ? new Date(time + copy * span).toISOString() : record.timestamp;
      const text = `${JSON.stringify({ ...record, timestamp, ...(payload === undefined ? {} : { payload }) })}\n`;
      out.push(text);
      length += text.length;
    }
  }
  return out.join('');
}
