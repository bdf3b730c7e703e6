/**
 * The language server in a real editor: Neovim's built-in LSP client, headless. It opens a spec,
 * waits for the diagnostics, applies the preferred quick fix and saves; and the init.lua of
 * docs/editors.md, read from the page, starts one server per project, attaches it to the specs and
 * katas reports only, and gives the keys for hover, code actions and completion. Skips, saying
 * so, where Neovim is not installed (Debian: apt-get install neovim); test/lsp.test.ts drives the
 * same server with a protocol client everywhere, and test/lsp-which-documents.test.ts asks the
 * server which documents it judges.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliPath, projectRoot } from './support/cli.js';
import { documentationPage } from './support/documentation.js';
import { useTempDirs } from './support/temp.js';
import { PROJECT_FILES } from './support/which-documents.js';

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

/** The Lua blocks of docs/editors.md's Neovim set-up, by what each holds: the helpers, the 0.7 form, the 0.11 form. */
function initLua(): { helpers: string; nvim07: string; nvim011: string } {
  const blocks = [...documentationPage('docs/editors.md').matchAll(/^```lua\n([\s\S]*?)^```$/gm)].map((match) => match[1] ?? '');
  const only = (marker: string): string => {
    const found = blocks.filter((block) => block.includes(marker));
    if (found.length !== 1) throw new Error(`docs/editors.md should have one lua block with ${marker}; it has ${found.length}`);
    return found[0] as string;
  };
  return { helpers: only('local function project_of'), nvim07: only('vim.lsp.start_client'), nvim011: only('vim.lsp.config(') };
}

/** A project that installed the tool: its node_modules/.bin runs the built command line, as npm's link would. */
function project(folder: string, files: readonly { name: string; text: string }[]): void {
  const bin = join(folder, 'node_modules/.bin/compile-investigation');
  mkdirSync(dirname(bin), { recursive: true });
  writeFileSync(bin, `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(cliPath)} "$@"\n`);
  chmodSync(bin, 0o755);
  for (const { name, text } of files) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
}

/** The spec the keys are tried on: a map entry's tool written in the wrong case, which has a quick fix. */
const MAPPED = readFileSync(join(projectRoot, 'fixtures/traces/transcript-small.spec.yaml'), 'utf8').replace('tool: Glob', 'tool: glob');

/**
 * The session in the documented set-up: opens the spec, a second spec and package.json of one
 * project, then every file of PROJECT_FILES and a spec of a second project; records which
 * buffers have a client, the clients and Neovim's child processes; presses K, gra and
 * <C-x><C-o> on the spec. vim.ui.select, which Neovim calls to show the code actions, is the
 * documented hook for a picker: here it records the titles.
 */
function session07(out: string, names: readonly string[], otherProject: string): string {
  const lua = JSON.stringify;
  return guarded(
    out,
    `
local out = { attached = {} }
local function line_of(bufnr, pattern)
  for i, line in ipairs(vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)) do
    if line:find(pattern, 1, true) then return i end
  end
end
local function open(path)
  vim.cmd('edit ' .. vim.fn.fnameescape(path))
  return vim.api.nvim_get_current_buf()
end
local spec = open('specs/mapped.yaml')
local sibling = open('specs/ledger.json')
local package = open('package.json')
vim.cmd('buffer ' .. spec)
-- A client is listed once the server has answered initialize, before its first diagnostics.
out.diagnosed = vim.wait(60000, function() return #vim.diagnostic.get(spec) > 0 end, 50)
out.first = { clients = #vim.lsp.get_active_clients(), children = #vim.api.nvim_get_proc_children(vim.fn.getpid()),
  spec = #vim.lsp.buf_get_clients(spec), sibling = #vim.lsp.buf_get_clients(sibling), package = #vim.lsp.buf_get_clients(package) }
out.omnifunc = vim.bo[spec].omnifunc
for _, name in ipairs(${luaList(names)}) do
  local bufnr = open(name)
  out.attached[name] = #vim.lsp.buf_get_clients(bufnr) > 0
end
out.same_project = { clients = #vim.lsp.get_active_clients(), children = #vim.api.nvim_get_proc_children(vim.fn.getpid()) }
local other = open(${lua(otherProject)})
vim.wait(60000, function() return #vim.lsp.buf_get_clients(other) > 0 end, 50)
out.two_projects = { clients = #vim.lsp.get_active_clients(), children = #vim.api.nvim_get_proc_children(vim.fn.getpid()) }
vim.cmd('buffer ' .. spec)

vim.api.nvim_win_set_cursor(0, { line_of(spec, 'tool: glob'), 4 })
vim.api.nvim_feedkeys('K', 'x', false)
local float
vim.wait(30000, function()
  for _, win in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(win).relative ~= '' then float = win return true end
  end
end, 50)
out.hover = float and vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(float), 0, -1, false) or {}
if float then vim.api.nvim_win_close(float, true) end

vim.ui.select = function(items, opts, on_choice)
  out.actions = {}
  for _, item in ipairs(items) do table.insert(out.actions, opts.format_item and opts.format_item(item) or tostring(item)) end
  on_choice(nil)
end
vim.api.nvim_feedkeys('gra', 'x', false)
vim.wait(30000, function() return out.actions ~= nil end, 50)

-- Completion runs in insert mode, after this script returns: the keys are queued, and a timer
-- waits for the menu, writes what was seen and quits.
local deadline = vim.loop.now() + 30000
local poll
poll = guarded(function()
  local items = vim.fn.complete_info({ 'items' }).items or {}
  if #items > 0 or vim.loop.now() > deadline then
    out.completion = vim.tbl_map(function(item) return item.word end, items)
    write_out(out)
    return vim.cmd('qa!')
  end
  vim.defer_fn(poll, 50)
end)
-- After the H of "hypothesisId: H1": the server offers every hypothesis id.
local dive = line_of(spec, 'hypothesisId: H1')
vim.api.nvim_win_set_cursor(0, { dive, #vim.api.nvim_buf_get_lines(spec, dive - 1, dive, false)[1] - 2 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes('a<C-x><C-o>', true, false, true), 'n', false)
vim.defer_fn(poll, 50)
`,
  );
}

/**
 * The 0.11 form under Neovim 0.7, which has no vim.lsp.config: stand-ins record the configuration
 * it declares, and the session asks its root_dir which buffers get a root, and its cmd what it runs.
 */
const STAND_INS = `
_G.declared = {}
vim.lsp.config = function(name, config) _G.declared.name = name _G.declared.config = config end
vim.lsp.enable = function(name) _G.declared.enabled = name end
vim.lsp.rpc.start = function(cmd, _, options) _G.declared.cmd = cmd _G.declared.cwd = options and options.cwd return {} end
`;

function session011(out: string, names: readonly string[]): string {
  return guarded(
    out,
    `
local config = _G.declared.config
local out = { name = _G.declared.name, enabled = _G.declared.enabled, filetypes = config.filetypes, roots = {} }
for _, name in ipairs(${luaList(names)}) do
  vim.cmd('edit ' .. vim.fn.fnameescape(name))
  config.root_dir(vim.api.nvim_get_current_buf(), function(root) out.roots[name] = root end)
end
config.cmd({}, { root_dir = out.roots['specs/mapped.yaml'] })
out.cmd = _G.declared.cmd
out.cwd = _G.declared.cwd
write_out(out)
vim.cmd('qa!')
`,
  );
}

/** Strings as a Lua list: JSON's strings are Lua's, for the ASCII names of these files. */
const luaList = (items: readonly string[]): string => `{ ${items.map((item) => JSON.stringify(item)).join(', ')} }`;

/**
 * A session script run so that an error cannot leave Neovim waiting: the error is written as the
 * session's outcome, and Neovim quits.
 */
function guarded(out: string, body: string): string {
  return `
local function write_out(value)
  local file = io.open(${JSON.stringify(out)}, 'w')
  file:write(vim.fn.json_encode(value))
  file:close()
end
local function guarded(fn)
  return function(...)
    local ok, err = xpcall(fn, debug.traceback, ...)
    if not ok then
      write_out({ error = err })
      vim.cmd('qa!')
    end
  end
end
guarded(function()
${body}
end)()
`;
}

function runNeovim(folder: string, init: string, session: string): void {
  writeFileSync(join(folder, 'init.lua'), init);
  writeFileSync(join(folder, 'session.lua'), session);
  // A script that cannot be loaded makes Neovim quit with an error, rather than wait.
  const load = "lua local ok, err = pcall(dofile, 'session.lua') if not ok then io.stderr:write(err) vim.cmd('cquit') end";
  const run = spawnSync('nvim', ['--headless', '--clean', '-n', '-u', 'init.lua', '-c', load], {
    cwd: folder,
    encoding: 'utf8',
    timeout: 150_000,
  });
  expect(run.error, run.stderr).toBeUndefined();
  expect(run.status, run.stderr).toBe(0);
}

describe.skipIf(!hasNeovim)('the set-up of docs/editors.md in Neovim 0.7, headless', { timeout: 200_000 }, () => {
  const names = PROJECT_FILES.map((file) => file.name);

  it('one server per project, attached to specs and katas reports only, with keys for hover, code actions and completion', () => {
    const root = tempDir();
    const folder = join(root, 'project');
    project(folder, [{ name: 'specs/mapped.yaml', text: MAPPED }, ...PROJECT_FILES]);
    project(join(root, 'other'), [{ name: 'specs/other.yaml', text: MAPPED }]);
    const { helpers, nvim07 } = initLua();
    const out = join(root, 'session.json');
    runNeovim(folder, `${helpers}\n${nvim07}`, session07(out, names, join(root, 'other/specs/other.yaml')));
    const session = JSON.parse(readFileSync(out, 'utf8'));
    expect(session.error).toBeUndefined();
    // Three buffers, two of them specs: one server, and package.json left alone.
    expect(session.first).toEqual({ clients: 1, children: 1, spec: 1, sibling: 1, package: 0 });
    expect(session.diagnosed).toBe(true);
    expect(Object.fromEntries(names.map((name) => [name, session.attached[name]]))).toEqual(
      Object.fromEntries(PROJECT_FILES.map((file) => [file.name, file.judged])),
    );
    expect(session.same_project).toEqual({ clients: 1, children: 1 });
    expect(session.two_projects).toEqual({ clients: 2, children: 2 });
    expect(session.omnifunc).toBe('v:lua.vim.lsp.omnifunc');
    expect(session.hover.join('\n')).toContain('surfaceMap.0.tool');
    expect(session.actions).toContain('Write "Glob" (map-cheap)');
    expect(session.actions).toContain('Fix all safe problems in this file');
    expect(session.completion).toEqual(['H1', 'H2']);
  });

  it("the 0.11 form's own functions: a root for the same files, and the project's binary as the command", () => {
    const folder = tempDir();
    project(folder, [{ name: 'specs/mapped.yaml', text: MAPPED }, ...PROJECT_FILES]);
    const { helpers, nvim011 } = initLua();
    const out = join(folder, 'session.json');
    runNeovim(folder, `${STAND_INS}\n${helpers}\n${nvim011}`, session011(out, ['specs/mapped.yaml', ...names]));
    const session = JSON.parse(readFileSync(out, 'utf8'));
    expect(session.error).toBeUndefined();
    expect(session).toMatchObject({ name: 'compile_investigation', enabled: 'compile_investigation', filetypes: ['yaml', 'json'] });
    const judged = ['specs/mapped.yaml', ...PROJECT_FILES.filter((file) => file.judged).map((file) => file.name)];
    expect(session.roots).toEqual(Object.fromEntries(judged.map((name) => [name, folder])));
    expect(session.cmd).toEqual([join(folder, 'node_modules/.bin/compile-investigation'), 'lsp', '--stdio']);
    expect(session.cwd).toBe(folder);
  });
});
