import { definedFields } from '../common/defined-fields.js';
import type { FolderBound } from '../common/folder-bound.js';
import { readDocument } from '../load/document.js';
import type { InputProblem } from '../load/input-error.js';
import { type EvidenceRegistry, registryOf } from '../rules/briefs/brief-checks.js';

export type RegistryLookup =
  | {
      ok: true;
      /** Undefined when evidence refs cannot be checked: no spec, or a registry that is not a list of entries with ids. */
      registry: EvidenceRegistry | undefined;
      /** Why refs are not checked, when they are not: one sentence. */
      notes: string[];
    }
  | { ok: false; problem: InputProblem; source?: string; notes: string[] };

/**
 * The evidence registry the briefs' refs are checked against: that of the spec at `spec.file`
 * (absolute, named `spec.shown` in messages, read only if it lies `spec.inside`), or none without a spec. Both `briefs` and `briefs append`
 * look it up here, so that they agree on which refs are known. `specName` is what the caller calls
 * the spec it was not given: the command line's --spec, an MCP tool's spec argument.
 */
export function readEvidenceRegistry(
  spec: { file: string; shown: string; inside?: FolderBound } | undefined,
  maxBytes: number,
  specName = '--spec',
): RegistryLookup {
  if (spec === undefined) return { ok: true, registry: undefined, notes: [`evidence ids not checked: no ${specName} given`] };
  const { file, shown, inside } = spec;
  const parsed = readDocument(file, { maxBytes, shown, ...definedFields({ inside }) });
  if (!parsed.ok)
    return {
      ok: false,
      problem: parsed.problem,
      ...definedFields({ source: parsed.text }),
      notes: [`evidence ids not checked: ${shown} could not be read`],
    };
  const registry = registryOf(parsed.data);
  const notes =
    registry === undefined ? [`evidence ids not checked: the evidence registry of ${shown} is not a list of entries with ids`] : [];
  return { ok: true, registry, notes };
}
