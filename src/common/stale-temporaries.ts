import { randomBytes } from 'node:crypto';
import { lstatSync, readdirSync, unlinkSync } from 'node:fs';
import { joinRawPath, type RawPath } from './raw-path.js';

/** A temporary's name: `.<name>.tmp-<pid>-<8 hex digits>`, read as Latin-1 so that any bytes map one to one. */
const TEMPORARY = /^\.([\s\S]+)\.tmp-([1-9]\d{0,9})-[0-9a-f]{8}$/;

/** The name of a temporary for `name`: `.<name>.tmp-<pid>-<8 hex digits>`, unique per write. */
export function temporaryName(name: RawPath): RawPath {
  const tail = `.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  return typeof name === 'string' ? `.${name}${tail}` : Buffer.concat([Buffer.from('.'), name, Buffer.from(tail)]);
}

/** A leftover temporary: its file name, and the PID of the writer that made it. */
interface Temporary {
  file: Buffer;
  pid: number;
}

/**
 * The temporaries of the last folder listed, by the name they stand for, so that many writes into
 * one folder (--output-dir, test --update, which writes folder by folder) list it once and look up
 * each name at once, rather than once per file. A temporary that appears after the listing belongs
 * to a run that was alive then, and is for a later run to remove.
 */
let listed: { folder: Buffer; temporaries: Map<string, Temporary[]> } | null = null;

/**
 * Removes the temporaries of `name` in `folder` left by writers that no longer run: a SIGKILL
 * cannot be caught, so a run killed mid-write leaves its temporary behind. Only regular files
 * named exactly `.<name>.tmp-<pid>-<8 hex digits>` whose PID is not a live process are removed;
 * a live PID's temporary may be a write in progress and stays (a PID reused since only delays the
 * clean-up). Best effort: a folder that cannot be listed, or a file that cannot be removed, is left.
 */
export function removeStaleTemporaries(folder: RawPath, name: RawPath): void {
  const key = Buffer.from(name).toString('latin1');
  const temporaries = temporariesIn(Buffer.from(folder));
  const found = temporaries.get(key);
  if (found === undefined) return;
  const kept = found.filter(({ file, pid }) => {
    if (mayBeAlive(pid)) return true;
    const path = joinRawPath(Buffer.from(folder), file);
    try {
      if (!lstatSync(path).isFile()) return true;
      unlinkSync(path);
      return false;
    } catch {
      // Gone already, or not ours to remove: the write goes on.
      return true;
    }
  });
  temporaries.set(key, kept);
}

function temporariesIn(folder: Buffer): Map<string, Temporary[]> {
  if (listed?.folder.equals(folder)) return listed.temporaries;
  let names: Buffer[];
  try {
    names = readdirSync(folder, { encoding: 'buffer' });
  } catch {
    names = [];
  }
  const temporaries = new Map<string, Temporary[]>();
  for (const file of names) {
    const match = TEMPORARY.exec(file.toString('latin1'));
    if (match === null) continue;
    const [, name, pid] = match as unknown as [string, string, string];
    const known = temporaries.get(name);
    const temporary = { file, pid: Number(pid) };
    if (known === undefined) temporaries.set(name, [temporary]);
    else known.push(temporary);
  }
  listed = { folder, temporaries };
  return temporaries;
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
