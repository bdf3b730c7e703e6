import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The CLI tests run the built bundle, so the suite builds it first (declarations are not needed),
 * unless the caller has just built it: check.sh sets COMPILE_INVESTIGATION_BUILT=1.
 */
export default function setup(): void {
  if (process.env['COMPILE_INVESTIGATION_BUILT'] === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
}
