#!/usr/bin/env node
try {
  await import('../dist/cli.js');
} catch (error) {
  if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !String(error.message).includes('dist')) throw error;
  process.stderr.write('compile-investigation: the build is missing; run `npm ci` (or `npm run build`) in the project first\n');
  process.exitCode = 5;
}
