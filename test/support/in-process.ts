import { run } from '../../src/cli/run.js';

export interface InProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the CLI in this process, from the source: the same code path as the built bundle, without
 * the cost of a child process. For tests where the process boundary is not what is tested. The
 * process's own working directory is left alone: the CLI resolves every path against `io.cwd`,
 * so runs in different folders may overlap (and test files may share a worker).
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
  const { exitCode, stdout } = await run(args, io);
  return { status: exitCode, stdout, stderr };
}
