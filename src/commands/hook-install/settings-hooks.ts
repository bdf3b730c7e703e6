// The hooks of an agent's settings file, read as the agent reads it and changed in its text: our
// entries added, updated or removed, every other key, hook, comment and line kept as it was.
//
// The shape all three agents share: {"hooks": {EVENT: [{"matcher"?: ..., "hooks": [HANDLER, ...]}]}},
// a handler being {"type": "command", "command": ..., "timeout": ...}. Ours is a handler whose
// command runs this tool's `hook` (isOurHookCommand), wherever it sits.
import { getNodeValue, type Node, type ParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { AgentSettings } from './agents.js';
import { isOurHookCommand } from './hook-command.js';
import { appendEntry, applyTextEdits, removeEntries, replaceValue, styleOf, type TextEdit } from './json-edit.js';

/** A settings file the agent could not read, or whose hooks are not where they belong: why, after its name. */
export class SettingsRefusal extends Error {
  override readonly name = 'SettingsRefusal';
}

/** What an install did to each of the agent's events. */
export type EventChange = 'added' | 'updated' | 'kept';

/** One handler of ours, where it is: the event's property, the matcher group's index and the handler's node. */
interface OurHandler {
  event: string;
  handler: Node;
}

/** The text read as the agent reads it: a JSON object (with comments only for an agent that allows them), keys once each. */
export function parseSettings(text: string, agent: AgentSettings): Node {
  if (text.startsWith('\uFEFF'))
    throw new SettingsRefusal(`starts with a byte-order mark, which ${agent.title} does not read; save it as UTF-8 without one`);
  if (text.trim() === '') throw new SettingsRefusal(`is empty, which ${agent.title} cannot read; write {} in it, or remove it`);
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { disallowComments: !agent.commentsAllowed, allowTrailingComma: false });
  const error = errors[0];
  if (error !== undefined) throw new SettingsRefusal(parseProblem(text, error, agent));
  if (root?.type !== 'object') throw new SettingsRefusal(`holds a JSON ${root?.type}, not an object`);
  refuseRepeatedKeys(root, 'the file');
  const hooks = valueAt(root, 'hooks');
  if (hooks !== undefined && hooks.type !== 'object')
    throw new SettingsRefusal(`has "hooks" as a JSON ${hooks.type}, not an object of events`);
  if (hooks !== undefined) refuseRepeatedKeys(hooks, '"hooks"');
  return root;
}

function parseProblem(text: string, error: ParseError, agent: AgentSettings): string {
  const place = placeOf(text, error.offset);
  if (printParseErrorCode(error.error) === 'InvalidCommentToken')
    return `has a comment at ${place}, which ${agent.title} does not allow in this file (it reads it as strict JSON); remove it`;
  const problem = printParseErrorCode(error.error)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return `is not valid JSON at ${place} (${problem}); ${agent.title} cannot read it either: fix it first`;
}

function placeOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  return `line ${line}, column ${offset - (before.lastIndexOf('\n') + 1) + 1}`;
}

/** A key given twice: the agent reads one of them, and which one is not ours to guess. */
function refuseRepeatedKeys(object: Node, where: string): void {
  const seen = new Set<string>();
  for (const property of object.children ?? []) {
    const key = property.children?.[0]?.value as string;
    if (seen.has(key)) throw new SettingsRefusal(`has the key ${JSON.stringify(key)} twice in ${where}; keep one`);
    seen.add(key);
  }
}

/** The property of `object` named `key`, and its index. */
function propertyOf(object: Node, key: string): { property: Node; index: number } | undefined {
  const index = (object.children ?? []).findIndex((property) => property.children?.[0]?.value === key);
  return index === -1 ? undefined : { property: object.children?.[index] as Node, index };
}

function valueAt(object: Node, key: string): Node | undefined {
  return propertyOf(object, key)?.property.children?.[1];
}

/** The handlers of a matcher group (an object with a "hooks" list), or none. */
function handlersOf(group: Node): Node | undefined {
  if (group.type !== 'object') return undefined;
  const handlers = valueAt(group, 'hooks');
  return handlers?.type === 'array' ? handlers : undefined;
}

function isOurs(handler: Node): boolean {
  if (handler.type !== 'object') return false;
  const command = valueAt(handler, 'command');
  return command?.type === 'string' && isOurHookCommand(command.value as string);
}

/** Every handler of ours in the file, in the file's order. */
function ourHandlers(root: Node): OurHandler[] {
  const found: OurHandler[] = [];
  for (const property of valueAt(root, 'hooks')?.children ?? []) {
    const groups = property.children?.[1];
    if (groups?.type !== 'array') continue;
    for (const group of groups.children ?? [])
      for (const handler of handlersOf(group)?.children ?? [])
        if (isOurs(handler)) found.push({ event: property.children?.[0]?.value as string, handler });
  }
  return found;
}

/**
 * The edits that remove `doomed` handlers. A matcher group left without handlers goes, an event
 * left without groups goes, and "hooks" left without events goes: what install added, uninstall
 * takes away whole.
 */
function removalEdits(text: string, root: Node, doomed: ReadonlySet<Node>): TextEdit[] {
  const hooksAt = propertyOf(root, 'hooks');
  const hooks = hooksAt?.property.children?.[1];
  if (hooksAt === undefined || hooks === undefined || doomed.size === 0) return [];
  const edits: TextEdit[] = [];
  const goneEvents = new Set<number>();
  (hooks.children ?? []).forEach((property, eventIndex) => {
    const groups = property.children?.[1];
    if (groups?.type !== 'array') return;
    const goneGroups = new Set<number>();
    (groups.children ?? []).forEach((group, groupIndex) => {
      const handlers = handlersOf(group);
      const gone = new Set((handlers?.children ?? []).flatMap((handler, index) => (doomed.has(handler) ? [index] : [])));
      if (gone.size === 0 || handlers === undefined) return;
      if (gone.size === handlers.children?.length) goneGroups.add(groupIndex);
      else edits.push(...removeEntries(text, handlers, gone));
    });
    if (goneGroups.size === 0) return;
    if (goneGroups.size === groups.children?.length) goneEvents.add(eventIndex);
    else edits.push(...removeEntries(text, groups, goneGroups));
  });
  if (goneEvents.size === 0) return edits;
  if (goneEvents.size === hooks.children?.length) return [...edits, ...removeEntries(text, root, new Set([hooksAt.index]))];
  return [...edits, ...removeEntries(text, hooks, goneEvents)];
}

/** The text without any hook of ours, and how many there were. */
export function uninstallHooks(text: string, agent: AgentSettings): { text: string; removed: number } {
  const root = parseSettings(text, agent);
  const ours = ourHandlers(root);
  if (ours.length === 0) return { text, removed: 0 };
  return { text: applyTextEdits(text, removalEdits(text, root, new Set(ours.map((our) => our.handler)))), removed: ours.length };
}

/** The handler of ours for `event`, as the agent's settings write it. */
export function ourHandler(agent: AgentSettings, event: AgentSettings['events'][number], command: string): Record<string, unknown> {
  return { type: 'command', command, timeout: agent.timeout(event.timeoutSeconds), ...agent.extraFields };
}

/**
 * The text with one handler of ours in each of the agent's events, running `command`: one already
 * there that is exactly it is kept (its bytes untouched), one that differs is updated where it is,
 * a missing one is added as a matcher group of its own after the event's others. Handlers of ours
 * beyond the first of an event, or in an event the agent's hook does not answer, are removed.
 */
export function installHooks(
  text: string,
  agent: AgentSettings,
  command: string,
): { text: string; changes: Record<string, EventChange>; removed: number } {
  const events = new Set(agent.events.map((event) => event.name));
  const first = new Set<string>();
  const stale = new Set<Node>();
  const read = parseSettings(text, agent);
  for (const our of ourHandlers(read)) {
    if (events.has(our.event) && !first.has(our.event)) first.add(our.event);
    else stale.add(our.handler);
  }
  let current = applyTextEdits(text, removalEdits(text, read, stale));
  const style = styleOf(text);
  const changes: Record<string, EventChange> = {};
  for (const event of agent.events) {
    const root = parseSettings(current, agent);
    const wanted = ourHandler(agent, event, command);
    const existing = ourHandlers(root).find((our) => our.event === event.name)?.handler;
    if (existing !== undefined) {
      const same = canonical(getNodeValue(existing)) === canonical(wanted);
      changes[event.name] = same ? 'kept' : 'updated';
      if (!same) current = applyTextEdits(current, [replaceValue(current, existing, wanted, style)]);
      continue;
    }
    changes[event.name] = 'added';
    current = applyTextEdits(current, additionEdits(current, root, event.name, { hooks: [wanted] }, style));
  }
  return { text: current, changes, removed: stale.size };
}

/** The edits that add `group` at the end of `event`'s list, making the list, and "hooks", where missing. */
function additionEdits(text: string, root: Node, event: string, group: unknown, style: ReturnType<typeof styleOf>): TextEdit[] {
  const hooks = valueAt(root, 'hooks');
  if (hooks === undefined) return appendEntry(text, root, 'hooks', { [event]: [group] }, style);
  const groups = valueAt(hooks, event);
  if (groups === undefined) return appendEntry(text, hooks, event, [group], style);
  if (groups.type !== 'array') throw new SettingsRefusal(`has "hooks"."${event}" as a JSON ${groups.type}, not a list of matcher groups`);
  return appendEntry(text, groups, undefined, group, style);
}

/** JSON with the keys of every object sorted: two values equal whatever their keys' order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
