// `trace show`: a trace's calls as a timeline, cheap map calls and deep reads marked, then what it
// held and what could not be read. Paths relative to the trace root; every string from the trace
// or its name made inert for a terminal.
import { plural } from '../common/text.js';
import { countCalls, TRACE_FORMAT_NAMES, type TraceCounts, traceAgentOf } from '../trace/counts.js';
import { relativeToRoot } from '../trace/paths.js';
import type { Trace, TraceCall, TraceTurn } from '../trace/types.js';
import { mapCallLabel } from './map-call.js';
import { escapeFor } from './untrusted/index.js';

const KIND_LABELS: Record<TraceCall['kind'], string> = { map: 'map', read: 'read', other: '-' };
const STATUS_LABELS: Record<TraceCall['status'], string> = { ok: 'ok', failed: 'failed', 'no-result': 'no result' };

/** The timeline as text: a heading, one row a call, and the counts. */
export function formatTraceTimeline(trace: Trace, shown: string, root: string | undefined): string {
  const counts = countCalls(trace);
  // An ATIF trajectory names its own version and agent; the other formats' agent is the format's.
  const agent = trace.agent ?? traceAgentOf(trace.format);
  const versions =
    trace.versions.length === 0 || agent === undefined
      ? ''
      : ` (${escapeFor.terminal(agent)} ${trace.versions.map(escapeFor.terminal).join(', ')})`;
  const format = `${TRACE_FORMAT_NAMES[trace.format]}${trace.formatVersion === undefined ? '' : ` ${escapeFor.terminal(trace.formatVersion)}`}`;
  const lines = [
    `${escapeFor.terminal(shown)}: ${format}${versions}, ${trace.lines} lines, ${counts.calls} calls, SHA-256 ${trace.sha256}`,
    `paths relative to ${root === undefined ? '(no root: the first call has no cwd; give --trace-root)' : escapeFor.terminal(root)}`,
    '',
  ];
  const rows = trace.calls.map((call, index) => [
    String(index + 1),
    call.timestamp ?? '-',
    KIND_LABELS[call.kind],
    call.tool,
    STATUS_LABELS[call.status],
    whatOf(call, root),
  ]);
  const header = ['#', 'time', 'kind', 'tool', 'status', 'what'];
  const cells = [header, ...rows].map((row) => row.map((cell) => escapeFor.terminal(cell)));
  const widths = header.map((_, column) => Math.max(...cells.map((row) => (row[column] as string).length)));
  const turns = new Map((trace.turns ?? []).map((turn) => [turn.number, turn]));
  cells.forEach((row, index) => {
    // A request of the session starts: its turn is marked above its first call.
    const turn = index === 0 ? undefined : trace.calls[index - 1]?.turn;
    if (turn !== undefined && turn !== trace.calls[index - 2]?.turn) lines.push(turnHeading(turn, turns.get(turn)));
    lines.push(
      `  ${row.map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0))).join('  ')}`.trimEnd(),
    );
  });
  lines.push('', ...footer(trace, counts));
  return `${lines.join('\n')}\n`;
}

function turnHeading(number: number, turn: TraceTurn | undefined): string {
  if (turn === undefined) return `  turn ${number}`;
  return `  turn ${number}: from line ${turn.line}${turn.timestamp === undefined ? '' : `, ${escapeFor.terminal(turn.timestamp)}`}`;
}

function whatOf(call: TraceCall, root: string | undefined): string {
  const subagent = call.sidechain ? '  [subagent]' : '';
  if (call.kind === 'read') {
    const target = call.target === undefined ? '(no path)' : relativeToRoot(root, call.target);
    const more = (call.moreReads ?? []).map((read) => `, ${relativeToRoot(root, read.target)}${read.partial ? ' (partial)' : ''}`);
    return `${target}${call.partial === true ? ' (partial)' : ''}${more.join('')}${subagent}`;
  }
  if (call.kind === 'map') {
    const count = call.surfacedCount ?? call.surfaced?.length;
    const printed = call.surfacedOnFailure === true ? ', printed though the call failed' : '';
    const surfaced = count === undefined ? '' : ` -> ${count} ${count === 1 ? 'node' : 'nodes'}${printed}`;
    const unread = call.unreadLines === undefined ? '' : ` (${plural(call.unreadLines, 'line')} not read as paths)`;
    // The tool has its own column: the label says the query and where it searched.
    const searchPath = call.searchPath === undefined ? undefined : relativeToRoot(root, call.searchPath);
    const label = mapCallLabel({ query: call.query ?? '', searchPath }, String);
    return `${label}${surfaced}${unread}${subagent}`;
  }
  const writes = call.writes === undefined ? '' : ` writes ${call.writes.map((path) => relativeToRoot(root, path)).join(', ')}`;
  return `${call.program ?? ''}${writes}${subagent}`.trim();
}

function footer(trace: Trace, counts: TraceCounts): string[] {
  const tools = Object.entries(counts.byTool).map(([tool, count]) => `${escapeFor.terminal(tool)} ${count}`);
  const lines = [
    `calls by tool: ${tools.length === 0 ? 'none' : tools.join(', ')}`,
    `${counts.byKind.map} map (cheap), ${counts.byKind.read} read (deep), ${counts.byKind.other} other; ${counts.byStatus.failed} failed, ${counts.byStatus['no-result']} without a result; ${counts.sidechain} made by subagents`,
  ];
  const lastTurn = trace.turns?.[trace.turns.length - 1];
  if (lastTurn !== undefined) lines.push(`turns: ${lastTurn.number} (select one with --trace-turn N)`);
  if (trace.tokens !== undefined) {
    const { input, output, cacheCreation, cacheRead } = trace.tokens;
    lines.push(`tokens: ${input} input, ${output} output, ${cacheCreation} cache written, ${cacheRead} cache read`);
  }
  const notes: string[] = [];
  if (trace.skippedCount > 0)
    notes.push(
      `${plural(trace.skippedCount, 'line')} not read (${trace.skipped.map((line) => `line ${line.line}: ${line.reason}`).join(', ')}${trace.skippedCount > trace.skipped.length ? ', and more' : ''})`,
    );
  const unknown = Object.entries(trace.unknownTypes);
  if (unknown.length > 0)
    notes.push(`line types not known: ${unknown.map(([type, count]) => `${escapeFor.terminal(type)} ${count}`).join(', ')}`);
  if (trace.orphanResultCount > 0)
    notes.push(
      `${plural(trace.orphanResultCount, 'result')} without a call (${trace.orphanResults.map((id) => escapeFor.terminal(id)).join(', ')})`,
    );
  if (trace.duplicateIds.length > 0)
    notes.push(`ids used by more than one call: ${trace.duplicateIds.map((id) => escapeFor.terminal(id)).join(', ')}`);
  if (trace.narrowed !== undefined) {
    const { since, until, turn, outside } = trace.narrowed;
    const window = [
      turn === undefined ? '' : `of turn ${turn}`,
      since === undefined ? '' : `from ${since}`,
      until === undefined ? '' : `up to ${until}`,
    ]
      .filter((part) => part !== '')
      .join(' ');
    notes.push(`only the calls ${window}: ${plural(outside, 'call')} of the trace left out`);
  }
  if (trace.timesWithoutZone !== undefined)
    notes.push(
      `${plural(trace.timesWithoutZone, 'call')} with a time that names no zone, read as UTC (the order and any window assume it)`,
    );
  if (trace.outOfOrder > 0) notes.push(`${plural(trace.outOfOrder, 'call')} written out of time order (put back in order)`);
  notes.push(...pathNotes(trace));
  return [...lines, ...notes.map((note) => `note: ${note}`)];
}

/** What of the map calls' output was not kept: lines that are no path (counted, never shown), and paths past the bounds. */
export function pathNotes(trace: Trace): string[] {
  const notes: string[] = [];
  let lines = 0;
  let calls = 0;
  for (const call of trace.calls)
    if (call.unreadLines !== undefined) {
      lines += call.unreadLines;
      calls++;
    }
  if (lines > 0)
    notes.push(
      `${plural(calls, 'map call')} printed ${plural(lines, 'line')} not read as paths (not the map program's own output, such as \`ls; cat FILE\` or find -exec, or no path it prints): counted, never shown`,
    );
  const kept = trace.pathsKept;
  if (kept.only === 'first' && kept.leftOut > 0)
    notes.push(
      `${kept.leftOut.toLocaleString('en-US')} surfaced ${kept.leftOut === 1 ? 'path' : 'paths'} counted but not kept: a call keeps its first ${kept.perCall.toLocaleString('en-US')}, and past ${kept.total.toLocaleString('en-US')} in all only its first`,
    );
  return notes;
}
