import { fstatSync, statSync } from 'node:fs';
import type { RawPath } from '../common/raw-path.js';

/** A standard stream of this process that is a regular file (`> out.json`, `2> errors.json`): which one, and the file's identity. */
export interface StreamFile {
  stream: 'standard output' | 'standard error';
  dev: bigint;
  ino: bigint;
}

/**
 * The process's standard output and error that are redirected to regular files. The shell creates
 * (or truncates) such a file before the run starts, so a walk of the folder it lies in finds it:
 * empty, or being written by this very run. Its device and inode say so exactly, whatever its name
 * or content. A terminal, pipe or /dev/null is no regular file and is not listed.
 */
export function streamFiles(): StreamFile[] {
  const files: StreamFile[] = [];
  for (const [fd, stream] of [
    [1, 'standard output'],
    [2, 'standard error'],
  ] as const) {
    try {
      const stats = fstatSync(fd, { bigint: true });
      if (stats.isFile()) files.push({ stream, dev: stats.dev, ino: stats.ino });
    } catch {
      // A closed descriptor is no file of ours.
    }
  }
  return files;
}

/**
 * When a path is one of the process's redirected streams (a link to one is it too), the note that
 * leaves it out, naming it as `shown`; else null. Nothing is looked at when no stream is a file,
 * so a run on a terminal or a pipe pays nothing.
 */
export function streamFileNote(path: RawPath, shown: string, files: readonly StreamFile[] | undefined): string | null {
  if (files === undefined || files.length === 0) return null;
  let stats: { dev: bigint; ino: bigint; isFile(): boolean };
  try {
    stats = statSync(path, { bigint: true });
  } catch {
    return null;
  }
  if (!stats.isFile()) return null;
  const stream = files.find((file) => file.dev === stats.dev && file.ino === stats.ino)?.stream;
  return stream === undefined ? null : `left out ${JSON.stringify(shown)}: this run's ${stream} is redirected to it, so it is no spec`;
}
