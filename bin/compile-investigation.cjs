#!/usr/bin/env node
'use strict';
// The command line. The bundle in dist/ does the work, loaded with V8's code cache
// (load-bundle.cjs). Whatever goes wrong while loading it is reported in one line with exit code
// 5, never as a stack trace.
const { join } = require('node:path');

let main;
try {
  ({ main } = require('./load-bundle.cjs').loadBundle(join(__dirname, '..', 'dist'), 'cli'));
} catch (error) {
  const missingBuild = error?.code === 'ENOENT' && String(error.path ?? error.message).includes('dist');
  process.stderr.write(
    missingBuild
      ? 'compile-investigation: the build is missing; run `npm ci` (or `npm run build`) in the project first\n'
      : `compile-investigation: internal error while loading: ${error instanceof Error ? error.message : String(error)}. This is a bug; please report it.\n`,
  );
  process.exitCode = 5;
}
if (main) main();
