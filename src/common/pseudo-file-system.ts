// Whether an open file belongs to one of the kernel's pseudo file systems, whose "files" are views
// of the kernel, not data: /proc/self/pagemap reads for ever, a sysfs file reports 4096 bytes
// whatever it holds. They look like regular files to fstat, so the file system is asked instead.
import { statfsSync } from 'node:fs';
import { descriptorPath } from './descriptor-path.js';

/** The magic numbers of Linux's pseudo file systems (linux/magic.h), by the name a message gives them. */
const PSEUDO_FILE_SYSTEMS: ReadonlyMap<number, string> = new Map([
  [0x9fa0, 'proc'],
  [0x62656572, 'sysfs'],
  [0x64626720, 'debugfs'],
  [0x74726163, 'tracefs'],
  [0x73636673, 'securityfs'],
  [0x27e0eb, 'cgroup'],
  [0x63677270, 'cgroup2'],
  [0xcafe4a11, 'bpf'],
  [0x62656570, 'configfs'],
  [0x6165676c, 'pstore'],
  [0xde5e81e4, 'efivarfs'],
  [0x42494e4d, 'binfmt_misc'],
  [0x65735543, 'fusectl'],
  [0xf97cff8c, 'selinuxfs'],
  [0x43415d53, 'smackfs'],
]);

/**
 * The name of the pseudo file system the file open as `descriptor` lies on, else null. Asked of
 * the descriptor (Linux's /proc/self/fd/N leads statfs to the very file opened), never of a path
 * that may have been swapped since. Elsewhere, or without /proc, null: no such file systems there
 * to speak of, and a caller still reads no further than the size the file had when opened.
 */
export function pseudoFileSystemOf(descriptor: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    return PSEUDO_FILE_SYSTEMS.get(statfsSync(descriptorPath(descriptor)).type) ?? null;
  } catch {
    return null;
  }
}
