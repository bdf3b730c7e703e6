/** File modes, links, FIFOs and devices behave as POSIX says (not on Windows). */
export const posix = process.platform !== 'win32';

/** Root passes any file mode, so a test of a refused permission cannot run as root. */
export const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
