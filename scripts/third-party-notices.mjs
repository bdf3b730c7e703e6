// The third-party notices the package ships beside its bundles (dist/THIRD-PARTY-NOTICES): every
// package whose code esbuild put in a bundle, by the inputs of the bundles' metafiles, with its
// version, the licence its package.json declares and the full text of its licence files. MIT, ISC,
// BSD and Apache code may be redistributed only with its notice; the bundles hold no node_modules,
// so this file is where a user who installs the tarball finds them. Built by scripts/build.mjs,
// which it stops when a bundled package declares no licence or one outside PERMISSIVE_LICENCES:
// bundling code under another licence is a decision for a person, not for a dependency update.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';

/**
 * Inputs of the bundles that are the project's own files but hold another package's data, and that
 * package: its notice is owed as for its code. scripts/docs.mjs writes assets/lookalikes.json from
 * unhomoglyph's table of Unicode's confusables.
 */
export const DERIVED_INPUTS = { 'assets/lookalikes.json': 'unhomoglyph' };

/**
 * The licences a bundled package may be under (SPDX ids): those that ask only for their notice to
 * be kept, which this file does. A copyleft licence (GPL, LGPL, MPL, EPL) asks more of the package
 * that ships it, so it is not here.
 */
export const PERMISSIVE_LICENCES = new Set([
  '0BSD',
  'Apache-2.0',
  'BlueOak-1.0.0',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'CC0-1.0',
  'ISC',
  'MIT',
  'MIT-0',
  'Unlicense',
  'Zlib',
]);

/**
 * Whether code under an SPDX licence expression may be bundled: an id of PERMISSIVE_LICENCES; for
 * `A OR B`, either may be chosen; for `A AND B`, both apply. An exception (`WITH`), a later version
 * (`+`), or anything else this does not read, is not allowed: a person decides.
 */
export function isPermissive(expression) {
  const tokens = expression.match(/\(|\)|[^\s()]+/g) ?? [];
  let at = 0;
  // expression := conjunction (OR conjunction)*; conjunction := term (AND term)*; term := id | ( expression )
  const term = () => {
    const token = tokens[at++];
    if (token !== '(') return PERMISSIVE_LICENCES.has(token);
    const inner = disjunction();
    return tokens[at++] === ')' && inner;
  };
  const conjunction = () => {
    let allowed = term();
    while (tokens[at] === 'AND') {
      at++;
      allowed = term() && allowed;
    }
    return allowed;
  };
  const disjunction = () => {
    let allowed = conjunction();
    while (tokens[at] === 'OR') {
      at++;
      allowed = conjunction() || allowed;
    }
    return allowed;
  };
  const allowed = disjunction();
  return allowed && at === tokens.length;
}

/** The files of a package that hold its licence or notices: LICENSE, LICENCE, COPYING, NOTICE, in any case, with any suffix. */
const LICENCE_FILE = /^(?:licen[cs]e|copying|notice)(?:[.\-_].*)?$/i;

/** Code-unit order, the same on every machine and in every locale. */
const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The folder of the package an input of a metafile belongs to (relative to `root`, as esbuild
 * writes it): what follows the last node_modules/ is the package's name, with its scope if it has
 * one. Undefined for the project's own files.
 */
export function packageFolderOf(input) {
  const found = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input.replaceAll('\\', '/'));
  return found?.[1];
}

/**
 * Every package the metafiles' inputs come from, by its absolute folder, with the project's own
 * inputs that hold its data (DERIVED_INPUTS), in the order first met.
 */
export function bundledPackages(root, metafiles) {
  const packages = new Map();
  const require = createRequire(join(root, 'package.json'));
  const add = (folder) => packages.get(folder) ?? packages.set(folder, []).get(folder);
  for (const input of metafiles.flatMap((metafile) => Object.keys(metafile.inputs))) {
    const folder = packageFolderOf(input);
    if (folder !== undefined) add(resolve(root, folder));
    const source = DERIVED_INPUTS[input];
    if (source !== undefined) {
      const holders = add(resolve(require.resolve(`${source}/package.json`), '..'));
      if (!holders.includes(input)) holders.push(input);
    }
  }
  return [...packages].map(([folder, dataIn]) => ({ folder, dataIn }));
}

/** The licence a package.json declares: its SPDX expression, or the legacy `license` object or `licenses` list. */
function declaredLicence(manifest) {
  const { license, licenses } = manifest;
  if (typeof license === 'string') return license;
  if (typeof license?.type === 'string') return license.type;
  if (Array.isArray(licenses) && licenses.length > 0) return licenses.map((entry) => entry.type ?? entry).join(' OR ');
  return undefined;
}

/**
 * A package's notice: name, version, licence and its licence files' text (none when it ships none:
 * the notice then says so), or an error naming what is missing or not allowed.
 */
function noticeOf(folder) {
  const manifestPath = join(folder, 'package.json');
  if (!existsSync(manifestPath)) throw new Error(`third-party notices: ${folder} holds no package.json`);
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const name = `${manifest.name} ${manifest.version}`;
  const licence = declaredLicence(manifest);
  if (licence === undefined) throw new Error(`third-party notices: ${name} declares no licence in its package.json`);
  if (!isPermissive(licence))
    throw new Error(
      `third-party notices: ${name} is under ${licence}, which is not among the permissive licences a bundle may hold (PERMISSIVE_LICENCES in scripts/third-party-notices.mjs)`,
    );
  const files = readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile() && LICENCE_FILE.test(entry.name))
    .map((entry) => entry.name)
    .sort(byCodeUnits);
  // Line ends made \n and trailing blanks dropped, so that the same package gives the same bytes from any checkout.
  const texts = files.map((file) => ({
    file,
    text: readFileSync(join(folder, file), 'utf8')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+$/gm, '')
      .trim(),
  }));
  return { name: manifest.name, version: manifest.version, licence, texts };
}

const RULE = '-'.repeat(80);

/**
 * The text of dist/THIRD-PARTY-NOTICES, from the metafiles of every bundle the package ships, and
 * the legal comments esbuild kept out of them (`legalComments: 'external'`: `{ bundle, text }`, by
 * the bundle's name): sorted, with no time or machine path in it, so the same build gives the same bytes.
 */
export function thirdPartyNotices(root, metafiles, legalComments = []) {
  const notices = new Map();
  for (const { folder, dataIn } of bundledPackages(root, metafiles)) {
    const notice = noticeOf(folder);
    const key = `${notice.name}@${notice.version}`;
    notices.set(key, { ...notice, dataIn: [...(notices.get(key)?.dataIn ?? []), ...dataIn].sort(byCodeUnits) });
  }
  const sorted = [...notices.values()].sort((a, b) => byCodeUnits(a.name, b.name) || byCodeUnits(a.version, b.version));
  const lines = [
    'Third-party notices of compile-investigation',
    '',
    'The bundles in dist/ hold code or data of the packages below. Each is named with its version',
    'and the licence its package.json declares, followed by the full text of its licence files.',
    'compile-investigation itself is under the MIT licence in LICENSE, at the root of the package.',
    '',
    "Generated by scripts/build.mjs from esbuild's metafiles of the bundles; not edited by hand.",
  ];
  for (const { name, version, licence, texts, dataIn } of sorted) {
    lines.push('', RULE, `${name} ${version}`, `License: ${licence}`);
    if (dataIn.length > 0) lines.push(`Its data is in: ${dataIn.join(', ')}`);
    for (const { file, text } of texts) lines.push('', `${file}:`, '', text);
    if (texts.length === 0)
      lines.push(
        '',
        `The package ships no licence file; the licence above is what its package.json declares (https://spdx.org/licenses/).`,
      );
  }
  const kept = legalComments.filter(({ text }) => text.trim() !== '').sort((a, b) => byCodeUnits(a.bundle, b.bundle));
  if (kept.length > 0) {
    lines.push('', RULE, 'Legal comments of the bundled code (esbuild keeps them out of the bundles)');
    // esbuild names each comment's source file from the working folder: from node_modules/ on, it names the package on every machine.
    for (const { bundle, text } of kept)
      lines.push(
        '',
        `${bundle}:`,
        '',
        text
          .replace(/^[^\n]*?node_modules\//gm, '')
          .replace(/\r\n?/g, '\n')
          .trim(),
      );
  }
  return `${lines.join('\n')}\n`;
}
