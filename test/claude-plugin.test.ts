// The Claude Code plugin the package ships (docs/hooks-setup.md): its files hold what Claude Code's
// plugin format asks of them, and each runs a command the launcher has, from the plugin's root.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENTS } from '../src/commands/hook-install/agents.js';
import { isOurHookCommand } from '../src/commands/hook-install/hook-command.js';
import { ourHandler } from '../src/commands/hook-install/settings-hooks.js';
import { COMMANDS } from '../src/commands/table/index.js';
import { projectRoot } from './support/cli.js';

const read = (path: string) => JSON.parse(readFileSync(join(projectRoot, path), 'utf8'));
const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as { name: string; version: string; files: string[] };

/** The launcher as the plugin names it: Claude Code puts the plugin's folder, the package's, in place of ${CLAUDE_PLUGIN_ROOT}. */
const PLUGIN_ROOT = ['$', '{CLAUDE_PLUGIN_ROOT}'].join('');
const LAUNCHER = `${PLUGIN_ROOT}/bin/compile-investigation.cjs`;

/** The words after the launcher name a command of the table, and the options given are that command's. */
function expectCommandOfTable(words: readonly string[]): void {
  const declared = COMMANDS.find((command) => command.name === words[0]);
  expect(declared, words.join(' ')).toBeDefined();
  for (const flag of words.slice(1)) expect(declared?.options.flatMap((option) => option.flags.split(/[ ,]+/))).toContain(flag);
}

describe('the Claude Code plugin', () => {
  it('has a manifest with a kebab-case name and the version of the package, and leaves its components where Claude Code looks', () => {
    const plugin = read('.claude-plugin/plugin.json');
    expect(plugin.name).toBe(manifest.name);
    expect(plugin.name).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
    expect(plugin.version).toBe(manifest.version);
    expect(typeof plugin.description).toBe('string');
    // The default places are loaded without being named; naming hooks/hooks.json again loads it twice.
    expect(Object.keys(plugin)).not.toEqual(expect.arrayContaining(['hooks']));
    expect(plugin).not.toHaveProperty('mcpServers');
    expect(plugin).not.toHaveProperty('lspServers');
  });

  it("lists itself in a marketplace of its own, at the package's root", () => {
    const marketplace = read('.claude-plugin/marketplace.json');
    expect(marketplace).toMatchObject({ name: manifest.name, owner: { name: expect.any(String) } });
    expect(marketplace.plugins).toEqual([expect.objectContaining({ name: manifest.name, source: './' })]);
  });

  it('hooks every event hook install gives Claude Code, with the same handler, run from the plugin', () => {
    const { hooks, description } = read('hooks/hooks.json');
    expect(typeof description).toBe('string');
    const command = `node "${LAUNCHER}" hook`;
    expect(isOurHookCommand(command)).toBe(true);
    expect(hooks).toEqual(
      Object.fromEntries(AGENTS.claude.events.map((event) => [event.name, [{ hooks: [ourHandler(AGENTS.claude, event, command)] }]])),
    );
    expect(command.split(' ').slice(2)).toEqual(['hook']);
  });

  it('serves the MCP server from .mcp.json and the language server for spec files from .lsp.json', () => {
    const { mcpServers } = read('.mcp.json');
    expect(Object.keys(mcpServers)).toEqual([manifest.name]);
    expect(mcpServers[manifest.name]).toEqual({ command: 'node', args: [LAUNCHER, 'mcp'] });
    expectCommandOfTable(mcpServers[manifest.name].args.slice(1));
    const servers = read('.lsp.json');
    expect(Object.keys(servers)).toEqual([manifest.name]);
    const server = servers[manifest.name];
    expect(server).toMatchObject({ command: 'node', args: [LAUNCHER, 'lsp', '--stdio'] });
    expectCommandOfTable(server.args.slice(1));
    // Every extension a spec or a katas report is read from, each to its language.
    expect(server.extensionToLanguage).toEqual({ '.json': 'json', '.yaml': 'yaml', '.yml': 'yaml' });
  });

  it('is in the files the package publishes, and the launcher it names is there', () => {
    for (const path of ['.claude-plugin', 'hooks', '.mcp.json', '.lsp.json']) {
      expect(manifest.files).toContain(path);
      expect(existsSync(join(projectRoot, path))).toBe(true);
    }
    expect(existsSync(join(projectRoot, LAUNCHER.replace(`${PLUGIN_ROOT}/`, '')))).toBe(true);
  });
});
