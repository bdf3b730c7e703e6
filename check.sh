#!/usr/bin/env bash
# The project's whole test command, as CI runs it on a clean clone: install, type-check, build,
# unit and CLI tests, fixture regression, generated docs up to date. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -d node_modules ]; then
  echo "== installing dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi

echo "== type-check"
npx tsc --noEmit -p tsconfig.json

echo "== lint and format (Biome)"
npx biome ci .

echo "== build"
node scripts/build.mjs

echo "== tests"
COMPILE_INVESTIGATION_BUILT=1 npx vitest run

echo "== fixture regression"
node bin/compile-investigation.cjs test fixtures/valid fixtures/invalid --junit dist/fixtures.junit.xml

echo "== README generated sections"
node scripts/docs.mjs check
