#!/usr/bin/env node
'use strict';
// The command line. The bundle in dist/ does the work, loaded with V8's code cache
// (load-bundle.cjs). Whatever goes wrong while loading it is reported in one line with exit code
// 5, never as a stack trace.
const { join } = require('node:path');

let main;
try {
  const { loadBundle } = require('./load-bundle.cjs');
  const dist = join(__dirname, '..', 'dist');
  // An agent's hook runs before each tool call: its bundle is run straight, without the command
  // line's program, when it is given only the flags it reads itself (anything else, --help
  // included, goes through the program).
  const hook = process.argv[2] === 'hook' ? loadBundle(dist, 'hook') : undefined;
  const flags = hook?.hookFlagsOf(process.argv.slice(3));
  if (hook !== undefined && flags !== null) main = () => hook.main(flags);
  else ({ main } = loadBundle(dist, 'cli'));
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
