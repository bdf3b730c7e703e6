import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/program.js';
import { projectRoot } from './support/cli.js';

/** The synopsis of every command, in the README's "Command line" section. */
function synopsis(): string {
  const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Command line'));
  return /```text\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
}

describe("the README's command line", () => {
  const program = buildProgram(() => undefined, { writeOut: () => undefined, writeErr: () => undefined });
  const text = synopsis();

  it('names every command, and every long option of each one', () => {
    expect(text.length).toBeGreaterThan(500);
    const missing: string[] = [];
    for (const command of program.commands) {
      const line = text
        .split(/\ncompile-investigation /)
        .find((entry) => entry.replace(/^compile-investigation /, '').includes(command.name()));
      if (line === undefined) {
        missing.push(command.name());
        continue;
      }
      for (const option of command.options)
        if (option.long !== undefined && !line.includes(option.long)) missing.push(`${command.name()} ${option.long}`);
    }
    expect(missing).toEqual([]);
  });
});
