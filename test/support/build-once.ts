import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The CLI tests run the built bundle and the package tests type-check its declarations, so the
 * suite builds both first, unless the caller has just built them: check.sh sets COMPILE_INVESTIGATION_BUILT=1.
 */
export default function setup(): void {
  if (process.env['COMPILE_INVESTIGATION_BUILT'] === '1') return;
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
}
