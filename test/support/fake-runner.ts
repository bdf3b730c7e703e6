import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { parse } from 'yaml';
import { projectRoot } from './cli.js';

interface ActionInput {
  default?: string;
}

interface ActionDefinition {
  inputs: Record<string, ActionInput>;
  outputs: Record<string, { value: string }>;
  runs: { using: string; steps: Array<{ id: string; shell: string; env: Record<string, string>; run: string }> };
}

export const action = parse(readFileSync(join(projectRoot, 'action.yml'), 'utf8')) as ActionDefinition;

export interface RunnerRun {
  status: number | null;
  stdout: string;
  stderr: string;
  /** What the step appended to GITHUB_STEP_SUMMARY. */
  summary: string;
  /** The step's outputs, from GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** The action's outputs, as the runner maps them from the step's. */
  actionOutputs: Record<string, string>;
  /** The runner's temporary folder (RUNNER_TEMP), out of the workspace, as on GitHub's runners. */
  runnerTemp: string;
}

const runnerTemps: string[] = [];
afterAll(() => {
  for (const dir of runnerTemps) rmSync(dir, { recursive: true, force: true });
});

/**
 * Runs the composite action the way the runner does: every `${{ inputs.x }}` of the step's env
 * replaced by the given input or the input's default, GITHUB_* and RUNNER_TEMP variables and
 * files of a fake runner (in RUNNER_TEMP, out of the workspace, as GitHub keeps them), the step's `run` in bash from the workspace. Unknown inputs are refused, as GitHub warns.
 */
export function runAction(workspace: string, inputs: Record<string, string>, actionPath = projectRoot): RunnerRun {
  for (const name of Object.keys(inputs)) if (!(name in action.inputs)) throw new Error(`action.yml has no input ${name}`);
  const step = action.runs.steps[0];
  if (!step) throw new Error('action.yml has no step');
  const expression = (value: string) =>
    value.replace(/\$\{\{\s*inputs\.([\w-]+)\s*\}\}/g, (_whole, name: string) => inputs[name] ?? action.inputs[name]?.default ?? '');
  const stepEnv = Object.fromEntries(Object.entries(step.env).map(([name, value]) => [name, expression(String(value))]));
  const runnerTemp = realpathSync(mkdtempSync(join(tmpdir(), 'compile-investigation-runner-temp-')));
  runnerTemps.push(runnerTemp);
  const summaryFile = join(runnerTemp, 'step-summary.md');
  const outputFile = join(runnerTemp, 'output.txt');
  writeFileSync(summaryFile, '');
  writeFileSync(outputFile, '');
  // As the runner runs a bash step (bash --noprofile --norc -eo pipefail), with no input: a
  // stdin that is a socket, as a pipe of Node's is, and no SHLVL make a non-interactive bash (the
  // script's own) take itself for a remote shell and source ~/.bashrc, a second or more of the
  // machine's own start-up per run that GitHub's runner never does.
  const result = spawnSync('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', step.run], {
    cwd: workspace,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: process.env['HOME'] ?? '',
      GITHUB_ACTIONS: 'true',
      GITHUB_ACTION_PATH: actionPath,
      GITHUB_WORKSPACE: workspace,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_OUTPUT: outputFile,
      RUNNER_TEMP: runnerTemp,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_REPOSITORY: 'octo/specs',
      GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567',
      ...stepEnv,
    },
  });
  const outputs = Object.fromEntries(
    readFileSync(outputFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('='))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  const actionOutputs = Object.fromEntries(
    Object.entries(action.outputs).map(([name, { value }]) => [
      name,
      value.replace(/\$\{\{\s*steps\.gate\.outputs\.([\w-]+)\s*\}\}/g, (_whole, key: string) => outputs[key] ?? ''),
    ]),
  );
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    summary: existsSync(summaryFile) ? readFileSync(summaryFile, 'utf8') : '',
    outputs,
    actionOutputs,
    runnerTemp,
  };
}
