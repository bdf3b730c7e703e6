import { definedFields } from '../common/defined-fields.js';
import { usageError } from '../engine/contract.js';
import type { OneSpec, OneSpecBaselines, SpecSource } from '../engine/one-spec.js';
import { unusedEntriesFailure } from '../render/run-failure.js';
import { formatText } from '../render/text.js';
import { MAX_PATH_LENGTH } from './arguments.js';
import { type ToolResult, withWarnings } from './results.js';

/** How the compile tool's messages name the argument that pins a baseline, and the one that fails on unused entries. */
const PIN = 'the suppressions argument';
const UNUSED_WORDS = { asked: 'failOnUnusedSuppressions', prune: "the command line's compile --prune-suppressions" };

/** The compile tool's baseline arguments, beside the spec's: as compile's --suppressions and --fail-on-unused-suppressions. */
export const baselineProperties = {
  suppressions: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_PATH_LENGTH,
    description:
      "the baseline (a suppressions file) inside the server's roots, as compile's --suppressions; without it, the nearest investigation-suppressions.json up from the spec's folder, never above the root that holds it. Only for a spec given as path",
  },
  failOnUnusedSuppressions: {
    type: 'boolean',
    description:
      'as --fail-on-unused-suppressions: a baseline entry that accepts more problems than are left makes exitCode 1 and gateError UNUSED_SUPPRESSIONS, though the spec passed',
  },
} as const;

/**
 * The baseline of a compile call: the file named (checked against the roots by `inside`, which
 * refuses one outside them), else the one found walking up; none for a spec given as text, which
 * has no path for a baseline to name, so asking for one then is refused.
 */
export function baselinesOf(args: Record<string, unknown>, source: SpecSource, inside: (path: string) => string): OneSpecBaselines {
  const named = args['suppressions'];
  const failOnUnused = args['failOnUnusedSuppressions'] === true;
  if (!('path' in source) && (named !== undefined || failOnUnused))
    throw usageError(
      'INVALID_ARGUMENT',
      'a baseline names specs by their paths, so suppressions and failOnUnusedSuppressions need the spec as path, not as text',
    );
  return {
    pin: PIN,
    ...(typeof named === 'string' ? { suppressions: inside(named) } : {}),
    ...(failOnUnused ? { failOnUnusedSuppressions: true } : {}),
  };
}

/**
 * The compile tool's answer: the spec's outcome, the baseline in force and what it came to
 * (`suppressions`, as compile's data.suppressions), the exit code compile would end with, and
 * `gateError` when unused entries alone fail it; as text, the text listing, whose summary says why.
 */
export function compileAnswer(spec: OneSpec, stage: 'final' | 'draft'): ToolResult {
  const { outcome, config, warnings, baselines, exitCode } = spec;
  const { path, dialect, verdict, counts, diagnostics, error } = outcome;
  const unused = baselines?.failOnUnused === true ? baselines.unusedTotal : 0;
  const gateError =
    exitCode !== outcome.exitCode && unused > 0
      ? {
          code: 'GATE_FAILED',
          subcode: 'UNUSED_SUPPRESSIONS',
          message: `${path}: ${unusedEntriesFailure(unused, { words: UNUSED_WORDS })}`,
        }
      : undefined;
  const data = {
    path,
    ...definedFields({ dialect }),
    stage,
    verdict,
    exitCode,
    counts,
    diagnostics,
    error,
    ...definedFields({ gateError }),
    config: { path: config.path, source: config.source },
    ...definedFields({ suppressions: baselines, trace: outcome.report?.trace, fixed: spec.fixed }),
    warnings,
  };
  const text = formatText([outcome], {
    color: false,
    failingUnused: unused,
    unusedWords: UNUSED_WORDS,
    listsSuppressed: 'the diagnostics of the structured result list them, marked suppressed',
    fixWords: { safe: 'fix "safe"', unsafe: 'fix "unsafe"' },
  });
  return { content: [{ type: 'text', text: withWarnings(text, warnings) }], structuredContent: data };
}
