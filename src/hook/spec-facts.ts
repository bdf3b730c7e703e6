// What a decision before a tool call needs of the spec: its goal and its hard budget, read as the
// gate's critical-input rule reads them, never filled in. A spec that cannot be read is a spec
// with neither: the agent is asked for them, as the gate would ask. What was read is kept in the
// state folder with the spec's size and times, so that a YAML spec is parsed again only once it
// changed, not before every read.
import { closeSync, openSync, readFileSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { isRecord } from '../common/guards.js';

/** The marker the method prescribes when a datum it cannot guess is missing (the gate's critical-input rule). */
export const CRITICAL_MARKER = '{VACIO_CRITICO}';

/** The largest spec read before a tool call: a spec's own limit. */
const MAX_SPEC_BYTES = 10 * 1024 * 1024;
const FACTS_FILE = 'spec-facts.json';

export type SpecFacts =
  | { ok: true; total: number; unit: string }
  /** What is missing, as a sentence for the agent. */
  | { ok: false; missing: string };

/** Work done by the last call, for the tests: whether the spec was parsed. */
export const specFactsWork = { parsed: false };

/** The goal and budget of the spec at `path` (absolute), or what is missing among them; kept in `stateDir` while the spec is unchanged. */
export async function readSpecFacts(path: string, stateDir: string): Promise<SpecFacts> {
  specFactsWork.parsed = false;
  const stats = statSync(path);
  const version = `${stats.size}:${stats.mtimeMs}:${stats.ctimeMs}:${stats.ino}`;
  const kept = keptFacts(join(stateDir, FACTS_FILE));
  if (kept !== undefined && kept.path === path && kept.version === version) return kept.facts;
  specFactsWork.parsed = true;
  const facts = factsOf(await specData(path));
  keepFacts(join(stateDir, FACTS_FILE), { path, version, facts });
  return facts;
}

async function specData(path: string): Promise<{ ok: true; data: Record<string, unknown> } | { ok: false; message: string }> {
  try {
    const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
    const data = text.length <= MAX_SPEC_BYTES && text.trimStart().startsWith('{') ? (JSON.parse(text) as unknown) : undefined;
    if (isRecord(data)) return { ok: true, data };
  } catch {}
  // YAML, or JSON the plain parser refuses: the tool's own reader, with its limits and its messages.
  const { documentData } = await import('./engine-part.js');
  return documentData(path, MAX_SPEC_BYTES);
}

function factsOf(read: { ok: true; data: Record<string, unknown> } | { ok: false; message: string }): SpecFacts {
  if (!read.ok) return { ok: false, missing: `the goal and the hard budget, budget.total (the spec cannot be read: ${read.message})` };
  const { goal, budget } = read.data;
  const missing: string[] = [];
  if (typeof goal !== 'string' || goal.trim() === '') missing.push('the goal (what must this investigation find out?)');
  const total = isRecord(budget) ? budget['total'] : undefined;
  if (typeof total !== 'number' || !(total > 0))
    missing.push('the hard budget, budget.total (how many expensive reads may the investigation spend?)');
  if (missing.length > 0) return { ok: false, missing: missing.join(' and ') };
  const unit = isRecord(budget) && typeof budget['unit'] === 'string' ? budget['unit'] : 'reads';
  return { ok: true, total: total as number, unit };
}

interface KeptFacts {
  path: string;
  version: string;
  facts: SpecFacts;
}

function keptFacts(file: string): KeptFacts | undefined {
  try {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptFacts;
    return isRecord(kept) && isRecord(kept.facts) ? kept : undefined;
  } catch {
    return undefined;
  }
}

/** Kept through a temporary and a rename; a folder that cannot be written keeps nothing, and the spec is read again next time. */
function keepFacts(file: string, kept: KeptFacts): void {
  const temporary = `${file}.tmp-${process.pid}`;
  try {
    const fd = openSync(temporary, 'w');
    try {
      writeSync(fd, JSON.stringify(kept));
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch {}
}
