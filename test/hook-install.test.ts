// `hook install` and `hook uninstall` on the command line: the file of the project or of the home,
// written atomically and only when it changes, never with --dry-run, never over a file the agent
// could not read; the command the hooks run, from the project when it has the package.
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../src/commands/hook-install/agents.js';
import { projectRoot } from './support/cli.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('hook-install');

const SETTINGS = `{
  "permissions": { "allow": ["Bash(git status)"] },
  "hooks": {
    "Stop": [ { "hooks": [ { "type": "command", "command": "say done" } ] } ]
  }
}
`;

/** A project folder holding `text` as the agent's settings file, and that file's path. */
function projectWith(agent: keyof typeof AGENTS, text: string): { dir: string; file: string } {
  const dir = tempDir();
  const file = join(dir, AGENTS[agent].folder, AGENTS[agent].fileName);
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, text);
  return { dir, file };
}

/** The commands of our hooks in a settings file. */
function commandsIn(file: string): string[] {
  const data = JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, Array<{ hooks: Array<{ command: string }> }>> };
  return Object.values(data.hooks).flatMap((groups) => groups.flatMap((group) => group.hooks.map((handler) => handler.command)));
}

describe('hook install in a project', () => {
  it('writes the file once: a second run reports it unchanged and leaves its bytes; uninstall gives them back', async () => {
    const { dir, file } = projectWith('claude', SETTINGS);
    const first = await runInProcess(['hook', 'install', '--agent', 'claude'], { cwd: dir });
    expect(first.status).toBe(0);
    expect(first.stdout).toBe(
      '.claude/settings.json: hooks of compile-investigation: added PreToolUse, PostToolUse, PostToolUseFailure, Stop, SubagentStop\n',
    );
    const installed = readFileSync(file, 'utf8');
    expect(JSON.parse(installed).hooks.Stop[0]).toEqual({ hooks: [{ type: 'command', command: 'say done' }] });
    const second = await runInProcess(['hook', 'install', '--agent', 'claude', '--json'], { cwd: dir });
    expect(envelopeOf(second.stdout)).toMatchObject({ ok: true, command: 'hook install', data: { changed: false, written: false } });
    expect(readFileSync(file, 'utf8')).toBe(installed);
    const removed = await runInProcess(['hook', 'uninstall', '--agent', 'claude'], { cwd: dir });
    expect(removed).toMatchObject({ status: 0, stdout: '.claude/settings.json: removed 5 hooks of compile-investigation\n' });
    expect(readFileSync(file, 'utf8')).toBe(SETTINGS);
  });

  it('creates the folder and the file where there were none, and keeps the mode of a file that was there', async () => {
    const dir = tempDir();
    expect((await runInProcess(['hook', 'install', '--agent', 'codex'], { cwd: dir })).status).toBe(0);
    expect(Object.keys(JSON.parse(readFileSync(join(dir, '.codex', 'hooks.json'), 'utf8')).hooks)).toEqual([
      'PreToolUse',
      'PostToolUse',
      'Stop',
      'SubagentStop',
    ]);
    const { dir: private_, file } = projectWith('gemini', '{"security": {"auth": {"selectedType": "oauth-personal"}}}\n');
    chmodSync(file, 0o600);
    expect((await runInProcess(['hook', 'install', '--agent', 'gemini'], { cwd: private_ })).status).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('names the spec the hook guards, quoted for the shell, and a new --spec updates the hooks in place', async () => {
    const dir = tempDir();
    await runInProcess(['hook', 'install', '--agent', 'claude', '--spec', "specs/refund's.yaml"], { cwd: dir });
    const file = join(dir, '.claude', 'settings.json');
    expect(commandsIn(file).every((command) => command.endsWith(` hook --spec 'specs/refund'\\''s.yaml'`))).toBe(true);
    const again = await runInProcess(['hook', 'install', '--agent', 'claude', '--spec', 'spec.yaml', '--json'], { cwd: dir });
    expect(envelopeOf(again.stdout).data.changes).toEqual({
      PreToolUse: 'updated',
      PostToolUse: 'updated',
      PostToolUseFailure: 'updated',
      Stop: 'updated',
      SubagentStop: 'updated',
    });
    expect(commandsIn(file).every((command) => command.endsWith(' hook --spec spec.yaml'))).toBe(true);
  });

  it('uninstall where there is no file writes none', async () => {
    const dir = tempDir();
    const run = await runInProcess(['hook', 'uninstall', '--agent', 'gemini'], { cwd: dir });
    expect(run).toMatchObject({ status: 0, stdout: '.gemini/settings.json: no hook of compile-investigation to remove; unchanged\n' });
    expect(existsSync(join(dir, '.gemini'))).toBe(false);
  });
});

describe('the command the hooks run', () => {
  it("names the project's own dependency through the agent's project variable, or relative for Codex, which has none", async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(projectRoot, join(dir, 'node_modules', 'compile-investigation'));
    const launcher = 'node_modules/compile-investigation/bin/compile-investigation.cjs';
    for (const [agent, command] of [
      ['claude', `node "$CLAUDE_PROJECT_DIR/${launcher}" hook`],
      ['gemini', `node "$GEMINI_PROJECT_DIR/${launcher}" hook`],
      ['codex', `node ${launcher} hook`],
    ] as const) {
      const run = await runInProcess(['hook', 'install', '--agent', agent, '--json'], { cwd: dir });
      const envelope = envelopeOf(run.stdout);
      expect(envelope.data.command).toBe(command);
      expect(envelope.warnings).toEqual(
        agent === 'codex' ? [expect.stringMatching(/^Codex runs hooks in the folder it was started in/)] : [],
      );
    }
  });

  it('names the launcher by its absolute path, with a warning, in a project that does not have the package', async () => {
    const dir = tempDir();
    const run = await runInProcess(['hook', 'install', '--agent', 'claude'], { cwd: dir });
    expect(commandsIn(join(dir, '.claude', 'settings.json'))[0]).toBe(`node ${join(projectRoot, 'bin', 'compile-investigation.cjs')} hook`);
    expect(run.stderr).toMatch(
      /^compile-investigation: warning: ".*" is not this project's dependency, so the file works on this machine only: /,
    );
  });
});

describe('hook install --scope user', () => {
  it("writes the agent's file in the home (or where the agent's own variable says), and nothing in the project", async () => {
    const home = tempDir();
    const project = tempDir();
    const codexHome = join(tempDir(), 'codex-home');
    for (const [agent, env, file] of [
      ['claude', { HOME: home }, join(home, '.claude', 'settings.json')],
      ['gemini', { HOME: home }, join(home, '.gemini', 'settings.json')],
      ['codex', { HOME: home, CODEX_HOME: codexHome }, join(codexHome, 'hooks.json')],
      ['claude', { HOME: home, CLAUDE_CONFIG_DIR: join(home, 'config') }, join(home, 'config', 'settings.json')],
    ] as const) {
      const run = await runInProcess(['hook', 'install', '--agent', agent, '--scope', 'user', '--json'], { cwd: project, env });
      expect(envelopeOf(run.stdout).data).toMatchObject({ scope: 'user', file, written: true });
      expect(commandsIn(file).length).toBe(AGENTS[agent].events.length);
    }
    expect(readdirSync(project)).toEqual([]);
  });
});

describe('hook install --dry-run', () => {
  it('prints the file as it would be and writes nothing, whether the file is there or not', async () => {
    const dir = tempDir();
    const run = await runInProcess(['hook', 'install', '--agent', 'gemini', '--dry-run'], { cwd: dir });
    expect(run.status).toBe(0);
    expect(Object.keys(JSON.parse(run.stdout).hooks)).toEqual(['BeforeTool', 'AfterTool', 'AfterAgent']);
    expect(run.stderr).toMatch(/\(dry run: nothing written\)\n$/);
    expect(readdirSync(dir)).toEqual([]);
    const { dir: existing, file } = projectWith('claude', SETTINGS);
    const json = await runInProcess(['hook', 'install', '--agent', 'claude', '--dry-run', '--json'], { cwd: existing });
    const envelope = envelopeOf(json.stdout);
    expect(envelope.data).toMatchObject({ changed: true, written: false });
    expect(JSON.parse(envelope.data.rendered).permissions).toEqual({ allow: ['Bash(git status)'] });
    expect(readFileSync(file, 'utf8')).toBe(SETTINGS);
    writeFileSync(file, envelope.data.rendered);
    const uninstall = await runInProcess(['hook', 'uninstall', '--agent', 'claude', '--dry-run'], { cwd: existing });
    expect(uninstall.stdout).toBe(SETTINGS);
    expect(readFileSync(file, 'utf8')).toBe(envelope.data.rendered);
  });
});

describe('a settings file hook install cannot use', () => {
  it.each([
    ['claude', '{\n  // my permissions\n  "permissions": {}\n}\n', /has a comment at line 2, column 3, which Claude Code does not allow/],
    ['codex', '{"hooks": {"Stop": [}', /is not valid JSON at line 1/],
    ['gemini', '{"hooks": "off"}', /"hooks" as a JSON string, not an object of events/],
    ['claude', Buffer.from([0x7b, 0xff, 0x7d]), /is not UTF-8 text/],
  ] as const)('%s: %j is refused with exit 2, one line, and the file as it was', async (agent, content, message) => {
    const { dir, file } = projectWith(agent, content as string);
    const before = readFileSync(file);
    for (const command of ['install', 'uninstall']) {
      const run = await runInProcess(['hook', command, '--agent', agent], { cwd: dir });
      expect(run.status).toBe(2);
      expect(run.stderr).toMatch(message);
      expect(run.stderr).toMatch(
        new RegExp(`^compile-investigation: ${AGENTS[agent].folder}/${AGENTS[agent].fileName} .*; nothing was written\\n$`),
      );
      expect(readFileSync(file)).toEqual(before);
      expect(readdirSync(join(file, '..'))).toEqual([AGENTS[agent].fileName]);
    }
    const json = await runInProcess(['hook', 'install', '--agent', agent, '--json'], { cwd: dir });
    expect(envelopeOf(json.stdout).error).toMatchObject({ code: 'USAGE_ERROR', subcode: 'INVALID_AGENT_SETTINGS' });
  });

  it('refuses a folder where the file should be, and a file its mode makes read-only, writing nothing', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, '.claude', 'settings.json'), { recursive: true });
    const folder = await runInProcess(['hook', 'install', '--agent', 'claude'], { cwd: dir });
    expect(folder).toMatchObject({ status: 2, stderr: expect.stringMatching(/settings\.json is not a regular file; nothing was written/) });
    const { dir: locked, file } = projectWith('claude', SETTINGS);
    chmodSync(file, 0o444);
    const readOnly = await runInProcess(['hook', 'install', '--agent', 'claude', '--json'], { cwd: locked });
    expect(envelopeOf(readOnly.stdout).error).toMatchObject({
      subcode: 'OUTPUT_NOT_WRITABLE',
      message: expect.stringMatching(/is read-only/),
    });
    expect(readFileSync(file, 'utf8')).toBe(SETTINGS);
  });

  it('--agent is required and takes only the agents it knows', async () => {
    const dir = tempDir();
    expect((await runInProcess(['hook', 'install'], { cwd: dir })).status).toBe(2);
    const unknown = await runInProcess(['hook', 'install', '--agent', 'cursor'], { cwd: dir });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/Allowed choices are claude, codex, gemini/);
    expect(readdirSync(dir)).toEqual([]);
  });
});
