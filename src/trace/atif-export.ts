// A trace of any format read, written as an ATIF trajectory (Harbor's RFC 0001, ATIF-v1.7), so that
// the record can go on to trajectory evaluators: data only, the command writes it. It holds what
// the trace holds of each call and no more: one agent step a call, in the trace's order, its
// arguments the fields the tool reads (paths, patterns, command lines: call-given.ts), its result
// whether it failed and, for a map call, the paths it surfaced; never a file's content. What the
// RFC leaves to producers is written as Harbor's converters write it (a step's `extra.cwd` and
// `extra.is_sidechain`), and what it has no field for goes in `extra`, each named below. Every key
// in a fixed order, so that the same trace gives the same bytes.
import { TRACE_FORMAT_NAMES } from './counts.js';
import { runFolderArguments } from './formats/atif-tools.js';
import type { Trace, TraceCall, TraceFormat } from './types.js';

/** The version written: the RFC's latest whose text this follows. */
export const ATIF_EXPORT_VERSION = 'ATIF-v1.7';

/** The agent's name as Harbor's agents name it, by the format its trace was read from (an ATIF trajectory names its own). */
const AGENT_NAMES: Readonly<Record<TraceFormat, string | undefined>> = {
  'claude-transcript': 'claude-code',
  'codex-rollout': 'codex',
  'gemini-hooks': 'gemini-cli',
  'hook-payloads': undefined,
  atif: undefined,
};

type Json = Record<string, unknown>;

/** The trajectory of `trace`: its calls, each a step, the turns it marks each a user step before its first call. */
export function atifOfTrace(trace: Trace): Json {
  const steps: Json[] = [];
  const turns = [...(trace.turns ?? [])];
  const step = (fields: Json): void => void steps.push({ step_id: steps.length + 1, ...fields });
  for (const call of trace.calls) {
    while (turns.length > 0 && call.turn !== undefined && (turns[0]?.number ?? 0) <= call.turn) {
      const turn = turns.shift() as NonNullable<Trace['turns']>[number];
      step({ ...timeOf(turn.timestamp), source: 'user', message: '', ...(turn.id === undefined ? {} : { extra: { turn_id: turn.id } }) });
    }
    step(callStep(call));
  }
  for (const turn of turns) step({ ...timeOf(turn.timestamp), source: 'user', message: '' });
  const agent = trace.agent ?? AGENT_NAMES[trace.format] ?? 'unknown';
  return {
    schema_version: ATIF_EXPORT_VERSION,
    agent: { name: agent, version: trace.versions.length === 0 ? 'unknown' : trace.versions.join(', ') },
    notes: `Exported by compile-investigation from the ${TRACE_FORMAT_NAMES[trace.format]} read: one agent step a tool call; its arguments hold only the fields the tool reads (paths, patterns, command lines), its result only whether it failed and the paths a map call surfaced, never a file's content.`,
    steps,
    final_metrics: finalMetrics(trace, steps.length),
    extra: {
      source_trace: {
        format: trace.format,
        ...(trace.formatVersion === undefined ? {} : { format_version: trace.formatVersion }),
        sha256: trace.sha256,
        lines: trace.lines,
        ...(trace.narrowed === undefined ? {} : { narrowed: trace.narrowed }),
      },
    },
  };
}

/** One call as an agent step. */
function callStep(call: TraceCall): Json {
  const given = call.given;
  const toolCall: Json = { tool_call_id: call.id, function_name: call.tool, arguments: argumentsOf(call) };
  if (given?.parsedCommand !== undefined) toolCall['extra'] = { parsed_cmd: given.parsedCommand };
  const extra: Json = {
    ...(call.cwd === undefined ? {} : { cwd: call.cwd }),
    ...(call.sidechain ? { is_sidechain: true } : {}),
    source_line: call.line,
  };
  return {
    ...timeOf(call.timestamp),
    source: 'agent',
    message: '',
    tool_calls: [toolCall],
    ...(call.status === 'no-result' ? {} : { observation: { results: [resultOf(call)] } }),
    extra,
  };
}

/**
 * The call's arguments as given, but for the folder it ran in, written as the absolute one the
 * trace resolved (the step's cwd is that folder too): a relative one would be resolved twice.
 */
function argumentsOf(call: TraceCall): Json {
  const given = { ...call.given?.arguments };
  for (const key of runFolderArguments(call.tool)) if (key in given && call.cwd !== undefined) given[key] = call.cwd;
  return given;
}

/**
 * What the call got back, as far as the trace says: the paths a map call surfaced (as the text
 * and as a transcript's structured result, `tool_use_result`), the lines a read read of its file,
 * and whether it failed (`extra.is_error`: the RFC has no mark of its own for it). The counts of
 * paths past the bounds and of lines not read as paths are said (`paths_left_out`,
 * `unread_lines`), for a reader's eye: a trajectory lists paths, not a program's output.
 */
function resultOf(call: TraceCall): Json {
  const structured: Json = {};
  if (call.kind === 'map' && call.surfaced !== undefined) structured['filenames'] = call.surfaced;
  const lines = call.given?.fileLines;
  if (call.kind === 'read' && call.target !== undefined && lines !== undefined)
    structured['file'] = { filePath: call.target, numLines: lines.numLines, totalLines: lines.totalLines };
  const leftOut = (call.surfacedCount ?? 0) - (call.surfaced?.length ?? 0);
  const extra: Json = {
    ...(call.status === 'failed' ? { is_error: true } : {}),
    ...(Object.keys(structured).length > 0 ? { tool_use_result: structured } : {}),
    ...(leftOut > 0 ? { paths_left_out: leftOut } : {}),
    ...(call.unreadLines === undefined ? {} : { unread_lines: call.unreadLines }),
  };
  return {
    source_call_id: call.id,
    ...(call.surfaced === undefined || call.surfaced.length === 0 ? {} : { content: call.surfaced.join('\n') }),
    ...(Object.keys(extra).length > 0 ? { extra } : {}),
  };
}

/** The trace's tokens as the RFC counts them: prompt tokens include the cached ones. */
function finalMetrics(trace: Trace, steps: number): Json {
  const tokens = trace.tokens;
  if (tokens === undefined) return { total_steps: steps };
  return {
    total_prompt_tokens: tokens.input + tokens.cacheRead,
    total_completion_tokens: tokens.output,
    total_cached_tokens: tokens.cacheRead,
    total_steps: steps,
    extra: { total_cache_creation_input_tokens: tokens.cacheCreation },
  };
}

function timeOf(timestamp: string | undefined): Json {
  return timestamp === undefined ? {} : { timestamp };
}
