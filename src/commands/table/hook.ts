import type { HookCommandOptions } from '../hook.js';
import { parsePath } from '../options.js';
import { defineCommand } from './declaration.js';

export const hook = defineCommand({
  name: 'hook',
  description:
    "answer one agent hook payload on standard input (Claude Code, Codex, Gemini CLI): deny a deep read past the spec's budget or a blind read, block a stop while the record fails the gate (docs/hooks.md)",
  options: [
    {
      flags: '--spec <path>',
      description: "the spec the session's investigation writes, relative to the payload's cwd (default: the configuration's hooks.spec)",
      parser: parsePath('--spec'),
    },
    {
      flags: '--state-dir <dir>',
      description:
        "where the session ledgers go, relative to the payload's cwd (default: hooks.stateDir, else .compile-investigation/hooks/ at the project's top)",
      parser: parsePath('--state-dir'),
    },
  ],
  synopsis: 'compile-investigation hook [--spec PATH] [--state-dir DIR]',
  parse: (_args, options): HookCommandOptions => ({
    ...(typeof options['spec'] === 'string' ? { spec: options['spec'] } : {}),
    ...(typeof options['stateDir'] === 'string' ? { stateDir: options['stateDir'] } : {}),
  }),
  run: async (options, io) => (await import('../hook.js')).hookCommand(options, io),
});
