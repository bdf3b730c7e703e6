import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot, runCli } from './support/cli.js';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('package');
const SPEC = 'fixtures/valid/contracts-termination-notice.json';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

interface Packed {
  /** The folder the tarball was written to. */
  dir: string;
  filename: string;
  files: string[];
}

let packed: Packed | undefined;

/** The tarball `npm pack` makes, once for the file: both groups below take the same one. */
function pack(): Packed {
  if (packed === undefined) {
    const dir = tempDir();
    // --ignore-scripts: the suite has built dist/ already, and other tests are reading it.
    const [made] = JSON.parse(
      execFileSync(npm, ['pack', '--json', '--ignore-scripts', '--pack-destination', dir], { cwd: projectRoot, encoding: 'utf8' }),
    ) as Array<{ filename: string; files: Array<{ path: string }> }>;
    packed = { dir, filename: made!.filename, files: made!.files.map((file) => file.path) };
  }
  return packed;
}

/**
 * The package as `npm pack` makes it, unpacked in another folder with no node_modules: what a user
 * who installs the tarball runs. The bundles hold every library they use, so nothing else is needed.
 */
describe('the packed package', () => {
  let packageDir: string;
  let files: string[];

  beforeAll(() => {
    const { dir, filename } = pack();
    files = pack().files;
    const unpacked = join(dir, 'installed');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(dir, filename), '-C', unpacked]);
    packageDir = join(unpacked, 'package');
  }, 120_000);

  it('holds the launcher, the bundles and their code caches, and no sources or tests', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'bin/compile-investigation.cjs',
        'bin/load-bundle.cjs',
        'dist/cli.cjs',
        'dist/cli.cjs.cache',
        'dist/markdown.cjs',
        'dist/index.js',
        'package.json',
      ]),
    );
    expect(files.filter((file) => /^(src|test|scripts)\//.test(file))).toEqual([]);
  });

  it('carries its own licence and the notices of the packages its bundles hold, and not the metafile they come from', () => {
    expect(files).toEqual(expect.arrayContaining(['LICENSE', 'dist/THIRD-PARTY-NOTICES']));
    expect(files).not.toContain('dist/metafile.json');
    expect(readFileSync(join(packageDir, 'LICENSE'), 'utf8')).toMatch(
      /^MIT License\n\nCopyright \(c\) 2026 the compile-investigation authors\n\nPermission is hereby granted, free of charge/,
    );
  });

  it("names in its notices every package whose code a bundle holds, by the bundles' metafile, and whose data the lookalikes hold", () => {
    const notices = readFileSync(join(packageDir, 'dist', 'THIRD-PARTY-NOTICES'), 'utf8');
    const { inputs } = JSON.parse(readFileSync(join(projectRoot, 'dist', 'metafile.json'), 'utf8')) as { inputs: Record<string, unknown> };
    const bundled = new Set<string>();
    for (const input of Object.keys(inputs)) {
      // The package is what follows the last node_modules/ of the path, with its scope.
      const folder = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1];
      if (folder === undefined) continue;
      const { name, version } = JSON.parse(readFileSync(join(projectRoot, folder, 'package.json'), 'utf8'));
      bundled.add(`${name} ${version}`);
    }
    const { about } = JSON.parse(readFileSync(join(packageDir, 'assets', 'lookalikes.json'), 'utf8')) as { about: string };
    const lookalikesSource = /from (\S+ \d\S*),/.exec(about)?.[1];
    expect(lookalikesSource).toMatch(/^unhomoglyph /);
    expect(inputs).toHaveProperty(['assets/lookalikes.json']);
    const owed = [...bundled, lookalikesSource as string].sort();
    const owedNames = owed.map((entry) => entry.split(' ')[0]);
    expect(owedNames).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk', 'ajv', 'commander', 'vscode-languageserver', 'yaml']));
    // Each entry starts with its name and version on a line of its own, and its licence on the next.
    const named = new Set([...notices.matchAll(/^(\S+ \S+)\nLicense: \S/gm)].map((found) => found[1]));
    expect(owed.filter((entry) => !named.has(entry))).toEqual([]);
    // Built on one machine, read on another: no path of the build's in it.
    expect(notices).not.toContain(projectRoot);
    expect(notices).not.toMatch(/\.\.\/[\w.-]+\/node_modules\//);
  });

  it('carries the NOTICE file of every bundled package that has one, as Apache-2.0 asks, and each licence file in full', () => {
    const notices = readFileSync(join(packageDir, 'dist', 'THIRD-PARTY-NOTICES'), 'utf8');
    const { inputs } = JSON.parse(readFileSync(join(projectRoot, 'dist', 'metafile.json'), 'utf8')) as { inputs: Record<string, unknown> };
    const folders = new Set(Object.keys(inputs).flatMap((input) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1] ?? []));
    let licenceFiles = 0;
    for (const folder of folders) {
      const { name, version } = JSON.parse(readFileSync(join(projectRoot, folder, 'package.json'), 'utf8'));
      const entry = notices.slice(notices.indexOf(`\n${name} ${version}\nLicense: `)).split(`\n${'-'.repeat(80)}\n`)[0] as string;
      for (const file of readdirSync(join(projectRoot, folder)).filter((file) => /^(licen[cs]e|copying|notice)([.\-_].*)?$/i.test(file))) {
        const text = readFileSync(join(projectRoot, folder, file), 'utf8')
          .replace(/\r\n?/g, '\n')
          .replace(/[ \t]+$/gm, '')
          .trim();
        expect(entry, `${name} ${file}`).toContain(`\n${file}:\n\n${text}\n`);
        licenceFiles++;
      }
    }
    // Not vacuous: the bundles hold dozens of packages, each with its licence file today.
    expect(licenceFiles).toBeGreaterThan(folders.size / 2);
  });

  it('carries the Claude Code plugin, whose servers and hook start from the unpacked folder as its root', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        '.claude-plugin/plugin.json',
        '.claude-plugin/marketplace.json',
        'hooks/hooks.json',
        '.mcp.json',
        '.lsp.json',
      ]),
    );
    const root = ['$', '{CLAUDE_PLUGIN_ROOT}'].join('');
    const launches = [
      ...Object.values(JSON.parse(readFileSync(join(packageDir, '.mcp.json'), 'utf8')).mcpServers as Record<string, { args: string[] }>),
      ...Object.values(JSON.parse(readFileSync(join(packageDir, '.lsp.json'), 'utf8')) as Record<string, { args: string[] }>),
    ].map((server) => server.args.map((arg) => arg.replace(root, packageDir)));
    const hooks = JSON.parse(readFileSync(join(packageDir, 'hooks', 'hooks.json'), 'utf8')).hooks as Record<
      string,
      Array<{ hooks: Array<{ command: string }> }>
    >;
    const commands = new Set(Object.values(hooks).flatMap((groups) => groups.flatMap((group) => group.hooks.map((hook) => hook.command))));
    expect(commands.size).toBe(1);
    for (const args of launches) {
      const help = spawnSync(process.execPath, [...args, '--help'], { encoding: 'utf8' });
      expect(help.status, help.stderr).toBe(0);
    }
    // As Claude Code runs a hook: through the shell, with the plugin's root in the environment.
    const hook = spawnSync('sh', ['-c', `${[...commands][0]} --help`], {
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_PLUGIN_ROOT: packageDir },
    });
    expect(hook.status, hook.stderr).toBe(0);
    expect(hook.stdout).toMatch(/^Usage: compile-investigation hook/);
  });

  it.each(['json', 'markdown'])('compiles a spec to %s as the project does', (format) => {
    const expected = runCli([SPEC, '--format', format]);
    const installed = spawnSync(process.execPath, [join(packageDir, 'bin', 'compile-investigation.cjs'), SPEC, '--format', format], {
      cwd: projectRoot,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(installed.stderr).toBe(expected.stderr);
    expect(installed.status).toBe(expected.status);
    expect(installed.stdout).toBe(expected.stdout);
  });

  it('serves the library to an ESM import, with the same report as the command line', async () => {
    const library = (await import(pathToFileURL(join(packageDir, 'dist', 'index.js')).href)) as typeof import('../src/index.js');
    const compiled = library.compileInvestigation(readFileSync(join(projectRoot, SPEC), 'utf8'), { format: 'json', path: SPEC });
    expect(compiled.output).toBe(runCli([SPEC, '--format', 'json']).stdout);
  });
});

/**
 * The tarball installed into another project by name, as a user would with `npm install
 * compile-investigation-0.1.0.tgz`. Offline: a lockfile made from the project's own (its runtime
 * entries, with their integrity) lets npm take every dependency from the local cache.
 */
describe('the tarball installed into another project', () => {
  let app: string;

  beforeAll(() => {
    const { dir, filename } = pack();
    app = join(dir, 'app');
    mkdirSync(app);
    const tarball = `file:../${filename}`;
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
    const projectLock = JSON.parse(readFileSync(join(projectRoot, 'package-lock.json'), 'utf8'));
    const runtime = Object.entries(projectLock.packages as Record<string, { dev?: boolean }>).filter(
      ([path, entry]) => path !== '' && entry.dev !== true,
    );
    const root = { name: 'app', version: '1.0.0', type: 'module', dependencies: { [manifest.name]: tarball } };
    const lock = {
      name: 'app',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': root,
        [`node_modules/${manifest.name}`]: {
          version: manifest.version,
          resolved: tarball,
          dependencies: manifest.dependencies,
          bin: manifest.bin,
        },
        ...Object.fromEntries(runtime),
      },
    };
    writeFileSync(join(app, 'package.json'), JSON.stringify(root));
    writeFileSync(join(app, 'package-lock.json'), JSON.stringify(lock));
    execFileSync(npm, ['ci', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'], { cwd: app, stdio: 'ignore' });
  }, 180_000);

  it('runs the command from node_modules/.bin', () => {
    const installed = spawnSync(
      process.execPath,
      [join(app, 'node_modules', '.bin', 'compile-investigation'), join(projectRoot, SPEC), '--format', 'json'],
      {
        cwd: app,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      },
    );
    expect(installed.status, installed.stderr).toBe(0);
    expect(JSON.parse(installed.stdout)).toMatchObject({ verdict: 'pass' });
  });

  it('hook install there names the dependency through $CLAUDE_PROJECT_DIR, a command the shell runs from any folder', () => {
    const install = spawnSync(
      process.execPath,
      [join(app, 'node_modules', '.bin', 'compile-investigation'), 'hook', 'install', '--agent', 'claude', '--json'],
      {
        cwd: app,
        encoding: 'utf8',
      },
    );
    expect(install.status, install.stderr).toBe(0);
    const { data, warnings } = JSON.parse(install.stdout);
    expect(warnings).toEqual([]);
    expect(data.command).toBe('node "$CLAUDE_PROJECT_DIR/node_modules/compile-investigation/bin/compile-investigation.cjs" hook');
    const hook = spawnSync('sh', ['-c', `${data.command} --help`], {
      cwd: tempDir(),
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_PROJECT_DIR: app },
    });
    expect(hook.status, hook.stderr).toBe(0);
    expect(hook.stdout).toMatch(/^Usage: compile-investigation hook/);
  });

  it('is imported by its name from an ES module of that project', () => {
    const script = `import { compileInvestigation } from 'compile-investigation';
import { readFileSync } from 'node:fs';
const result = compileInvestigation(readFileSync(process.argv[2], 'utf8'), { format: 'json', path: ${JSON.stringify(SPEC)} });
process.stdout.write(result.output);`;
    writeFileSync(join(app, 'use.mjs'), script);
    const run = spawnSync(process.execPath, ['use.mjs', join(projectRoot, SPEC)], { cwd: app, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(runCli([SPEC, '--format', 'json']).stdout);
  });
  it('is type-checked by its name from a TypeScript module of that project, its declarations whole', () => {
    // What a consumer's strict tsc does with library checking on: every declaration the package's
    // types reach must be in the package (no source-only JSON, no @types it does not bring).
    writeFileSync(
      join(app, 'use.ts'),
      `import { compileInvestigation, createCompiler, dialects, type Report, type Stage } from 'compile-investigation';
const stage: Stage = 'draft';
const report: Report | null = createCompiler().compile('{}', { stage }).report;
export const shown: string = compileInvestigation('{}').output + String(report?.verdict) + dialects.map((dialect) => dialect.id).join();
`,
    );
    const program = ts.createProgram([join(app, 'use.ts')], {
      strict: true,
      noEmit: true,
      skipLibCheck: false,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2022.d.ts'],
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map(
        (diagnostic) =>
          `${diagnostic.file?.fileName.slice(app.length) ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`,
      );
    expect(problems).toEqual([]);
  });
});

/** A package's name from a specifier: `ajv/dist/x` is ajv, `@scope/name/x` is @scope/name. */
const packageName = (specifier: string): string =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isBuiltin = (specifier: string): boolean => specifier.startsWith('node:') || builtinModules.includes(specifier);

interface Load {
  file: string;
  specifier: string | null;
  /** Inside the block of a `try`: the code does without it. */
  optional: boolean;
}

/**
 * What a script loads, read from its syntax rather than its text (a bundle carries ajv's code
 * templates such as `'require("ajv/dist/runtime/equal")'` as strings, which load nothing): every
 * import and export from, every import() and every call of require, of a function made by
 * createRequire or of its `resolve`. The specifier is null where it is not a string.
 */
function loadsOf(file: string, text: string): Load[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const unwrapped = (node: ts.Expression): ts.Expression => {
    if (ts.isParenthesizedExpression(node)) return unwrapped(node.expression);
    // esbuild calls an imported function as `(0, module.name)(...)`.
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.CommaToken) return unwrapped(node.right);
    return node;
  };
  const isCreateRequire = (node: ts.Expression | undefined): boolean => {
    const call = node === undefined ? undefined : unwrapped(node);
    if (call === undefined || !ts.isCallExpression(call)) return false;
    const callee = unwrapped(call.expression);
    return (
      (ts.isIdentifier(callee) && callee.text === 'createRequire') ||
      (ts.isPropertyAccessExpression(callee) && callee.name.text === 'createRequire')
    );
  };
  const requires = new Set(['require', '__require']);
  const findRequires = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && isCreateRequire(node.initializer)) requires.add(node.name.text);
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isIdentifier(node.left) &&
      isCreateRequire(node.right)
    )
      requires.add(node.left.text);
    ts.forEachChild(node, findRequires);
  };
  findRequires(source);
  const isRequire = (node: ts.Expression): boolean => ts.isIdentifier(node) && requires.has(node.text);
  const loads: Load[] = [];
  const visit = (node: ts.Node, optional: boolean): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier !== undefined)
      loads.push({ file, specifier: ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null, optional });
    if (ts.isCallExpression(node)) {
      const callee = unwrapped(node.expression);
      const argument = node.arguments[0];
      if (
        callee.kind === ts.SyntaxKind.ImportKeyword ||
        isRequire(callee) ||
        (ts.isPropertyAccessExpression(callee) && callee.name.text === 'resolve' && isRequire(callee.expression))
      )
        loads.push({ file, specifier: argument !== undefined && ts.isStringLiteralLike(argument) ? argument.text : null, optional });
    }
    if (ts.isTryStatement(node)) {
      visit(node.tryBlock, true);
      if (node.catchClause !== undefined) visit(node.catchClause, optional);
      if (node.finallyBlock !== undefined) visit(node.finallyBlock, optional);
    } else ts.forEachChild(node, (child) => visit(child, optional));
  };
  visit(source, false);
  return loads;
}

/** The scripts the package publishes, by their path in it: those of the tarball `npm pack` makes. */
function publishedScripts(): string[] {
  return pack()
    .files.filter((path) => /\.(js|cjs|mjs)$/.test(path))
    .sort();
}

describe('what the published scripts load', () => {
  let manifest: { dependencies?: Record<string, string> };
  let scripts: string[];
  let loads: Load[];

  beforeAll(() => {
    manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8'));
    scripts = publishedScripts();
    loads = scripts.flatMap((file) => loadsOf(file, readFileSync(join(projectRoot, file), 'utf8')));
  }, 120_000);

  const packages = (optional: boolean): string[] =>
    [
      ...new Set(
        loads
          .filter(
            (load) =>
              load.optional === optional && load.specifier !== null && !load.specifier.startsWith('.') && !isBuiltin(load.specifier),
          )
          .map((load) => packageName(load.specifier as string)),
      ),
    ].sort();

  it('reads the bundles, the library and the launcher', () => {
    expect(scripts).toEqual(
      expect.arrayContaining(['bin/compile-investigation.cjs', 'bin/load-bundle.cjs', 'dist/cli.cjs', 'dist/index.js', 'dist/mcp.cjs']),
    );
    // The reading itself: the launcher's own loads, and the template strings of ajv's code generator left out.
    expect(loads.filter((load) => load.file === 'bin/compile-investigation.cjs').map((load) => load.specifier)).toEqual([
      'node:path',
      './load-bundle.cjs',
    ]);
    expect(readFileSync(join(projectRoot, 'dist/mcp.cjs'), 'utf8')).toContain('require("ajv/dist/runtime/equal")');
  });

  it('needs exactly the packages package.json lists as dependencies', () => {
    expect(packages(false)).toEqual(Object.keys(manifest.dependencies ?? {}).sort());
  });

  it('loads nothing else but the loader passing on what a bundle requires', () => {
    expect(packages(true)).toEqual([]);
    expect(loads.filter((load) => load.specifier === null).map((load) => load.file)).toEqual(['bin/load-bundle.cjs']);
  });
});
