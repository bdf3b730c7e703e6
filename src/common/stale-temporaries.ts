import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { joinRawPath, type RawPath } from './raw-path.js';

/** After `.<name>.tmp-`: the writer's PID and 8 hex digits. */
const TEMPORARY_TAIL = /^([1-9]\d{0,9})-[0-9a-f]{8}$/;

/** The name of a temporary for `name`: `.<name>.tmp-<pid>-<8 hex digits>`, unique per write. */
export function temporaryName(name: RawPath): RawPath {
  const tail = `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  return typeof name === 'string' ? `.${name}${tail}` : Buffer.concat([Buffer.from('.'), name, Buffer.from(tail)]);
}

/**
 * The last folder listed, so that many writes into one folder (--output-dir, test --update, which
 * writes folder by folder) list it once rather than once per file. A temporary that appears after
 * the listing belongs to a run that was alive then, and is for a later run to remove.
 */
let listed: { folder: Buffer; names: Buffer[] } | null = null;

/**
 * Removes the temporaries of `name` in `folder` left by writers that no longer run: a SIGKILL
 * cannot be caught, so a run killed mid-write leaves its temporary behind. Only regular files
 * named exactly `.<name>.tmp-<pid>-<8 hex digits>` whose PID is not a live process are removed;
 * a live PID's temporary may be a write in progress and stays (a PID reused since only delays the
 * clean-up). Best effort: a folder that cannot be listed, or a file that cannot be removed, is left.
 */
export function removeStaleTemporaries(folder: RawPath, name: RawPath): void {
  const prefix = Buffer.concat([Buffer.from('.'), Buffer.from(name), Buffer.from('.tmp-')]);
  const names = listing(Buffer.from(folder));
  for (let index = names.length - 1; index >= 0; index--) {
    const candidate = names[index] as Buffer;
    if (candidate.length <= prefix.length || !candidate.subarray(0, prefix.length).equals(prefix)) continue;
    const pid = TEMPORARY_TAIL.exec(candidate.subarray(prefix.length).toString('latin1'))?.[1];
    if (pid === undefined || mayBeAlive(Number(pid))) continue;
    const path = joinRawPath(Buffer.from(folder), candidate);
    try {
      if (!lstatSync(path).isFile()) continue;
      unlinkSync(path);
      names.splice(index, 1);
    } catch {
      // Gone already, or not ours to remove: the write goes on.
    }
  }
}

function listing(folder: Buffer): Buffer[] {
  if (listed !== null && listed.folder.equals(folder)) return listed.names;
  let names: Buffer[];
  try {
    names = readdirSync(folder, { encoding: 'buffer' });
  } catch {
    names = [];
  }
  listed = { folder, names };
  return names;
}

/**
 * Signal 0 checks that a process exists without touching it; EPERM means it exists but is not
 * ours. A number beyond any PID is no writer of ours: kept, as anything else not ours.
 */
function mayBeAlive(pid: number): boolean {
  if (pid > 0x7fffffff) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
