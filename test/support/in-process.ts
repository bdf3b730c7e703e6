import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export interface InProcessRun {
  status: number;
  stdout: string;
  stderr: string;
}

type Run = typeof import('../../src/cli/run.js').run;

interface InProcessOptions {
  cwd: string;
  env?: Record<string, string | undefined>;
}

/**
 * Runs the CLI in this process, from the source: the same code path as the built bundle, without
 * the cost of a child process. For tests where the process boundary is not what is tested. The
 * process's own working directory is left alone: the CLI resolves every path against `io.cwd`,
 * so runs in different folders may overlap (and test files may share a worker).
 */
export async function runInProcess(args: string[], options: InProcessOptions): Promise<InProcessRun> {
  // Imported when first run: a file that runs only the built bundle does not load the sources.
  const { run } = await import('../../src/cli/run.js');
  return runWith(run, args, options);
}

const distFolder = fileURLToPath(new URL('../../dist', import.meta.url));
let builtRun: Run | undefined;

/**
 * Runs the built CLI in this process: the `run` of dist/cli.cjs, loaded as the launcher loads it
 * (bin/load-bundle.cjs), so what is tested is what the package ships (the validators precompiled at
 * build time, the renderers bundled as parts, the worker and writer threads of dist/) without a
 * child process. The process entry around it (exit code, streams, signals, start-up) is not in
 * this run: tests of those spawn the CLI (test/support/cli.ts).
 */
export function runBuiltInProcess(args: string[], options: InProcessOptions): Promise<InProcessRun> {
  if (builtRun === undefined) {
    const { loadBundle } = createRequire(import.meta.url)('../../bin/load-bundle.cjs') as {
      loadBundle(dir: string, name: string): { run: Run };
    };
    builtRun = loadBundle(distFolder, 'cli').run;
  }
  return runWith(builtRun, args, options);
}

async function runWith(entry: Run, args: string[], options: InProcessOptions): Promise<InProcessRun> {
  let stderr = '';
  const io = {
    cwd: options.cwd,
    env: { NO_COLOR: '1', ...options.env },
    stderr: { write: (text: string) => void (stderr += text) },
    stdoutIsTTY: false,
  };
  const { exitCode, stdout } = await entry(args, io);
  return { status: exitCode, stdout, stderr };
}
