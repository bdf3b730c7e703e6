import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, runHermetic, STACK_TRACE } from './support/cli.js';
import { documentationPages } from './support/documentation.js';
import { runInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

/**
 * Every example command in the ```sh blocks of the README and the pages of docs/ runs, and exits
 * with the code its `# exit N` comment documents (0 when it documents none): an example that
 * drifts from the tool fails the build.
 */

const tempDir = useTempDirs('readme');

const CLI = 'npx --no-install compile-investigation';

/** Steps that cannot run inside the suite, with the reason. */
const SKIPPED: Record<string, string> = {
  'npm ci': 'installs the dependencies the suite itself runs on',
  'bash check.sh': 'runs this suite: it would run itself',
  'npm install ../compile-investigation': 'installs into another project; test/package.test.ts installs the packed tarball offline',
  'npm install ../compile-investigation/compile-investigation-0.1.0.tgz':
    'installs into another project; test/package.test.ts installs the packed tarball offline',
  'npx --no-install compile-investigation specs --format text':
    'runs in the other project, on its specs; test/package.test.ts runs the installed command',
};

interface Example {
  /** The page's line, comment included. */
  line: string;
  /** One command of the line (a line may chain several with &&). */
  command: string;
  expectedExit: number;
}

function readmeExamples(): Example[] {
  const blocks = documentationPages().flatMap(({ text }) => [...text.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? ''));
  return blocks.flatMap((block) =>
    block
      .split('\n')
      .filter((line) => line.trim() !== '')
      .flatMap((line) => {
        const [code = '', comment = ''] = line.split(/\s+#\s*/, 2);
        const expectedExit = Number(/^exit (\d+)/.exec(comment)?.[1] ?? 0);
        return code.split('&&').map((command) => ({ line, command: command.trim(), expectedExit }));
      }),
  );
}

/** Shell words: single- or double-quoted strings (quotes removed) and bare words. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? '');
}

const examples = readmeExamples();
const runnable = examples.filter((example) => SKIPPED[example.command] === undefined);

/**
 * Runs one example in `cwd`: `npx --no-install compile-investigation ARGS` in process; `cat FILE | npx --no-install
 * compile-investigation -` in a real process, since standard input needs one; `cp -r FROM TO`
 * copies a folder, as the shell would.
 */
async function runExample(command: string, cwd: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const copy = /^cp -r (\S+) (\S+)$/.exec(command);
  if (copy) {
    cpSync(join(cwd, copy[1] ?? ''), join(cwd, copy[2] ?? ''), { recursive: true, errorOnExist: true, force: false });
    return { status: 0, stdout: '', stderr: '' };
  }
  const piped = /^cat (\S+) \| (.*)$/.exec(command);
  const invocation = piped ? (piped[2] ?? '') : command;
  if (!invocation.startsWith(`${CLI} `)) throw new Error(`not a command this test can run: ${command}; list it in SKIPPED with the reason`);
  const args = words(invocation.slice(CLI.length));
  if (piped) return runHermetic(args, { cwd, input: readFileSync(join(cwd, piped[1] ?? '')) });
  return runInProcess(args, { cwd });
}

describe('README examples', () => {
  let workspace: string;
  beforeAll(() => {
    // A copy of the fixtures, since examples write files (--output); the CI examples' own folder
    // of specs, investigations/, holds the valid fixtures.
    workspace = tempDir();
    cpSync(join(projectRoot, 'fixtures'), join(workspace, 'fixtures'), { recursive: true });
    cpSync(join(projectRoot, 'fixtures', 'valid'), join(workspace, 'investigations'), { recursive: true });
  });

  it('the README has example commands, and every skipped one is still in it', () => {
    expect(runnable.length).toBeGreaterThanOrEqual(10);
    const commands = examples.map((example) => example.command);
    for (const skipped of Object.keys(SKIPPED)) expect(commands).toContain(skipped);
  });

  it.each(runnable.map((example) => [example.command, example] as const))('%s', async (_command, example) => {
    const run = await runExample(example.command, workspace);
    expect(run.status, `${example.line}\n${run.stderr.slice(0, 2000)}`).toBe(example.expectedExit);
    expect(run.stderr).not.toMatch(STACK_TRACE);
  });

  for (const [command, reason] of Object.entries(SKIPPED)) it.skip(`${command} (skipped: ${reason})`, () => {});
});
