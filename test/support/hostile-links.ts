/**
 * The hostile class of links out of folders: a fixture folder and an output folder seeded with
 * symbolic links that lead out of them (goldens, sidecars, a sidecar's configuration, specs,
 * subfolders and --output-dir reports), each at a file outside that holds a secret, or at a name
 * outside where nothing is yet; and, the fixture folder being a repository's top, a configuration
 * or baseline found by walking up that leads out of it. Whatever command runs over them (test,
 * test --update, compile --output-dir, --suppress-all, --prune-suppressions, stats, compare), the
 * secret appears in no output and no file outside is written, changed or created. Registered in
 * hostileProperties (test/support/hostile-properties.ts).
 */
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { STACK_TRACE } from './cli.js';
import { runInProcess } from './in-process.js';
import type { NamedProperty } from './properties.js';
import { sha256 } from './sha256.js';
import { validSpec } from './specs.js';

const SECRET = 'LINKED-SECRET-c41e';

/** What a link may lead to, outside the folders given: a file holding the secret, a folder, or nothing yet. */
const TARGETS = ['secret.md', 'secret.json', 'spec.json', 'config.json', 'baseline.json', 'far', 'missing.md'] as const;
type Target = (typeof TARGETS)[number];

type Plant =
  | { kind: 'golden'; fixture: number; extension: '.report.md' | '.report.json'; target: Target }
  | { kind: 'sidecar'; fixture: number; extension: '.expect.json' | '.expect.yaml'; target: Target }
  | { kind: 'config'; fixture: number; how: 'absolute' | 'parent' | 'link' | 'missing' }
  | { kind: 'spec'; name: string; target: Target }
  | { kind: 'folder'; name: string; target: Target }
  | { kind: 'report'; fixture: number; extension: '.report.md' | '.report.json'; target: Target }
  | { kind: 'walked'; name: (typeof WALKED)[number]; target: Target };

/** The files lookup finds by walking up from a spec's folder. */
const WALKED = ['investigation.config.json', 'investigation.config.yaml', 'investigation-suppressions.json'] as const;

interface LinkCase {
  fixtures: number;
  plants: Plant[];
  args: string[];
}

const target = fc.constantFrom(...TARGETS);
const fixture = fc.nat({ max: 2 });

const plant: fc.Arbitrary<Plant> = fc.oneof(
  fc.record({
    kind: fc.constant('golden' as const),
    fixture,
    extension: fc.constantFrom('.report.md' as const, '.report.json' as const),
    target,
  }),
  fc.record({
    kind: fc.constant('sidecar' as const),
    fixture,
    extension: fc.constantFrom('.expect.json' as const, '.expect.yaml' as const),
    target,
  }),
  fc.record({
    kind: fc.constant('config' as const),
    fixture,
    how: fc.constantFrom('absolute' as const, 'parent' as const, 'link' as const, 'missing' as const),
  }),
  fc.record({ kind: fc.constant('spec' as const), name: fc.constantFrom('linked.json', 'linked.yaml', 'b.report.json'), target }),
  fc.record({ kind: fc.constant('folder' as const), name: fc.constantFrom('sub', 'nested'), target }),
  fc.record({
    kind: fc.constant('report' as const),
    fixture,
    extension: fc.constantFrom('.report.md' as const, '.report.json' as const),
    target,
  }),
  fc.record({ kind: fc.constant('walked' as const), name: fc.constantFrom(...WALKED), target }),
);

const command = fc.constantFrom<string[]>(
  ['test', 'suite'],
  ['test', 'suite', '--json'],
  ['test', 'suite', '--update', 'goldens'],
  ['test', 'suite', '--update', 'all', '--json'],
  ['test', 'suite/a0.json', '--update', 'goldens'],
  ['suite', '--output-dir', 'out'],
  ['suite', '--output-dir', 'out', '--format', 'json', '--json'],
  ['suite', '--format', 'text'],
  ['suite', '--suppress-all', '--format', 'text'],
  ['suite', '--prune-suppressions', '--json'],
  ['stats', 'suite', '--json'],
  ['compare', 'base', 'suite', '--format', 'markdown'],
);

const linkCases: fc.Arbitrary<LinkCase> = fc.record({
  fixtures: fc.integer({ min: 1, max: 3 }),
  plants: fc.array(plant, { minLength: 1, maxLength: 5 }),
  args: command,
});

/** outside/: every target but the missing one, each holding the secret where a file can. */
function seedOutside(outside: string): void {
  mkdirSync(join(outside, 'far'), { recursive: true });
  writeFileSync(join(outside, 'secret.md'), `# ${SECRET}\n`);
  writeFileSync(join(outside, 'secret.json'), `${JSON.stringify({ exitCode: 0, [SECRET]: true })}\n`);
  writeFileSync(join(outside, 'spec.json'), `${JSON.stringify({ ...validSpec(), goal: `read ${SECRET}` })}\n`);
  writeFileSync(join(outside, 'config.json'), `${JSON.stringify({ rules: { [SECRET]: 'off' } })}\n`);
  writeFileSync(join(outside, 'baseline.json'), `${JSON.stringify({ [`${SECRET}.json`]: { 'dive-grounded': { count: 1 } } })}\n`);
  writeFileSync(join(outside, 'far', 'c.json'), `${JSON.stringify({ ...validSpec(), goal: `far ${SECRET}` })}\n`);
  writeFileSync(join(outside, 'far', 'c.expect.json'), `${JSON.stringify({ exitCode: 0, [SECRET]: 1 })}\n`);
}

/** Every file below `folder` with the hash of its bytes (a link as "link"): nothing outside may change or appear. */
function snapshot(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(folder, { recursive: true, encoding: 'utf8' }).sort()) {
    const stats = lstatSync(join(folder, name));
    if (stats.isFile()) files[name] = sha256(readFileSync(join(folder, name)));
    else if (stats.isSymbolicLink()) files[name] = 'link';
  }
  return files;
}

/** Plants a link at `at` to `target` in outside/, replacing what is there. */
function link(outside: string, at: string, target: Target): void {
  rmSync(at, { recursive: true, force: true });
  mkdirSync(join(at, '..'), { recursive: true });
  symlinkSync(join(outside, target), at);
}

function build(dir: string, hostile: LinkCase): string {
  const outside = join(dir, 'outside');
  const suite = join(dir, 'suite');
  seedOutside(outside);
  for (const folder of ['suite', 'base', 'out']) mkdirSync(join(dir, folder));
  // The fixture folder is a repository's top, where lookup stops: outside/ lies out of it.
  mkdirSync(join(suite, '.git'));
  for (let index = 0; index < hostile.fixtures; index++) {
    writeFileSync(join(suite, `a${index}.json`), `${JSON.stringify(validSpec())}\n`);
    writeFileSync(join(suite, `a${index}.expect.json`), `${JSON.stringify({ exitCode: 0 })}\n`);
  }
  writeFileSync(join(dir, 'base', 'a0.json'), `${JSON.stringify(validSpec())}\n`);
  for (const planted of hostile.plants) {
    const stem = `a${('fixture' in planted ? planted.fixture : 0) % hostile.fixtures}`;
    if (planted.kind === 'golden' || planted.kind === 'sidecar') {
      if (planted.kind === 'sidecar') rmSync(join(suite, `${stem}.expect.json`), { force: true });
      link(outside, join(suite, `${stem}${planted.extension}`), planted.target);
    } else if (planted.kind === 'report') {
      link(outside, join(dir, 'out', `${stem}${planted.extension}`), planted.target);
    } else if (planted.kind === 'spec' || planted.kind === 'folder' || planted.kind === 'walked') {
      link(outside, join(suite, planted.name), planted.target);
    } else {
      const config = {
        absolute: join(outside, 'config.json'),
        parent: '../outside/config.json',
        link: 'linked-config.cfg',
        missing: '../outside/not-there.json',
      }[planted.how];
      if (planted.how === 'link') link(outside, join(suite, 'linked-config.cfg'), 'config.json');
      rmSync(join(suite, `${stem}.expect.json`), { force: true });
      writeFileSync(join(suite, `${stem}.expect.json`), `${JSON.stringify({ config, exitCode: 0 })}\n`);
    }
  }
  return outside;
}

function describeCase(hostile: LinkCase): string {
  const plants = hostile.plants.map((planted) => JSON.stringify(planted)).join(', ');
  return `${hostile.fixtures} fixtures; ${plants}; ${hostile.args.join(' ')}`;
}

async function check(hostile: LinkCase): Promise<void> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'compile-investigation-links-')));
  try {
    const outside = build(dir, hostile);
    const before = snapshot(outside);
    const result = await runInProcess(hostile.args, { cwd: dir, env: { INVESTIGATION_CONFIG: '' } });
    const problem = (what: string): never => {
      throw new Error(
        `${what}\ncase: ${describeCase(hostile)}\nexit ${result.status}\nstdout: ${result.stdout.slice(0, 600)}\nstderr: ${result.stderr.slice(0, 600)}`,
      );
    };
    if (result.status < 0 || result.status > 4) problem(`exit code ${result.status} outside 0-4`);
    if (STACK_TRACE.test(result.stderr)) problem('a stack trace on stderr');
    if (result.stdout.includes(SECRET) || result.stderr.includes(SECRET)) problem('the secret outside was printed');
    const after = snapshot(outside);
    if (JSON.stringify(after) !== JSON.stringify(before))
      problem(`a file outside was written: before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The class, a handful of runs in the suite; `npm run fuzz` runs it FUZZ_RUNS times. */
export function linkProperties(): NamedProperty[] {
  const printable = linkCases.map((hostile) => Object.assign(hostile, { [fc.toStringMethod]: () => describeCase(hostile) }));
  return [
    {
      name: 'links out of fixture and output folders: no secret printed, no file outside written',
      runs: 30,
      property: fc.asyncProperty(printable, (hostile) => check(hostile)),
    },
  ];
}
