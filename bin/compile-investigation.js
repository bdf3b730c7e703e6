#!/usr/bin/env node
// Launcher: the bundle in dist/ does the work. Whatever goes wrong while loading it is reported
// in one line with exit code 5, never as a stack trace.
try {
  await import('../dist/cli.js');
} catch (error) {
  const missingBuild = error?.code === 'ERR_MODULE_NOT_FOUND' && String(error.message).includes('dist');
  process.stderr.write(
    missingBuild
      ? 'compile-investigation: the build is missing; run `npm ci` (or `npm run build`) in the project first\n'
      : `compile-investigation: internal error while loading: ${error instanceof Error ? error.message : String(error)}. This is a bug; please report it.\n`,
  );
  process.exitCode = 5;
}
