import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { documentationPage } from './support/documentation.js';

/** The synopsis of every command, the first text block of docs/cli.md. */
function synopsis(): string {
  const section = documentationPage('docs/cli.md');
  return /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

describe("the README's command line", () => {
  const program = buildProgram(() => undefined, { writeOut: () => undefined, writeErr: () => undefined });
  const text = synopsis();

  it('names every command and subcommand, and every long option of each one', () => {
    expect(text.length).toBeGreaterThan(500);
    const missing: string[] = [];
    const entries = text.split(/\ncompile-investigation /).map((entry) => entry.replace(/^compile-investigation /, ''));
    // Each line names its command in its first words: "[compile]" (the default), "briefs append".
    const nameOf = (entry: string): string => (/^(?:\[[a-z]+\]|[a-z]+)(?: [a-z]+)*/.exec(entry)?.[0] ?? '').replace(/^\[([a-z]+)\]/, '$1');
    const commands = program.commands.flatMap((command) => [
      { name: command.name(), command },
      ...command.commands.map((sub) => ({ name: `${command.name()} ${sub.name()}`, command: sub })),
    ]);
    for (const { name, command } of commands) {
      const line = entries.find((entry) => nameOf(entry) === name);
      if (line === undefined) {
        missing.push(name);
        continue;
      }
      for (const option of command.options)
        if (option.long !== undefined && !line.includes(option.long)) missing.push(`${name} ${option.long}`);
    }
    expect(commands.map(({ name }) => name)).toContain('briefs append');
    expect(missing).toEqual([]);
  });
});
