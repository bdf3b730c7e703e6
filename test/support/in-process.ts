import { run } from '../../src/cli/run.js';

export interface InProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in this process, from the source: the same code path as the built bundle, without
 * the cost of a child process. For tests where the process boundary is not what is tested. As in
 * a real process, the working directory is `cwd` for the run (vitest runs each file in a child
 * process of its own, where changing it is allowed).
 */
export async function runInProcess(
  args: string[],
  options: { cwd: string; env?: Record<string, string | undefined> },
): Promise<InProcessRun> {
  let stderr = '';
  const io = {
    cwd: options.cwd,
    env: { NO_COLOR: '1', ...options.env },
    stderr: { write: (text: string) => void (stderr += text) },
    stdoutIsTTY: false,
  };
  const previous = process.cwd();
  process.chdir(options.cwd);
  try {
    const { exitCode, stdout } = await run(args, io);
    return { status: exitCode, stdout, stderr };
  } finally {
    process.chdir(previous);
  }
}
