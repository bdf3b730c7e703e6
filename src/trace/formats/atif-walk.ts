// An ATIF trajectory walked into what the trace reader takes of it, in one pass and in document
// order: each user step of the main trajectory (a request: a turn starts), each tool call, each
// result that answers one, each delegation to an embedded subagent trajectory, then each
// embedded trajectory the same way, its calls a subagent's. What breaks the format's own rules
// (a schema_version not read, steps that are no array, a result naming no call of its step) is
// refused, said with its line; what is only incomplete is counted as steps of types not known.
import { UnreadableTraceError } from '../unreadable.js';
import { checkAtifVersion } from './atif-version.js';
import { countOf, isObject, textOf } from './format.js';

interface Placed {
  /** The JSON Pointer of the part of the document the event comes from, which gives its line. */
  pointer: string;
}

export type AtifEvent = Placed &
  (
    | { type: 'turn'; timestamp: string | undefined }
    | {
        type: 'call';
        id: string;
        tool: string;
        arguments: Record<string, unknown>;
        timestamp: string | undefined;
        sidechain: boolean;
        cwd: string | undefined;
        /** The embedded trajectory it is in, by its pointer; absent in the main one. */
        subagent: string | undefined;
        /** Codex's own reading of a command, when the call carries it (extra.parsed_cmd). */
        parsedCommand: unknown;
      }
    | { type: 'result'; id: string; failed: boolean; structured: unknown; text: string | undefined }
    | { type: 'delegates'; trajectories: string[]; subagent: string | undefined }
  );

export interface Walked {
  events: AtifEvent[];
  /** The steps of every trajectory and their tool calls, read or not: the share of those it could not read is bounded. */
  steps: number;
  version: string;
  /** The main trajectory's agent.name, and the versions its agent (and subagents of the same name) gives. */
  agent: string | undefined;
  versions: string[];
  tokens: { input: number; output: number; cacheCreation: number; cacheRead: number } | undefined;
}

/** Where a pointer's part of the document starts, for a message. */
export type LineOfPointer = (pointer: string) => number | undefined;

/**
 * Subagents of subagents, at most: a document read whole nests no deeper than its parse allows
 * (100 levels, some 30 of subagents), a trajectory on one JSON line has no such bound.
 */
const MAX_SUBAGENT_NESTING = 32;

/** The sources a step may have. */
const SOURCES: ReadonlySet<string> = new Set(['system', 'user', 'agent']);

/**
 * The events of the trajectory `root`, counting into `unknown` each step the reader cannot read
 * (by what it is). Throws UnreadableTraceError, naming the line `lineOf` gives, for what breaks
 * the format's rules.
 */
export function atifEvents(root: Record<string, unknown>, lineOf: LineOfPointer, unknown: (type: string) => void): Walked {
  checkAtifVersion(root['schema_version'], '');
  const events: AtifEvent[] = [];
  const agent = isObject(root['agent']) ? textOf(root['agent']['name']) : undefined;
  const versions = new Set<string>();
  const stepTokens = { prompt: 0, completion: 0, cached: 0, cacheCreation: 0, seen: false };
  const finalTokens = { prompt: 0, completion: 0, cached: 0, cacheCreation: 0, seen: false };
  let steps = 0;
  const at = (pointer: string): string => {
    const line = lineOf(pointer);
    return line === undefined ? '' : `line ${line}: `;
  };

  const walk = (
    trajectory: Record<string, unknown>,
    prefix: string,
    subagent: string | undefined,
    cwdAtStart: string | undefined,
    nesting: number,
  ): void => {
    if (nesting > MAX_SUBAGENT_NESTING)
      throw new UnreadableTraceError(`${at(prefix)}it nests subagent trajectories more than ${MAX_SUBAGENT_NESTING} deep`);
    const given = trajectory['steps'];
    if (!Array.isArray(given))
      throw new UnreadableTraceError(
        `${at(prefix)}${subagent === undefined ? 'its' : "a subagent trajectory's"} steps ${given === undefined ? 'are missing' : `are ${kindOf(given)}, not an array`}`,
      );
    if (isObject(trajectory['agent']) && textOf(trajectory['agent']['name']) === agent) {
      const version = textOf(trajectory['agent']['version']);
      if (version !== undefined) versions.add(version);
    }
    const children = trajectory['subagent_trajectories'];
    if (children !== undefined && !Array.isArray(children))
      throw new UnreadableTraceError(`${at(prefix)}its subagent_trajectories are ${kindOf(children)}, not an array`);
    const childById = new Map<string, string>();
    (children ?? []).forEach((child, index) => {
      const id = isObject(child) ? textOf(child['trajectory_id']) : undefined;
      if (id !== undefined && !childById.has(id)) childById.set(id, `${prefix}/subagent_trajectories/${index}`);
    });
    let cwd = cwdAtStart;
    given.forEach((step, index) => {
      steps++;
      const pointer = `${prefix}/steps/${index}`;
      if (!isObject(step) || typeof step['source'] !== 'string' || !SOURCES.has(step['source'])) {
        unknown(isObject(step) ? `step of source ${JSON.stringify(String(step['source']).slice(0, 40))}` : 'step that is no object');
        return;
      }
      const extra = isObject(step['extra']) ? step['extra'] : {};
      cwd = textOf(extra['cwd']) ?? cwd;
      const timestamp = textOf(step['timestamp']);
      const sidechain = subagent !== undefined || extra['is_sidechain'] === true;
      if (step['source'] === 'user' && !sidechain) events.push({ type: 'turn', pointer, timestamp });
      countMetrics(step['metrics'], stepTokens);
      const calls = Array.isArray(step['tool_calls']) ? step['tool_calls'] : [];
      steps += calls.length;
      const ids = new Set<string>();
      calls.forEach((call, callIndex) => {
        const id = isObject(call) ? textOf(call['tool_call_id']) : undefined;
        const tool = isObject(call) ? textOf(call['function_name']) : undefined;
        if (!isObject(call) || id === undefined || tool === undefined) {
          unknown('tool call without tool_call_id or function_name');
          return;
        }
        ids.add(id);
        const callExtra = isObject(call['extra']) ? call['extra'] : {};
        events.push({
          type: 'call',
          pointer: `${pointer}/tool_calls/${callIndex}`,
          id,
          tool,
          arguments: isObject(call['arguments']) ? call['arguments'] : {},
          timestamp,
          sidechain,
          cwd,
          subagent,
          parsedCommand: callExtra['parsed_cmd'],
        });
      });
      const results = isObject(step['observation']) && Array.isArray(step['observation']['results']) ? step['observation']['results'] : [];
      results.forEach((result, resultIndex) => {
        if (!isObject(result)) return;
        const resultPointer = `${pointer}/observation/results/${resultIndex}`;
        const delegated = subagentsNamed(result['subagent_trajectory_ref'], childById);
        if (delegated.length > 0) events.push({ type: 'delegates', pointer: resultPointer, trajectories: delegated, subagent });
        const id = textOf(result['source_call_id']);
        if (id === undefined) return;
        if (!ids.has(id))
          throw new UnreadableTraceError(
            `${at(resultPointer)}the observation of step ${String(step['step_id'] ?? index + 1).slice(0, 20)} answers the call ${JSON.stringify(id.slice(0, 80))}, which no tool call of that step makes`,
          );
        // Only one call's step can say of that call alone what its result was (Harbor's Claude Code converter writes one call a step).
        const alone = calls.length === 1;
        const resultExtra = isObject(result['extra']) ? result['extra'] : {};
        const failed = resultExtra['is_error'] === true || (alone && extra['tool_result_is_error'] === true);
        const metadata = alone && isObject(extra['tool_result_metadata']) ? extra['tool_result_metadata'] : {};
        const structured = resultExtra['tool_use_result'] ?? metadata['tool_use_result'];
        events.push({ type: 'result', pointer: resultPointer, id, failed, structured, text: contentText(result['content']) });
      });
    });
    if (isObject(trajectory['final_metrics'])) countFinal(trajectory['final_metrics'], finalTokens);
    (children ?? []).forEach((child, index) => {
      const childPointer = `${prefix}/subagent_trajectories/${index}`;
      if (!isObject(child)) throw new UnreadableTraceError(`${at(childPointer)}a subagent trajectory is ${kindOf(child)}, not an object`);
      if (child['schema_version'] !== undefined) checkAtifVersion(child['schema_version'], `${at(childPointer)}a subagent trajectory's `);
      walk(child, childPointer, childPointer, cwdAtStart ?? cwd, nesting + 1);
    });
  };
  walk(root, '', undefined, undefined, 0);
  const counted = stepTokens.seen ? stepTokens : finalTokens.seen ? finalTokens : undefined;
  return {
    events,
    steps,
    version: root['schema_version'] as string,
    agent,
    versions: [...versions],
    tokens:
      counted === undefined
        ? undefined
        : {
            input: Math.max(counted.prompt - counted.cached, 0),
            output: counted.completion,
            cacheCreation: counted.cacheCreation,
            cacheRead: counted.cached,
          },
  };
}

/** The embedded trajectories a result's subagent_trajectory_ref names by trajectory_id, by their pointers. */
function subagentsNamed(refs: unknown, childById: ReadonlyMap<string, string>): string[] {
  if (!Array.isArray(refs)) return [];
  return refs.flatMap((ref) => {
    const id = isObject(ref) ? textOf(ref['trajectory_id']) : undefined;
    const child = id === undefined ? undefined : childById.get(id);
    return child === undefined ? [] : [child];
  });
}

/** A result's content as text: a string, or the text parts of an array of content parts (images left out). */
function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  const texts = content.flatMap((part) =>
    isObject(part) && part['type'] === 'text' && typeof part['text'] === 'string' ? [part['text']] : [],
  );
  return texts.length === 0 ? undefined : texts.join('\n');
}

type Tokens = { prompt: number; completion: number; cached: number; cacheCreation: number; seen: boolean };

/** A step's metrics added to `into`: prompt tokens count the cached ones (the RFC's token accounting). */
function countMetrics(metrics: unknown, into: Tokens): void {
  if (!isObject(metrics)) return;
  const extra = isObject(metrics['extra']) ? metrics['extra'] : {};
  count(into, metrics['prompt_tokens'], metrics['completion_tokens'], metrics['cached_tokens'], extra['cache_creation_input_tokens']);
}

/** A trajectory's final_metrics added to `into` (read when no step has metrics). */
function countFinal(metrics: Record<string, unknown>, into: Tokens): void {
  const extra = isObject(metrics['extra']) ? metrics['extra'] : {};
  const { total_prompt_tokens: prompt, total_completion_tokens: completion, total_cached_tokens: cached } = metrics;
  count(into, prompt, completion, cached, extra['total_cache_creation_input_tokens']);
}

/** Counts of tokens added to `into`, which has seen tokens once one of them is a number. */
function count(into: Tokens, prompt: unknown, completion: unknown, cached: unknown, cacheCreation: unknown): void {
  if (![prompt, completion, cached, cacheCreation].some((value) => typeof value === 'number')) return;
  into.seen = true;
  into.prompt += countOf(prompt);
  into.completion += countOf(completion);
  into.cached += countOf(cached);
  into.cacheCreation += countOf(cacheCreation);
}

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
