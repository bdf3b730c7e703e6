/**
 * The base URL of the rules' pages (`ruleDocsBaseUrl` of a configuration, `--rule-docs-base-url`)
 * becomes SARIF's helpUri and informationUri, the job summary's rule links and the language
 * server's codeDescription.href and hover link: https only (http for this machine alone), refused
 * otherwise with exit 2 and a message naming the key and the scheme; white space and control
 * characters, which URL parsers drop, are refused outright.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from '../src/config/validate.js';
import { createRoots } from '../src/engine/roots.js';
import { toolContext } from '../src/mcp/context.js';
import { callTool, TOOLS } from '../src/mcp/tools.js';
import { envelopeOf } from './support/envelope.js';
import { runInProcess } from './support/in-process.js';
import { firstDiagnostics } from './support/lsp-first-diagnostics.js';
import { gateFailingSpec } from './support/specs.js';
import { useTempDirs, writeJson } from './support/temp.js';

const tempDir = useTempDirs('rule-docs-url');
const NO_ENV = { INVESTIGATION_CONFIG: '' };
const HTTPS_ONLY =
  '; the rules\' pages are linked over https only (http only for localhost, 127.0.0.1 or [::1]), such as "https://example.com/rules/"';

describe('which base URLs the rules pages may have', () => {
  it.each([
    ['javascript:alert(document.domain)//', 'javascript:'],
    ['JaVaScRiPt:alert(1)//', 'JaVaScRiPt:'],
    ['data:text/html,<script>alert(1)</script>/', 'data:'],
    ['vbscript:msgbox(1)/', 'vbscript:'],
    ['file:///etc/', 'file:'],
    ['http://example.com/rules/', 'http:'],
    ['http://localhost.example.com/', 'http:'],
    ['http://127.0.0.1.nip.io/', 'http:'],
    ['ftp://example.com/rules/', 'ftp:'],
  ])('%s is refused for its scheme', (url, scheme) => {
    expect(baseUrlProblem(url)).toBe(`has the scheme "${scheme}"${HTTPS_ONLY}`);
  });

  it.each([
    ' javascript:alert(1)//',
    '\tjavascript:alert(1)//',
    '\u0000javascript:alert(1)//',
    '\u001fjavascript:alert(1)//',
    'java\nscript:alert(1)//',
    'java\tscript:alert(1)//',
    ' https://example.com/rules/',
    'https://example.com/rules/ ',
    '\u00a0https://example.com/rules/',
    '\u200bhttps://example.com/rules/',
    'https://exa\u202emple.com/rules/',
    'https://example.com/\u0085rules/',
  ])('%j is refused for its white space or control character, whatever its scheme', (url) => {
    expect(baseUrlProblem(url)).toBe(
      'holds white space or a control character, which browsers drop or act on; give the URL alone, such as "https://example.com/rules/"',
    );
  });

  it.each([
    'https://example.com/rules/',
    'HTTPS://Example.com/rules/',
    'https://github.com/octo/compile-investigation/blob/v1/docs/rules/',
    'http://localhost:8080/docs/',
    'http://LOCALHOST/docs/',
    'http://127.0.0.1/docs/',
    'http://[::1]:3000/',
  ])('%s is taken', (url) => {
    expect(baseUrlProblem(url)).toBeNull();
  });

  it('an https URL is written with its slashes, and every base is absolute and ends in "/"', () => {
    expect(baseUrlProblem('https:example.com/rules/')).toBe('must start with "https://", such as "https://example.com/rules/"');
    expect(baseUrlProblem('https:\\\\example.com/rules/')).toBe('must start with "https://", such as "https://example.com/rules/"');
    for (const url of ['docs/rules/', '//example.com/rules/', 'https://example.com/rules', 42])
      expect(baseUrlProblem(url), String(url)).toBe('must be an absolute URL ending in "/", such as "https://example.com/rules/"');
  });
});

describe('every front end refuses the same URLs', () => {
  /** A folder with a failing spec and, when given, a configuration with that ruleDocsBaseUrl. */
  function folder(url?: string): string {
    const dir = tempDir();
    writeJson(dir, 'spec.json', gateFailingSpec());
    if (url !== undefined) writeJson(dir, 'investigation.config.json', { ruleDocsBaseUrl: url });
    return dir;
  }

  it('compile: a configuration with a javascript: base is a usage error (exit 2) naming the key and the scheme; no SARIF is written', async () => {
    const dir = folder('JaVaScRiPt:alert(1)//');
    const run = await runInProcess(['spec.json', '--format', 'sarif', '--output', 'results.sarif', '--json'], { cwd: dir, env: NO_ENV });
    expect(run.status).toBe(2);
    expect(envelopeOf(run.stdout).error).toEqual({
      code: 'USAGE_ERROR',
      subcode: 'INVALID_CONFIG',
      message: `config investigation.config.json: ruleDocsBaseUrl "JaVaScRiPt:alert(1)//" has the scheme "JaVaScRiPt:"${HTTPS_ONLY}`,
    });
    expect(existsSync(join(dir, 'results.sarif'))).toBe(false);
  });

  it('compile and summary: --rule-docs-base-url with another scheme is a usage error too', async () => {
    const dir = folder();
    for (const args of [
      ['spec.json', '--format', 'sarif', '--rule-docs-base-url', 'data:text/html,x/'],
      ['summary', 'results.json', '--rule-docs-base-url', 'data:text/html,x/'],
    ]) {
      const run = await runInProcess([...args, '--json'], { cwd: dir, env: NO_ENV });
      expect(run.status, args[0]).toBe(2);
      expect(envelopeOf(run.stdout).error, args[0]).toEqual({
        code: 'USAGE_ERROR',
        subcode: 'INVALID_ARGUMENT',
        message: `--rule-docs-base-url "data:text/html,x/" has the scheme "data:"${HTTPS_ONLY}`,
      });
    }
  });

  it('SARIF links the rules under an http base on this machine', async () => {
    const dir = folder('http://localhost:8080/docs/');
    const run = await runInProcess(['spec.json', '--format', 'sarif'], { cwd: dir, env: NO_ENV });
    expect(run.status).toBe(1);
    const { driver } = JSON.parse(run.stdout).runs[0].tool;
    expect(driver.informationUri).toBe('http://localhost:8080/docs/');
    expect(driver.rules.every((rule: { helpUri: string }) => rule.helpUri.startsWith('http://localhost:8080/docs/'))).toBe(true);
  });

  it('the MCP server refuses the configuration as compile does', async () => {
    const dir = folder('file:///etc/');
    const context = toolContext(createRoots([dir], dir), 16 * 1024 * 1024, NO_ENV);
    const result = (await callTool(TOOLS.find((tool) => tool.name === 'compile')!, { path: 'spec.json' }, context)) as {
      isError?: boolean;
      structuredContent: any;
    };
    expect(result.isError).toBe(true);
    expect(result.structuredContent.error).toMatchObject({ subcode: 'INVALID_CONFIG' });
    expect(result.structuredContent.error.message).toContain('ruleDocsBaseUrl "file:///etc/" has the scheme "file:"');
  });

  it('the language server shows the refusal and links no rule to the URL', { timeout: 60_000 }, async () => {
    const dir = folder('vbscript:msgbox(1)/');
    writeFileSync(join(dir, 'spec.yaml'), JSON.stringify(gateFailingSpec(), null, 2));
    const diagnostics = await firstDiagnostics(dir, join(dir, 'spec.yaml'));
    expect(typeof diagnostics === 'string' ? diagnostics : diagnostics.map((diagnostic) => [diagnostic.code, diagnostic.message])).toEqual([
      ['INVALID_CONFIG', `config investigation.config.json: ruleDocsBaseUrl "vbscript:msgbox(1)/" has the scheme "vbscript:"${HTTPS_ONLY}`],
    ]);
    expect(JSON.stringify(diagnostics)).not.toContain('codeDescription');
  });
});
