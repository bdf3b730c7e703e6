/**
 * A process that swaps a path back and forth as fast as it can, to race the tool between a check
 * of a path and the use of what it names: `file` alternates a regular file (with `content`) and a
 * link to `outside`; `folder` alternates a folder (kept aside while swapped out) and a link to
 * `outside`; `link` alternates a link to `target` and a link to `outside`. Each swap is a rename,
 * as an attacker would do it. Run in a process of its own, so that it races code running here.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';

const SWAP = `
const fs = require('node:fs');
const [mode, path, outside, other] = process.argv.slice(1);
const aside = path + '.aside';
const put = (make) => { const temporary = path + '.swap'; try { fs.rmSync(temporary, { force: true }); make(temporary); fs.renameSync(temporary, path); } catch {} };
for (let turn = 0; ; turn++) {
  if (mode === 'file') {
    if (turn % 2) put((temporary) => fs.writeFileSync(temporary, other)); else put((temporary) => fs.symlinkSync(outside, temporary));
  } else if (mode === 'link') {
    put((temporary) => fs.symlinkSync(turn % 2 ? other : outside, temporary));
  } else if (turn % 2) {
    try { fs.renameSync(path, aside); fs.symlinkSync(outside, path); } catch {}
  } else {
    try { fs.unlinkSync(path); fs.renameSync(aside, path); } catch {}
  }
}
`;

export interface Swapper {
  /** Stops swapping; a folder swapped out at that moment is put back. */
  stop(): Promise<void>;
}

/** Starts swapping `path`; `other` is the file's content (`file`) or the other link target (`link`). */
export function startSwapper(mode: 'file' | 'folder' | 'link', path: string, outside: string, other = ''): Swapper {
  const child: ChildProcess = spawn(process.execPath, ['-e', SWAP, mode, path, outside, other], { stdio: 'ignore' });
  return {
    async stop() {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill();
      });
      if (mode === 'folder' && existsSync(`${path}.aside`)) {
        rmSync(path, { force: true });
        renameSync(`${path}.aside`, path);
      }
    },
  };
}
