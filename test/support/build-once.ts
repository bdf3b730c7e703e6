import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI tests run the built bundle, so the suite builds it first (declarations are not needed). */
export default function setup(): void {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/build.mjs', '--no-types'], { cwd: root, stdio: 'inherit' });
}
