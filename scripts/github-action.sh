#!/usr/bin/env bash
# The GitHub Action's one step (action.yml): compile the given paths (or merge earlier results),
# then let `summary` write the job summary, the annotations and the step outputs. Inputs arrive as
# INPUT_* variables; GITHUB_* are the runner's.
set -euo pipefail

action_path="${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: run this as the step of action.yml}"
cli=(node "$action_path/bin/compile-investigation.cjs")

# A fresh checkout of the action has no build: install and build once, quietly, into the action's folder.
if [ ! -f "$action_path/dist/cli.cjs" ]; then
  echo "::group::compile-investigation: install and build"
  (cd "$action_path" && npm ci --no-audit --no-fund --ignore-scripts && node scripts/build.mjs --no-types) >&2
  echo "::endgroup::"
fi

is_true() { [ "${1:-}" = true ]; }

summary_args=(--github-output="${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set}")
if [ -n "${GITHUB_SERVER_URL:-}" ] && [ -n "${GITHUB_REPOSITORY:-}" ] && [ -n "${GITHUB_SHA:-}" ]; then
  summary_args+=(--link-base="$GITHUB_SERVER_URL/$GITHUB_REPOSITORY/blob/$GITHUB_SHA")
fi
if is_true "${INPUT_SUMMARY:-true}"; then summary_args+=(--step-summary="${GITHUB_STEP_SUMMARY:?GITHUB_STEP_SUMMARY is not set}"); fi
# Without annotations the Markdown summary goes to the log instead.
if is_true "${INPUT_ANNOTATIONS:-true}"; then summary_args+=(--annotate); fi
# The merged runs are held to --max-warnings as a whole: each shard saw only its own share.
[ -n "${INPUT_MAX_WARNINGS:-}" ] && summary_args+=(--max-warnings="$INPUT_MAX_WARNINGS")
# The rules' pages: the input, else those of this action's own repository at the ref the workflow
# uses (the runner checks an action out to _actions/OWNER/REPO/REF, and docs/rules/ is in it).
rule_docs="${INPUT_RULE_DOCS_BASE_URL:-}"
if [ -z "$rule_docs" ] && [[ "$action_path" =~ /_actions/([^/]+)/([^/]+)/([^/]+)/?$ ]]; then
  rule_docs="${GITHUB_SERVER_URL:-https://github.com}/${BASH_REMATCH[1]}/${BASH_REMATCH[2]}/blob/${BASH_REMATCH[3]}/docs/rules/"
fi
[ -n "$rule_docs" ] && summary_args+=(--rule-docs-base-url="$rule_docs")

status=0
if [ -n "${INPUT_MERGE:-}" ]; then
  # Shell globs on purpose: the result files of a matrix's shards, downloaded as artifacts.
  # shellcheck disable=SC2206
  results=(${INPUT_MERGE})
  "${cli[@]}" summary "${summary_args[@]}" -- "${results[@]}" || status=$?
  { echo "sarif="; echo "results="; } >>"$GITHUB_OUTPUT"
else
  # Split on white space only: a glob is passed quoted, for the tool to expand the same way everywhere.
  set -f
  # shellcheck disable=SC2206
  paths=(${INPUT_PATHS:-.})
  set +f
  # The tool's own outputs go out of the workspace unless named, so that a walk of "." never meets them.
  out_dir="${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
  results_file="${INPUT_RESULTS:-$out_dir/compile-investigation-results.json}"
  sarif_file="${INPUT_SARIF:-$out_dir/compile-investigation.sarif}"
  args=(compile --format=sarif --output="$sarif_file" --fail-on="${INPUT_FAIL_ON:-error}" --json)
  set -f
  # shellcheck disable=SC2206
  ignores=(${INPUT_IGNORE:-})
  set +f
  for pattern in "${ignores[@]}"; do args+=(--ignore="$pattern"); done
  [ -n "${INPUT_PRESET:-}" ] && args+=(--preset="$INPUT_PRESET")
  [ -n "${INPUT_CONFIG:-}" ] && args+=(--config="$INPUT_CONFIG")
  [ -n "${INPUT_POLICY:-}" ] && args+=(--policy="$INPUT_POLICY")
  [ -n "${INPUT_MAX_WARNINGS:-}" ] && args+=(--max-warnings="$INPUT_MAX_WARNINGS")
  [ -n "${INPUT_SARIF_CATEGORY:-}" ] && args+=(--sarif-category="$INPUT_SARIF_CATEGORY")
  [ -n "$rule_docs" ] && args+=(--rule-docs-base-url="$rule_docs")
  [ -n "${INPUT_SUPPRESSIONS:-}" ] && args+=(--suppressions="$INPUT_SUPPRESSIONS")
  is_true "${INPUT_FAIL_ON_UNUSED_SUPPRESSIONS:-false}" && args+=(--fail-on-unused-suppressions)
  [ -n "${INPUT_SHARD:-}" ] && args+=(--shard="$INPUT_SHARD")
  # Options as --name=value and the files after "--": a file or value that starts with "-" stays what it is.
  # The envelope is written beside, then moved: an empty results file in a folder being walked is never taken for a spec.
  pending="$(mktemp "$out_dir/compile-investigation-results.XXXXXX")"
  "${cli[@]}" "${args[@]}" -- "${paths[@]}" >"$pending" || status=$?
  mv -f "$pending" "$results_file"
  if [ "$status" -eq 2 ] || [ "$status" -eq 5 ]; then
    # A usage or internal error judged no file: its envelope says why, and there is nothing to summarise.
    node -e '
      const { code, subcode, message } = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).error;
      const escaped = `${code} ${subcode ?? ""}: ${message}`.replaceAll("%", "%25").replaceAll("\r", "%0D").replaceAll("\n", "%0A");
      console.log(`::error title=compile-investigation::${escaped}`);
    ' "$results_file" || echo "::error title=compile-investigation::the gate could not run (exit code $status)"
    exit "$status"
  fi
  "${cli[@]}" summary --sarif="$sarif_file" "${summary_args[@]}" -- "$results_file" >&1 || true
  { echo "sarif=$sarif_file"; echo "results=$results_file"; } >>"$GITHUB_OUTPUT"
fi

if [ "$status" -ne 0 ] && is_true "${INPUT_FAIL:-true}"; then exit "$status"; fi
exit 0
