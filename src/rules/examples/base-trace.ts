// The trace an agent would have left had it done exactly what a spec records, as PostToolUse hook
// payloads: the examples of the trace-* rules are compiled with it (or with it changed).
import { type TraceEvidence, traceEvidence } from '../../trace/evidence.js';
import { readTrace } from '../../trace/read-trace.js';
import type { ExampleSpec } from '../rule.js';

/** The folder the example's nodes are under. */
export const EXAMPLE_TRACE_ROOT = '/repo';

/** Shell programs whose map call lists names only with an option. */
const NAMES_ONLY: Record<string, string> = { rg: '-l', grep: '-rl' };

/**
 * The spec's map calls, then its deep dives, each a successful call: Glob and Grep by pattern,
 * other map tools as shell commands (names only), Read as Read, other dive tools as shell reads.
 * With `readsFirst`, the reads come before the map calls: a blind read. With `edits`, the agent
 * edits that node (relative to the root) between its map calls and its reads.
 */
export function baseTrace(spec: ExampleSpec, options: { readsFirst?: boolean; edits?: string } = {}): string {
  const absolute = (node: string): string => `${EXAMPLE_TRACE_ROOT}/${node}`;
  const payload = (id: string, tool: string, input: unknown, response: unknown): string =>
    JSON.stringify({
      session_id: 'example',
      cwd: EXAMPLE_TRACE_ROOT,
      hook_event_name: 'PostToolUse',
      tool_name: tool,
      tool_input: input,
      tool_response: response,
      tool_use_id: id,
    });
  const maps = spec.surfaceMap.map((entry, index) => {
    const id = `map-${index + 1}`;
    if (entry.tool === 'Glob' || entry.tool === 'Grep')
      return payload(id, entry.tool, { pattern: entry.query }, { filenames: entry.candidateNodes.map(absolute) });
    const option = NAMES_ONLY[entry.tool];
    const command = `${entry.tool}${option === undefined ? '' : ` ${option}`} '${entry.query}'`;
    return payload(id, 'Bash', { command }, { stdout: entry.candidateNodes.join('\n'), stderr: '' });
  });
  const reads = spec.deepDives.map((dive, index) => {
    const id = `read-${index + 1}`;
    if (dive.tool === 'Read')
      return payload(
        id,
        'Read',
        { file_path: absolute(dive.node) },
        { file: { filePath: absolute(dive.node), numLines: 80, totalLines: 80 } },
      );
    const command = dive.tool === 'sed' ? `sed -n '1,80p' ${dive.node}` : `${dive.tool} ${dive.node}`;
    return payload(id, 'Bash', { command }, { stdout: '', stderr: '' });
  });
  const edits =
    options.edits === undefined
      ? []
      : [payload('edit-1', 'Edit', { file_path: absolute(options.edits) }, { filePath: absolute(options.edits) })];
  return `${(options.readsFirst === true ? [...reads, ...maps] : [...maps, ...edits, ...reads]).join('\n')}\n`;
}

/** The example's trace as the compiler takes it. */
export function exampleEvidence(text: string): TraceEvidence {
  return traceEvidence(readTrace([Buffer.from(text, 'utf8')]), 'example-trace.jsonl', EXAMPLE_TRACE_ROOT);
}
