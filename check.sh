#!/usr/bin/env bash
# The project's whole test command, as CI runs it on a clean clone: install, type-check, build,
# unit and CLI tests, fixture regression, generated docs up to date. Exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")"

if [ ! -d node_modules ]; then
  echo "== installing dependencies (npm ci)"
  npm ci --no-audit --no-fund
fi

# The type-check shares nothing with the lint and the build: it runs beside them, on the other
# core, and is waited for before the tests. Its output is held back so that the logs do not mix.
type_check_log="$(mktemp)"
# What the tests and the fixtures came to, for the summary: outside dist/, which the package ships.
results="$(mktemp -d)"
npx tsc --noEmit -p tsconfig.json >"$type_check_log" 2>&1 &
type_check=$!
trap 'kill "$type_check" 2>/dev/null || true; rm -rf "$type_check_log" "$results"' EXIT

echo "== lint and format (Biome)"
npx biome ci .

echo "== build"
node scripts/build.mjs

echo "== type-check"
if ! wait "$type_check"; then
  cat "$type_check_log"
  exit 1
fi
cat "$type_check_log"

echo "== generated docs (sections of README.md and docs/, docs/rules)"
node scripts/docs.mjs check

# The tests and the fixtures both run, whatever the other came to, and the last line counts them.
echo "== tests"
tests=0
COMPILE_INVESTIGATION_BUILT=1 npx vitest run --reporter=default --reporter=json --outputFile.json="$results/vitest.json" || tests=$?

echo "== fixture regression"
fixtures=0
npm run -s fixtures:check -- --junit "$results/fixtures.junit.xml" || fixtures=$?

echo "== summary"
node scripts/check-summary.mjs "$results/vitest.json" "$results/fixtures.junit.xml"
[ "$tests" -eq 0 ] && [ "$fixtures" -eq 0 ]
