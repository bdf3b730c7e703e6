import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from './support/cli.js';
import { announceMissing } from './support/shared.js';

const SCRIPT = '/usr/bin/script';
const hasScript = existsSync(SCRIPT);
if (!hasScript) announceMissing('the terminal (TTY) tests', SCRIPT);

const ESCAPE = '\u001b[';

/** Runs the CLI under a pseudo-terminal (util-linux `script`), as a person at a terminal would. */
function onTerminal(args: string[], env: Record<string, string> = {}): string {
  const command = [process.execPath, cliPath, ...args].map((part) => `'${part.replace(/'/g, "'\\''")}'`).join(' ');
  const base: Record<string, string | undefined> = { ...process.env };
  delete base['NO_COLOR'];
  delete base['CI'];
  const result = spawnSync(SCRIPT, ['-qec', command, '/dev/null'], { cwd: projectRoot, encoding: 'utf8', env: { ...base, ...env } });
  return String(result.stdout);
}

describe.skipIf(!hasScript)('on a terminal', () => {
  it('colours the text format, and NO_COLOR turns colour off', () => {
    const args = ['fixtures/invalid/map-cheap-expensive-tool.json', '--format', 'text'];
    expect(onTerminal(args)).toContain(`${ESCAPE}31merror`);
    const plain = onTerminal(args, { NO_COLOR: '1' });
    expect(plain).toContain('error');
    expect(plain).not.toContain(ESCAPE);
  });

  it('never colours what goes to a file or into the JSON envelope', () => {
    const json = onTerminal(['fixtures/invalid/map-cheap-expensive-tool.json', '--format', 'text', '--json']);
    expect(json).toContain('"rendered"');
    expect(json).not.toContain(ESCAPE);
    expect(json).not.toContain('\\u001b');
  });

  it('shows a progress bar for more than 20 fixtures, and none under CI', () => {
    const withBar = onTerminal(['test', 'fixtures/valid', 'fixtures/invalid']);
    expect(withBar).toMatch(/\d+\/\d+/);
    expect(withBar).toContain('\r');
    expect(withBar).toMatch(/\d+ passed, 0 failed/);
    const underCi = onTerminal(['test', 'fixtures/valid', 'fixtures/invalid'], { CI: 'true' });
    expect(underCi).not.toMatch(/\[[#.]+\]/);
    expect(underCi).toMatch(/\d+ passed, 0 failed/);
  });
});
