// The merge of hook install and hook uninstall, on settings texts: what is not ours stays byte for
// byte, a second install changes nothing, an install taken back gives the same bytes, and a file
// the agent could not read is refused.
import fc from 'fast-check';
import { parse as parseJsonc } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { AGENT_NAMES, AGENTS } from '../src/commands/hook-install/agents.js';
import { isOurHookCommand, shellWord } from '../src/commands/hook-install/hook-command.js';
import { installHooks, ourHandler, SettingsRefusal, uninstallHooks } from '../src/commands/hook-install/settings-hooks.js';

const COMMAND = 'node "$CLAUDE_PROJECT_DIR/node_modules/compile-investigation/bin/compile-investigation.cjs" hook';

/** A Claude Code project's settings as teams write them: permissions, env, a status line, other tools' hooks, four-space indents. */
const CLAUDE_SETTINGS = `{
    "$schema": "https://json.schemastore.org/claude-code-settings.json",
    "permissions": {
        "allow": ["Bash(npm run test:*)", "Read(~/.zshrc)"],
        "deny": ["Read(./.env)"]
    },
    "env": { "CLAUDE_CODE_ENABLE_TELEMETRY": "1" },
    "hooks": {
        "PreToolUse": [
            { "matcher": "Bash", "hooks": [ { "type": "command", "command": "\\"$CLAUDE_PROJECT_DIR\\"/.claude/hooks/check-bash.sh" } ] }
        ],
        "Stop": [
            {
                "hooks": [
                    { "type": "command", "command": "npx prettier --check .", "timeout": 60 }
                ]
            }
        ]
    },
    "statusLine": { "type": "command", "command": "~/.claude/statusline.sh" }
}
`;

/** Gemini CLI's settings with comments (which it strips), tabs and a comment ending a line. */
const GEMINI_SETTINGS = `{
\t// Shared by the team; see CONTRIBUTING.md.
\t"general": { "vimMode": true },
\t/* hooks of the formatter */
\t"hooks": {
\t\t"AfterTool": [
\t\t\t{ "matcher": "write_file|replace", "hooks": [ { "type": "command", "command": "prettier --write", "timeout": 5000 } ] } // fast
\t\t]
\t},
\t"ui": { "theme": "GitHub" } // last
}
`;

const CODEX_HOOKS = `{
  "hooks": {
    "SessionStart": [
      { "matcher": "startup|resume", "hooks": [ { "type": "command", "command": "sh .codex/hooks/session-start.sh", "statusMessage": "Loading context" } ] }
    ],
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "python3 .codex/hooks/guard.py", "timeout": 10 } ] }
    ]
  }
}
`;

const SAMPLES = { claude: CLAUDE_SETTINGS, codex: CODEX_HOOKS, gemini: GEMINI_SETTINGS } as const;

/**
 * The data without our hooks: what must be the same before install and after. A matcher group, an
 * event or "hooks" left empty goes, as uninstall takes them (no sample has an empty one of its own).
 */
function withoutOurs(text: string): unknown {
  const data = parseJsonc(text) as Record<string, unknown>;
  const hooks = data['hooks'];
  if (hooks === null || typeof hooks !== 'object' || Array.isArray(hooks)) return data;
  const events = Object.entries(hooks as Record<string, unknown>).flatMap(([event, groups]) => {
    if (!Array.isArray(groups)) return [[event, groups]];
    const kept = groups.flatMap((group) => {
      if (group === null || typeof group !== 'object' || !Array.isArray(group.hooks)) return [group];
      const handlers = group.hooks.filter(
        (handler: { command?: unknown }) => !(typeof handler?.command === 'string' && isOurHookCommand(handler.command)),
      );
      return handlers.length === 0 ? [] : [{ ...group, hooks: handlers }];
    });
    return kept.length === 0 ? [] : [[event, kept]];
  });
  const { hooks: _hooks, ...rest } = data;
  return events.length === 0 ? rest : { ...rest, hooks: Object.fromEntries(events) };
}

describe.each(AGENT_NAMES)('on a realistic %s settings file', (name) => {
  const agent = AGENTS[name];
  const original = SAMPLES[name];

  it("adds one handler of ours to each of the agent's events, after the others, keeping every other key, hook and comment", () => {
    const { text, changes } = installHooks(original, agent, COMMAND);
    expect(changes).toEqual(Object.fromEntries(agent.events.map((event) => [event.name, 'added'])));
    const data = parseJsonc(text) as { hooks: Record<string, Array<{ hooks: Array<Record<string, unknown>> }>> };
    for (const event of agent.events) {
      const groups = data.hooks[event.name] ?? [];
      expect(groups.at(-1)).toEqual({ hooks: [ourHandler(agent, event, COMMAND)] });
    }
    // What was there is there, in its order; what was written by hand keeps its bytes.
    const before = parseJsonc(original) as { hooks: Record<string, unknown[]> };
    for (const [event, groups] of Object.entries(before.hooks)) expect(data.hooks[event]?.slice(0, groups.length)).toEqual(groups);
    expect(withoutOurs(text)).toEqual(withoutOurs(original));
    for (const line of original.split('\n').filter((line) => line.trim() !== '' && !/^\s*[\]}]/.test(line)))
      expect(text).toContain(line.replace(/ \/\/ (fast|last)$/, ''));
    for (const comment of original.match(/\/\/[^\n]*|\/\*[^\n]*\*\//g) ?? []) expect(text).toContain(comment);
  });

  it('changes no byte on a second install, and gives back the same bytes on uninstall', () => {
    const installed = installHooks(original, agent, COMMAND).text;
    const again = installHooks(installed, agent, COMMAND);
    expect(again.text).toBe(installed);
    expect(Object.values(again.changes)).toEqual(agent.events.map(() => 'kept'));
    const uninstalled = uninstallHooks(installed, agent);
    expect(uninstalled).toEqual({ text: original, removed: agent.events.length });
    expect(uninstallHooks(original, agent)).toEqual({ text: original, removed: 0 });
  });
});

describe("each agent's own contract", () => {
  it('writes Claude Code and Codex timeouts in seconds, Gemini CLI in milliseconds, and gives Codex no PostToolUseFailure', () => {
    const timeouts = (name: (typeof AGENT_NAMES)[number]) => {
      const data = JSON.parse(installHooks('{}', AGENTS[name], COMMAND).text) as {
        hooks: Record<string, Array<{ hooks: Array<{ timeout: number }> }>>;
      };
      return Object.fromEntries(Object.entries(data.hooks).map(([event, groups]) => [event, groups[0]?.hooks[0]?.timeout]));
    };
    expect(timeouts('claude')).toEqual({ PreToolUse: 30, PostToolUse: 30, PostToolUseFailure: 30, Stop: 120, SubagentStop: 120 });
    expect(timeouts('codex')).toEqual({ PreToolUse: 30, PostToolUse: 30, Stop: 120, SubagentStop: 120 });
    expect(timeouts('gemini')).toEqual({ BeforeTool: 30_000, AfterTool: 30_000, AfterAgent: 120_000 });
  });

  it('writes a new file as JSON with two-space indents and a final line end', () => {
    const text = installHooks('{}\n', AGENTS.codex, COMMAND).text;
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
  });
});

describe('entries of ours already there', () => {
  const stale = `{
  "hooks": {
    "PreToolUse": [
      { "hooks": [ { "type": "command", "command": "npx --no-install compile-investigation hook", "timeout": 5 } ] },
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "guard.sh" } ] },
      { "hooks": [ { "type": "command", "command": "node /old/compile-investigation.cjs hook" } ] }
    ],
    "Notification": [
      { "hooks": [ { "type": "command", "command": "notify.sh" }, { "type": "command", "command": "compile-investigation hook" } ] }
    ]
  }
}`;

  it('updates the first of an event where it is, and removes those beyond it and those in events the hook does not answer', () => {
    const { text, changes, removed } = installHooks(stale, AGENTS.claude, COMMAND);
    expect(changes['PreToolUse']).toBe('updated');
    expect(removed).toBe(2);
    const data = JSON.parse(text);
    expect(data.hooks.PreToolUse).toEqual([
      { hooks: [{ type: 'command', command: COMMAND, timeout: 30 }] },
      { matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] },
    ]);
    expect(data.hooks.Notification).toEqual([{ hooks: [{ type: 'command', command: 'notify.sh' }] }]);
  });

  it('keeps a handler of ours that differs only in the order of its keys, and its bytes', () => {
    const reordered = `{"hooks":{"Stop":[{"hooks":[{"timeout":120,"command":${JSON.stringify(COMMAND)},"type":"command"}]}]}}`;
    const { text, changes } = installHooks(reordered, AGENTS.codex, COMMAND);
    expect(changes['Stop']).toBe('kept');
    expect(text.startsWith(reordered.slice(0, -2))).toBe(true);
  });

  it('uninstall takes out every handler of ours, whatever wrote it, and the groups, events and "hooks" it leaves empty', () => {
    const { text, removed } = uninstallHooks(stale, AGENTS.claude);
    expect(removed).toBe(3);
    expect(JSON.parse(text)).toEqual({
      hooks: {
        PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'guard.sh' }] }],
        Notification: [{ hooks: [{ type: 'command', command: 'notify.sh' }] }],
      },
    });
    expect(
      uninstallHooks(
        '{"model": "opus", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "compile-investigation hook"}]}]}}',
        AGENTS.claude,
      ).text,
    ).toBe('{"model": "opus"}');
  });
});

describe('a file the agent could not read', () => {
  const refusals: Array<[string, (typeof AGENT_NAMES)[number], string, RegExp]> = [
    ['invalid JSON', 'claude', '{"hooks": {', /is not valid JSON at line 1, column 12/],
    ['a trailing comma', 'gemini', '{"a": 1,}', /is not valid JSON at line 1/],
    [
      'a comment in Claude Code settings',
      'claude',
      '{\n  // mine\n  "model": "opus"\n}',
      /has a comment at line 2, column 3, which Claude Code does not allow/,
    ],
    ['a comment in Codex hooks', 'codex', '{ /* x */ "hooks": {} }', /which Codex does not allow/],
    ['a byte-order mark', 'claude', '\uFEFF{}', /byte-order mark/],
    ['an array', 'codex', '[]', /holds a JSON array, not an object/],
    ['nothing', 'gemini', '  \n', /is empty, which Gemini CLI cannot read; write \{\} in it, or remove it/],
    ['hooks that are not an object', 'claude', '{"hooks": []}', /"hooks" as a JSON array, not an object of events/],
    ['an event that is not a list', 'claude', '{"hooks": {"Stop": {"hooks": []}}}', /"hooks"."Stop" as a JSON object, not a list/],
    ['a key twice', 'claude', '{"hooks": {}, "hooks": {}}', /has the key "hooks" twice in the file/],
    ['an event twice', 'gemini', '{"hooks": {"AfterTool": [], "AfterTool": []}}', /"AfterTool" twice in "hooks"/],
  ];

  it.each(refusals)('%s is refused by install', (_name, agent, text, message) => {
    expect(() => installHooks(text, AGENTS[agent], COMMAND)).toThrow(SettingsRefusal);
    expect(() => installHooks(text, AGENTS[agent], COMMAND)).toThrow(message);
  });

  it('Gemini CLI settings may have comments, which stay', () => {
    const text = '{\n  // mine\n  "model": {"name": "gemini-2.5-pro"}\n}\n';
    const installed = installHooks(text, AGENTS.gemini, COMMAND).text;
    expect(installed).toContain('// mine');
    expect(uninstallHooks(installed, AGENTS.gemini).text).toBe(text);
  });
});

describe('an empty container install filled', () => {
  it('goes with our hooks on uninstall: the data the agent reads is the same, the empty list is not kept', () => {
    const text = '{\n  "hooks": {\n    "Stop": []\n  }\n}\n';
    const installed = installHooks(text, AGENTS.codex, COMMAND).text;
    expect(uninstallHooks(installed, AGENTS.codex).text).toBe('{}\n');
  });
});

describe('the command line of a hook', () => {
  it.each([
    [COMMAND, true],
    ['node /usr/lib/node_modules/compile-investigation/bin/compile-investigation.cjs hook --spec spec.yaml', true],
    ["node 'C:/a b/compile-investigation.cjs' hook", true],
    ['npx --no-install compile-investigation hook', true],
    ['compile-investigation hook', true],
    ['compile-investigation compile spec.json', false],
    ['my-compile-investigation hook', false],
    ['compile-investigation hooks', false],
    ['node other.cjs hook', false],
  ])('%j is ours: %s', (command, ours) => {
    expect(isOurHookCommand(command)).toBe(ours);
  });

  it('quotes a word for the shell only when it must, so that the shell reads it back whole', () => {
    expect(shellWord('specs/refunds.yaml')).toBe('specs/refunds.yaml');
    expect(shellWord("my spec's.yaml")).toBe(`'my spec'\\''s.yaml'`);
    expect(shellWord('$HOME')).toBe(`'$HOME'`);
  });
});

describe('any settings of other tools (property)', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  const otherGroup = fc.record({
    matcher: fc.option(fc.constantFrom('Bash', 'Read|Write', '*'), { nil: undefined }),
    hooks: fc.array(fc.record({ type: fc.constant('command'), command: fc.string({ maxLength: 20 }) }), { minLength: 1, maxLength: 2 }),
  });
  const settings = fc.record({
    extra: fc.dictionary(
      fc.string({ maxLength: 8 }).filter((key) => key !== 'hooks'),
      json,
      { maxKeys: 4 },
    ),
    // Without an empty event list or "hooks" object, which uninstall takes away with ours (see below).
    hooks: fc.option(
      fc.dictionary(
        fc.constantFrom('PreToolUse', 'Stop', 'Notification', 'SessionStart'),
        fc.array(otherGroup, { minLength: 1, maxLength: 2 }),
        {
          minKeys: 1,
        },
      ),
      { nil: undefined },
    ),
    indent: fc.constantFrom(0, 2, 4, '\t'),
  });

  it('install then uninstall gives back the bytes; a second install changes none; their data is kept', () => {
    fc.assert(
      fc.property(settings, fc.constantFrom(...AGENT_NAMES), ({ extra, hooks, indent }, name) => {
        const data = hooks === undefined ? extra : { ...extra, hooks };
        const text = `${JSON.stringify(JSON.parse(JSON.stringify(data)), null, indent)}\n`;
        fc.pre(!text.includes('compile-investigation'));
        const installed = installHooks(text, AGENTS[name], COMMAND).text;
        expect(installHooks(installed, AGENTS[name], COMMAND).text).toBe(installed);
        expect(withoutOurs(installed)).toEqual(withoutOurs(text));
        expect(uninstallHooks(installed, AGENTS[name]).text).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});
