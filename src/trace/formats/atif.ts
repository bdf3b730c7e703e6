// ATIF trajectories (the Agent Trajectory Interchange Format of Harbor's RFC 0001, which Harbor's
// agents and NVIDIA's NeMo Agent Toolkit write): one JSON document, `{schema_version:
// "ATIF-v1.x", agent, steps, subagent_trajectories?, final_metrics?}`. Each step's tool_calls
// `{tool_call_id, function_name, arguments}` are the calls, each answered by the result of its
// step's observation that names it (`source_call_id`); a subagent's calls are those of its
// embedded trajectory, or steps a converter marked `extra.is_sidechain` (Harbor's Claude Code
// one). The document is walked once (atif-walk.ts), then each call placed at its line.
import type { CallBook } from '../call-book.js';
import { callOutcomeOf } from '../classify.js';
import type { ShellProgram } from '../shell-table.js';
import { type PlannedCall, planAtifCall, planWithFilenames, structuredResult } from './atif-tools.js';
import { isAtifRoot } from './atif-version.js';
import { type AtifEvent, atifEvents, type Walked } from './atif-walk.js';
import type { FormatLines, FormatReader, PlaceOf } from './format.js';

export const atifTrajectory: FormatReader = {
  format: 'atif',
  name: 'ATIF trajectory',
  order: 'time',
  document: true,
  detect: (first) => first.some(isAtifRoot),
  open: (book, programs) => atifLines(book, programs),
};

function atifLines(book: CallBook, programs: Readonly<Record<string, ShellProgram>>): FormatLines {
  let walked: Walked | undefined;
  let beside = 0;
  return {
    line(record, line, place) {
      // A trajectory is one document: a JSON line after it is no part of it.
      if (walked !== undefined || !isAtifRoot(record)) {
        beside++;
        book.countUnknown('(a JSON line beside the trajectory)');
        return;
      }
      const placeOf: PlaceOf = place ?? ((pointers) => pointers.map(() => line));
      walked = atifEvents(
        record,
        (pointer) => placeOf([pointer])[0],
        (type) => book.countUnknown(type),
      );
      replay(walked.events, placeOf, book, programs);
      for (const version of walked.versions) book.addVersion(version);
    },
    end() {
      if (walked === undefined) return {};
      const { steps, version, agent, tokens } = walked;
      return {
        records: { count: steps + beside, name: 'steps and tool calls' },
        formatVersion: version,
        ...(agent === undefined ? {} : { agent }),
        ...(tokens === undefined ? {} : { tokens }),
      };
    },
  };
}

/** The events of the walk into the book, each at the line its pointer leads to. */
function replay(events: readonly AtifEvent[], placeOf: PlaceOf, book: CallBook, programs: Readonly<Record<string, ShellProgram>>): void {
  const lines = placeOf(events.map((event) => event.pointer));
  const planned = new Map<string, PlannedCall>();
  /** The turn of the main trajectory's last user step, and the turn each embedded trajectory was delegated in. */
  let turn: number | undefined;
  const delegatedIn = new Map<string, number | undefined>();
  const turnOf = (subagent: string | undefined): number | undefined => (subagent === undefined ? turn : delegatedIn.get(subagent));
  events.forEach((event, index) => {
    const line = lines[index] as number;
    if (event.type === 'turn') turn = book.startTurn(line, event.timestamp, undefined);
    else if (event.type === 'delegates') {
      for (const trajectory of event.trajectories) if (!delegatedIn.has(trajectory)) delegatedIn.set(trajectory, turnOf(event.subagent));
    } else if (event.type === 'call') {
      const call = planAtifCall(event.tool, event.arguments, event.cwd, programs, event.parsedCommand);
      if (!book.calls.has(event.id)) planned.set(event.id, call);
      const { id, tool, timestamp, sidechain, arguments: input } = event;
      book.addCall(
        { id, tool, classifiedAs: call.classifiedAs, line, timestamp, sidechain, cwd: call.cwd, turn: turnOf(event.subagent), input },
        call.plan,
      );
    } else {
      const call = planned.get(event.id);
      const structured = call === undefined ? event.structured : structuredResult(call.plan, event.structured, event.text);
      const plan = call === undefined ? undefined : planWithFilenames(call.plan, structured, call.cwd);
      book.addResult(event.id, callOutcomeOf(event.failed, structured, event.text), plan);
    }
  });
}
