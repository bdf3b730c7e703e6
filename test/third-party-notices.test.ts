import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isPermissive, packageFolderOf, thirdPartyNotices } from '../scripts/third-party-notices.mjs';
import { useTempDirs } from './support/temp.js';

const tempDir = useTempDirs('notices');

interface FakePackage {
  name: string;
  version?: string;
  /** MIT when left out. */
  license?: unknown;
  licenses?: unknown;
  /** Its files by name: the licence files and any other. */
  files?: Record<string, string>;
}

/** A project folder with the packages given installed under node_modules/ (a name with `>` nests: `a>b` is node_modules/a/node_modules/b). */
function project(packages: FakePackage[]): string {
  const root = tempDir();
  writeFileSync(join(root, 'package.json'), '{"name":"project","version":"1.0.0"}');
  for (const fake of packages) {
    const { name, version = '1.0.0', licenses, files = { LICENSE: `Licence of ${name}` } } = fake;
    // A licence given as undefined is none: a default would fill it in.
    const license = 'license' in fake ? fake.license : 'MIT';
    const folder = join(root, ...name.split('>').flatMap((part) => ['node_modules', part]));
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: name.split('>').at(-1), version, license, licenses }));
    for (const [file, text] of Object.entries(files)) writeFileSync(join(folder, file), text);
  }
  return root;
}

/** A metafile whose inputs are the paths given, as esbuild names them from the working folder. */
const metafile = (...inputs: string[]) => ({ inputs: Object.fromEntries(inputs.map((input) => [input, { bytes: 1 }])), outputs: {} });

describe('the package an input of a bundle comes from', () => {
  it.each([
    ['node_modules/yaml/dist/index.js', 'node_modules/yaml'],
    ['node_modules/@modelcontextprotocol/sdk/dist/cjs/server/index.js', 'node_modules/@modelcontextprotocol/sdk'],
    ['node_modules/a/node_modules/b/index.js', 'node_modules/a/node_modules/b'],
    ['../main/node_modules/ajv/dist/ajv.js', '../main/node_modules/ajv'],
    ['node_modules\\commander\\index.js', 'node_modules/commander'],
    ['src/index.ts', undefined],
    ['assets/lookalikes.json', undefined],
  ])('%s is %s', (input, folder) => {
    expect(packageFolderOf(input)).toBe(folder);
  });
});

describe('the licences a bundle may hold', () => {
  it.each([
    ['MIT', true],
    ['BlueOak-1.0.0', true],
    ['0BSD', true],
    ['(MIT OR Apache-2.0)', true],
    ['MPL-2.0 OR Apache-2.0', true],
    ['(MPL-2.0 OR Apache-2.0)', true],
    ['MIT AND ISC', true],
    ['MIT AND (GPL-2.0-only OR BSD-3-Clause)', true],
    ['GPL-2.0-only', false],
    ['MIT AND GPL-2.0-only', false],
    ['(MIT', false],
    ['MIT ISC', false],
    ['', false],
    ['UNLICENSED', false],
  ])('%s: %s', (expression, allowed) => {
    expect(isPermissive(expression)).toBe(allowed);
  });
});

describe('the third-party notices', () => {
  it('name each package once, sorted, with its version, licence and every licence file in full', () => {
    const root = project([
      { name: 'zeta', files: { 'LICENSE.md': 'Zeta licence\r\nsecond line   \r\n' } },
      { name: '@scope/alpha', license: 'ISC', files: { license: 'Alpha licence', NOTICE: 'Alpha notice', 'index.js': '' } },
      { name: 'zeta>beta', version: '2.0.0', license: { type: 'BSD-3-Clause' }, files: { COPYING: 'Beta copying' } },
      { name: 'gamma', license: undefined, licenses: [{ type: 'MIT' }, { type: 'Apache-2.0' }], files: { 'License.txt': 'Gamma' } },
    ]);
    const text = thirdPartyNotices(root, [
      metafile('src/index.ts', 'node_modules/zeta/index.js', 'node_modules/zeta/node_modules/beta/lib/a.js'),
      metafile('node_modules/zeta/other.js', 'node_modules/@scope/alpha/index.js', 'node_modules/gamma/index.js'),
    ]);
    const entries = text.split(`\n${'-'.repeat(80)}\n`).slice(1);
    expect(entries).toEqual([
      '@scope/alpha 1.0.0\nLicense: ISC\n\nNOTICE:\n\nAlpha notice\n\nlicense:\n\nAlpha licence\n',
      'beta 2.0.0\nLicense: BSD-3-Clause\n\nCOPYING:\n\nBeta copying\n',
      'gamma 1.0.0\nLicense: MIT OR Apache-2.0\n\nLicense.txt:\n\nGamma\n',
      // Line ends made \n and trailing blanks dropped: the same bytes from a checkout with CRLF.
      'zeta 1.0.0\nLicense: MIT\n\nLICENSE.md:\n\nZeta licence\nsecond line\n',
    ]);
    expect(text.endsWith('second line\n')).toBe(true);
  });

  it('are the same bytes whatever the order of the bundles and of their inputs', () => {
    const root = project([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    const one = thirdPartyNotices(root, [metafile('node_modules/a/x.js', 'node_modules/b/x.js'), metafile('node_modules/c/x.js')]);
    const other = thirdPartyNotices(root, [metafile('node_modules/c/x.js'), metafile('node_modules/b/x.js', 'node_modules/a/x.js')]);
    expect(other).toBe(one);
    expect(one).not.toMatch(/\d{4}-\d\d-\d\d|node_modules|\/tmp\//);
  });

  it('name the package whose data a file of the project holds, as for its code', () => {
    const root = project([{ name: 'unhomoglyph', version: '1.0.6' }]);
    const text = thirdPartyNotices(root, [metafile('src/index.ts', 'assets/lookalikes.json')]);
    expect(text).toContain(
      '\nunhomoglyph 1.0.6\nLicense: MIT\nIts data is in: assets/lookalikes.json\n\nLICENSE:\n\nLicence of unhomoglyph\n',
    );
  });

  it('say so of a package that ships no licence file, under the licence its package.json declares', () => {
    const root = project([{ name: 'bare', version: '0.3.1', license: 'ISC', files: { 'README.md': 'ISC, see above', 'licenses.js': '' } }]);
    const text = thirdPartyNotices(root, [metafile('node_modules/bare/index.js')]);
    expect(text.slice(text.indexOf('bare 0.3.1'))).toBe(
      'bare 0.3.1\nLicense: ISC\n\nThe package ships no licence file; the licence above is what its package.json declares (https://spdx.org/licenses/).\n',
    );
  });

  it('carry the NOTICE of an Apache-2.0 package beside its licence, as that licence asks', () => {
    const root = project([
      {
        name: 'apached',
        license: 'Apache-2.0',
        files: { 'LICENSE.txt': 'Apache License 2.0', NOTICE: 'Apached\nCopyright 2024 The Apached Authors' },
      },
    ]);
    const text = thirdPartyNotices(root, [metafile('node_modules/apached/index.js')]);
    expect(text).toContain(
      '\napached 1.0.0\nLicense: Apache-2.0\n\nLICENSE.txt:\n\nApache License 2.0\n\nNOTICE:\n\nApached\nCopyright 2024 The Apached Authors\n',
    );
  });

  it.each([
    'GPL-3.0-only',
    'MPL-2.0',
    'LGPL-2.1-or-later',
    'MIT AND GPL-2.0-only',
    'Apache-2.0 WITH LLVM-exception',
    'SEE LICENSE IN LICENSE',
    'MIT+',
  ])('stop the build when a bundled package is under %s, naming it and the allow-list', (license) => {
    const root = project([{ name: 'fine' }, { name: 'strong', version: '4.0.0', license }]);
    expect(() => thirdPartyNotices(root, [metafile('node_modules/fine/x.js', 'node_modules/strong/index.js')])).toThrow(
      `third-party notices: strong 4.0.0 is under ${license}, which is not among the permissive licences a bundle may hold (PERMISSIVE_LICENCES in scripts/third-party-notices.mjs)`,
    );
  });

  it('stop the build when a bundled package declares no licence', () => {
    const root = project([{ name: 'silent', license: undefined }]);
    expect(() => thirdPartyNotices(root, [metafile('node_modules/silent/x.js')])).toThrow(
      'third-party notices: silent 1.0.0 declares no licence in its package.json',
    );
  });

  it('keep the legal comments esbuild took out of the bundles, by bundle, with no machine path', () => {
    const root = project([{ name: 'a' }]);
    const text = thirdPartyNotices(
      root,
      [metafile('node_modules/a/x.js')],
      [
        { bundle: 'worker.cjs', text: 'Bundled license information:\n\n../main/node_modules/a/x.js:\n  /*! a (c) Someone */\n' },
        { bundle: 'cli.cjs', text: 'Bundled license information:\n\n/home/me/project/node_modules/a/x.js:\n  /*! a (c) Someone */\n' },
        { bundle: 'index.js', text: '\n' },
      ],
    );
    expect(text.slice(text.indexOf('Legal comments'))).toBe(
      'Legal comments of the bundled code (esbuild keeps them out of the bundles)\n\n' +
        'cli.cjs:\n\nBundled license information:\n\na/x.js:\n  /*! a (c) Someone */\n\n' +
        'worker.cjs:\n\nBundled license information:\n\na/x.js:\n  /*! a (c) Someone */\n',
    );
  });
});
