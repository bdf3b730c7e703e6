/**
 * The language server in a real editor: Neovim's built-in LSP client, headless, opens a spec,
 * waits for the diagnostics, applies the preferred quick fix and saves. Skips, saying so, where
 * Neovim is not installed (Debian: apt-get install neovim); test/lsp.test.ts drives the same
 * server with a protocol client everywhere.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('lsp-neovim');
const nvim = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
const hasNeovim = nvim.status === 0;
if (!hasNeovim)
  console.warn('SKIPPED: the Neovim end-to-end test of the language server needs nvim, which is not installed; it did not run.');

/** A Lua script for `nvim --headless`: attach the server, wait for its diagnostics, record them, apply the preferred fix, save. */
function script(node: string, cli: string, folder: string, out: string): string {
  const lua = (value: string) => JSON.stringify(value);
  return `
local client = vim.lsp.start_client({
  name = 'compile-investigation',
  cmd = { ${lua(node)}, ${lua(cli)}, 'lsp', '--stdio' },
  root_dir = ${lua(folder)},
})
vim.lsp.buf_attach_client(0, client)
local ok = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local seen = {}
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(seen, { code = d.code, line = d.lnum, col = d.col, message = d.message })
end
local params = vim.lsp.util.make_range_params()
params.range = { start = { line = 0, character = 0 }, ['end'] = { line = vim.api.nvim_buf_line_count(0), character = 0 } }
params.context = { diagnostics = vim.tbl_map(function(d) return d.user_data and d.user_data.lsp or {
  range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
  message = d.message, code = d.code, source = d.source } end, vim.diagnostic.get(0)) }
local responses = vim.lsp.buf_request_sync(0, 'textDocument/codeAction', params, 30000) or {}
local titles = {}
local applied = nil
for _, response in pairs(responses) do
  for _, action in ipairs(response.result or {}) do
    table.insert(titles, action.title)
    if applied == nil and action.isPreferred and action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, 'utf-16')
      applied = action.title
    end
  end
end
vim.cmd('write')
local file = io.open(${lua(out)}, 'w')
file:write(vim.fn.json_encode({ ok = ok, diagnostics = seen, titles = titles, applied = applied }))
file:close()
vim.cmd('qa!')
`;
}

describe.skipIf(!hasNeovim)('the language server in Neovim, headless', { timeout: 120_000 }, () => {
  it('shows the diagnostics, applies the preferred quick fix and saves the file', () => {
    const folder = tempDir();
    const spec = join(folder, 'spec.yaml');
    const text = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8').replace('tool: Glob', 'tool: glob');
    writeFileSync(spec, text);
    const out = join(folder, 'session.json');
    writeFileSync(join(folder, 'session.lua'), script(process.execPath, cliPath, folder, out));
    const run = spawnSync('nvim', ['--headless', '--clean', '-n', spec, '-c', `luafile ${join(folder, 'session.lua')}`], {
      cwd: folder,
      encoding: 'utf8',
      timeout: 100_000,
    });
    expect(run.error).toBeUndefined();
    const session = JSON.parse(readFileSync(out, 'utf8'));
    expect(session.ok).toBe(true);
    expect(session.diagnostics).toContainEqual(
      expect.objectContaining({ code: 'map-cheap', line: text.split('\n').findIndex((line) => line.includes('tool: glob')) }),
    );
    expect(session.applied).toBe('Write "Glob" (map-cheap)');
    expect(readFileSync(spec, 'utf8')).toBe(text.replace('tool: glob', 'tool: Glob'));
  });
});
