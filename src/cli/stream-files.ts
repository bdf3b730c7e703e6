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
 * Which of the process's redirected streams a path is (a link to one is it too), or null. Nothing
 * is looked at when no stream is a file, so a run on a terminal or a pipe pays nothing.
 */
export function streamFileOf(path: RawPath, files: readonly StreamFile[] | undefined): StreamFile['stream'] | null {
  if (files === undefined || files.length === 0) return null;
  let stats: { dev: bigint; ino: bigint; isFile(): boolean };
  try {
    stats = statSync(path, { bigint: true });
  } catch {
    return null;
  }
  if (!stats.isFile()) return null;
  return files.find((file) => file.dev === stats.dev && file.ino === stats.ino)?.stream ?? null;
}

/** The note for a file left out because it is one of this run's redirected streams. */
export function streamFileNote(shown: string, stream: StreamFile['stream']): string {
  return `left out ${JSON.stringify(shown)}: this run's ${stream} is redirected to it, so it is no spec`;
}
