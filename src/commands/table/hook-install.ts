// The commands that put the agent hooks in place: `hook install` merges them into an agent's
// settings file, `hook uninstall` takes them out.
import { AGENT_NAMES, type AgentName, SCOPES, type Scope } from '../hook-install/agents.js';
import type { HookInstallOptions } from '../hook-install.js';
import { jsonOption, parsePath } from '../options.js';
import { defineCommand, type OptionSpec } from './declaration.js';

/** Which agent's settings, and where: the options both commands share. */
const placeOptions: readonly OptionSpec[] = [
  {
    flags: '--agent <agent>',
    description:
      'the agent whose settings to change: claude (.claude/settings.json), codex (.codex/hooks.json), gemini (.gemini/settings.json)',
    choices: AGENT_NAMES,
    mandatory: true,
  },
  {
    flags: '--scope <scope>',
    description: "project: the settings of the working directory; user: the agent's settings in the home",
    choices: SCOPES,
    default: 'project',
  },
  { flags: '--dry-run', description: 'print the settings file as it would be written, and write nothing' },
  jsonOption,
];

function pickPlace(options: Record<string, unknown>): Omit<HookInstallOptions, 'spec'> {
  return {
    agent: options['agent'] as AgentName,
    scope: options['scope'] as Scope,
    dryRun: options['dryRun'] === true,
    json: options['json'] === true,
  };
}

export const hookInstall = defineCommand({
  name: 'hook install',
  description:
    "merge the hooks that keep an agent within its investigation's budget and record into the agent's settings, keeping every other key and hook; a second run changes nothing",
  options: [
    {
      flags: '--spec <file>',
      description: "the spec the hook guards, relative to the folder the agent runs in (default: the configuration's hooks.spec)",
      parser: parsePath('--spec'),
    },
    ...placeOptions,
  ],
  synopsis: 'compile-investigation hook install --agent claude|codex|gemini [--scope project|user] [--spec FILE] [--dry-run] [--json]',
  parse: (_args, options): HookInstallOptions => ({
    ...pickPlace(options),
    ...(typeof options['spec'] === 'string' ? { spec: options['spec'] } : {}),
  }),
  run: async (options, io) => (await import('../hook-install.js')).hookInstallCommand(options, io),
});

export const hookUninstall = defineCommand({
  name: 'hook uninstall',
  description: "take the hooks of compile-investigation out of an agent's settings, whatever version wrote them; the rest stays as it was",
  options: placeOptions,
  synopsis: 'compile-investigation hook uninstall --agent claude|codex|gemini [--scope project|user] [--dry-run] [--json]',
  parse: (_args, options): HookInstallOptions => pickPlace(options),
  run: async (options, io) => (await import('../hook-install.js')).hookUninstallCommand(options, io),
});
