/**
 * A map call's output is read as paths only where it is the map program's own, and a line only
 * where it looks like a path that program prints: `ls; cat .env`, `find . -exec cat {} \;` or a
 * pipe into xargs print what no map printed (a secret key, a private key), which must reach no
 * output: not the draft, not `trace show`, not compile's messages. Lines left out are counted.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTrace } from '../src/trace/read-trace.js';
import { classifyShell } from '../src/trace/shell-table.js';
import { shellCommands } from '../src/trace/shell-words.js';
import { runInProcess } from './support/in-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'trace-output-paths-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a leak would copy: a line of a private key, and a key's assignment. */
const PEM = 'MIIEowIBAAKCAQEA7secretPEMbody0123456789abcdefABCDEF';
const KEY = 'STRIPE_KEY=sk_live_SECRET4242';
const SECRET_OUTPUT = ['-----BEGIN RSA PRIVATE KEY-----', PEM, '-----END RSA PRIVATE KEY-----', KEY].join('\n');

function payload(id: string, command: string, stdout: string): string {
  return JSON.stringify({
    hook_event_name: 'PostToolUse',
    cwd: '/repo',
    tool_name: 'Bash',
    tool_input: { command },
    tool_response: { stdout, stderr: '' },
    tool_use_id: id,
  });
}

/** The map calls of a session that printed secrets beside their paths, and one honest find piped into head. */
const CALLS: Array<[id: string, command: string, stdout: string]> = [
  ['ls-cat', 'ls; cat .env', `src\nREADME.md\n${KEY}`],
  ['exec', 'find . -name "*.pem" -exec cat {} \\;', SECRET_OUTPUT],
  ['xargs', 'find . -name "*.env" | xargs cat', `${KEY}\n${PEM}`],
  ['and', 'find src && cat .env', `src\nsrc/a.ts\n${KEY}`],
  ['subst', 'ls "$(cat .env)"', KEY],
  ['head', 'find . -type f 2>/dev/null | grep -v node_modules | head -n 20', `./src/a.ts\n./src/b.ts\n${PEM}`],
  ['ls', 'ls -la src', `total 8\n-rw-r--r-- 1 u g 10 Mar  2 10:00 a.ts\n${KEY}/x`],
];

function traceText(): string {
  return `${CALLS.map(([id, command, stdout]) => payload(id, command, stdout)).join('\n')}\n${JSON.stringify({
    hook_event_name: 'PostToolUse',
    cwd: '/repo',
    tool_name: 'Read',
    tool_input: { file_path: '/repo/src/a.ts' },
    tool_response: { file: { filePath: '/repo/src/a.ts', numLines: 3, totalLines: 3 } },
    tool_use_id: 'read',
  })}\n`;
}

describe('a shell command line split into its commands', () => {
  it('keeps the operators between them, quotes respected, redirections and substitutions told apart', () => {
    const brief = (line: string) => shellCommands(line).map(({ words, end }) => [words.join(' '), end ?? null]);
    expect(brief('ls; cat .env')).toEqual([
      ['ls', ';'],
      ['cat .env', null],
    ]);
    expect(brief('cd src && rg -l "a|b" . || echo "x; y" &')).toEqual([
      ['cd src', '&&'],
      ['rg -l a|b .', '||'],
      ['echo x; y', '&'],
    ]);
    expect(brief('find . -exec cat {} \\;')).toEqual([['find . -exec cat {} ;', null]]);
    expect(brief('( ls )\nls |& sort')).toEqual([
      ['', '('],
      ['ls', ')'],
      ['ls', '|&'],
      ['sort', null],
    ]);
    const [find] = shellCommands("LC_ALL=C find . -name '*.ts' 2>/dev/null >list.txt");
    expect(find).toEqual({
      words: ['find', '.', '-name', '*.ts'],
      redirects: [
        { operator: '2>', target: '/dev/null' },
        { operator: '>', target: 'list.txt' },
      ],
      substitutes: false,
    });
    expect(shellCommands('ls "$(cat .env)" `id`')[0]?.substitutes).toBe(true);
    expect(shellCommands('diff <(ls a) <(ls b)')[0]?.substitutes).toBe(true);
    expect(shellCommands("echo '$(not run)'")[0]?.substitutes).toBe(false);
    // A here-document's body is no command; a comment is dropped.
    expect(brief("cat <<'EOF' > notes.md\nfind . -delete\nEOF\nls # then cat .env")).toEqual([
      ['cat', '\n'],
      ['ls', null],
    ]);
  });

  it('reads a map call as paths only when its output is the map program own', () => {
    const read = (line: string) => classifyShell(line).output !== undefined;
    expect(classifyShell('ls; cat .env')).toMatchObject({ kind: 'map', program: 'ls' });
    for (const line of [
      'ls; cat .env',
      'find . -exec cat {} \\;',
      'find . -execdir grep -l x {} +',
      'find . -name x -delete',
      'find . | xargs cat',
      'find . | sh',
      'find . | head .env',
      'find . | grep -c x',
      'find . | uniq -c',
      'find . | sort -o out.txt',
      'find . > list.txt',
      'find . &',
      'ls && cat .env',
      'ls "$(cat .env)"',
      'fd -e pem -x cat',
      'ls < .env',
    ])
      expect(read(line), line).toBe(false);
    for (const line of [
      'find . -type f | head',
      'find . -name "*.ts" 2>/dev/null | grep -v test | sort | uniq | tail -n 5',
      'find . 2>&1 | grep -e foo',
      'rg --files src;',
      'ls -la src',
      'tree -L 2',
    ])
      expect(read(line), line).toBe(true);
    expect(classifyShell('find -L src lib -type f').startPoints).toEqual(['src', 'lib']);
    expect(classifyShell('find -name x').startPoints).toEqual(['.']);
  });

  it('keeps a line as a path only where the program prints one, and counts the others', () => {
    const trace = readTrace([Buffer.from(traceText())]);
    const byId = new Map(trace.calls.map((call) => [call.id, call]));
    for (const id of ['ls-cat', 'exec', 'xargs', 'and', 'subst'])
      expect(byId.get(id), id).toMatchObject({ kind: 'map', status: 'ok', surfaced: [], surfacedCount: 0 });
    expect(byId.get('ls-cat')?.unreadLines).toBe(3);
    expect(byId.get('exec')?.unreadLines).toBe(4);
    // Still a map, its paths kept; the line that is no path find prints is left out.
    expect(byId.get('head')).toMatchObject({ surfaced: ['/repo/src/a.ts', '/repo/src/b.ts'], surfacedCount: 2, unreadLines: 1 });
    // ls of one folder prints names without a slash.
    expect(byId.get('ls')).toMatchObject({ surfaced: ['/repo/src/a.ts'], unreadLines: 1 });
    const text = JSON.stringify(trace);
    expect(text).not.toContain('sk_live');
    expect(text).not.toContain(PEM);
  });
});

describe('the lines a map program prints', () => {
  const surfaced = (command: string, stdout: string) => {
    const [call] = readTrace([Buffer.from(payload('c', command, stdout))]).calls;
    return { surfaced: call?.surfaced, unread: call?.unreadLines ?? 0 };
  };

  it('find: paths under the folders it started from, whatever the shell expanded there', () => {
    expect(surfaced('find src lib -type f', 'src/a.ts\nlib/b.ts\nother/c.ts\nfind: x: Permission denied')).toEqual({
      surfaced: ['/repo/src/a.ts', '/repo/lib/b.ts'],
      unread: 2,
    });
    expect(surfaced('find ~/notes -name "*.md"', '/home/u/notes/a.md\nrelative.md')).toEqual({
      surfaced: ['/home/u/notes/a.md'],
      unread: 1,
    });
    expect(surfaced('find packages/*/src -name "*.ts"', 'packages/a/src/x.ts\nsrc/y.ts')).toEqual({
      surfaced: ['/repo/packages/a/src/x.ts'],
      unread: 1,
    });
    // NUL-separated output (-print0) is one line with control characters: no path.
    expect(surfaced('find . -print0', './a\u0000./b')).toEqual({ surfaced: [], unread: 1 });
    expect(surfaced('find .', `./${'x'.repeat(5000)}`)).toEqual({ surfaced: [], unread: 1 });
  });

  it('ls: names in the folder listed, headings of several folders or of -R, an operand printed as given', () => {
    expect(surfaced('ls -R src', 'a.ts\nlib\n\nsrc/lib:\nb.ts')).toEqual({
      surfaced: ['/repo/src/a.ts', '/repo/src/lib', '/repo/src/lib/b.ts'],
      unread: 0,
    });
    expect(surfaced('ls src docs', 'src:\na.ts\n\ndocs:\nb.md')).toEqual({ surfaced: ['/repo/src/a.ts', '/repo/docs/b.md'], unread: 0 });
    expect(surfaced('ls src/a.ts', 'src/a.ts')).toEqual({ surfaced: ['/repo/src/a.ts'], unread: 0 });
    expect(surfaced('ls src/*.ts', 'src/a.ts\nsrc/b.ts')).toEqual({ surfaced: ['/repo/src/a.ts', '/repo/src/b.ts'], unread: 0 });
    expect(surfaced('ls -F src', 'lib/\na.ts\nx/y')).toEqual({ surfaced: ['/repo/src/lib', '/repo/src/a.ts'], unread: 1 });
  });

  it('tree: the names it draws; its root and its count are neither paths nor left out', () => {
    const drawn = [
      '.',
      '\u251c\u2500\u2500 src',
      '\u2502\u00a0\u00a0 \u2514\u2500\u2500 a.ts',
      '\u2514\u2500\u2500 KEY=x/y',
      '',
      '2 directories, 1 file',
    ];
    expect(surfaced('tree', drawn.join('\n'))).toEqual({ surfaced: ['/repo/src', '/repo/src/a.ts'], unread: 1 });
  });
});

describe('what a map call printed that is no path reaches no output', () => {
  const tracePath = join(scratch, 'leaky.jsonl');
  writeFileSync(tracePath, traceText());

  it('not trace show, as text or JSON: it counts the lines it left out', async () => {
    const text = await runInProcess(['trace', 'show', tracePath], { cwd: scratch });
    const json = await runInProcess(['trace', 'show', tracePath, '--format', 'json'], { cwd: scratch });
    for (const run of [text, json]) {
      expect(run.status).toBe(0);
      expect(`${run.stdout}${run.stderr}`).not.toContain('sk_live');
      expect(`${run.stdout}${run.stderr}`).not.toContain(PEM);
    }
    expect(text.stdout).toContain('ls; cat .env -> 0 nodes (3 lines not read as paths)');
    expect(text.stdout).toMatch(/note: 7 map calls printed 15 lines not read as paths \(not the map program's own output/);
    expect(JSON.parse(json.stdout).trace.calls[0]).toMatchObject({ id: 'ls-cat', surfaced: [], surfacedCount: 0, unreadLines: 3 });
  });

  it('not the draft, nor the messages of compile on it', async () => {
    const draft = join(scratch, 'draft.yaml');
    const run = await runInProcess(['trace', 'draft', tracePath, '--output', draft, '--json'], { cwd: scratch });
    expect(run.status).toBe(0);
    const drafted = readFileSync(draft, 'utf8');
    expect(drafted).not.toContain('sk_live');
    expect(drafted).not.toContain(PEM);
    // The honest find piped into head is drafted with its paths; the others are left out, and said to be.
    expect(drafted).toMatch(/candidateNodes:\s*\n\s*- src\/a\.ts\n\s*- src\/b\.ts/);
    expect(drafted).toContain('Not copied: 15 lines');
    expect(JSON.parse(run.stdout).data).toMatchObject({ surfaceMap: 2, unreadLines: 15, pathsLeftOut: 0 });
    for (const format of ['text', 'json', 'markdown', 'sarif']) {
      const compiled = await runInProcess([draft, '--stage', 'draft', '--format', format], { cwd: scratch });
      expect(`${compiled.stdout}${compiled.stderr}`, format).not.toContain('sk_live');
      expect(`${compiled.stdout}${compiled.stderr}`, format).not.toContain(PEM);
    }
  });
});
