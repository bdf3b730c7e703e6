import { join, relative, resolve, sep } from 'node:path';
import { readDocument } from '../load/document.js';
import type { InputProblem } from '../load/input-error.js';
import type { FileOutcome } from '../report/outcome.js';
import { type EvidenceRegistry, registryOf } from '../rules/briefs/check.js';
import { checkBriefs } from './brief-rules.js';
import { checkChains } from './chains.js';
import { listArtifacts } from './listing.js';
import { loadArtifact } from './load.js';
import { inputErrorOutcome, outcomeOf } from './outcome.js';

export interface BriefArtifactOptions {
  /** A spec whose `evidence` registry the briefs' evidence refs are checked against. */
  specPath?: string;
  /** Paths are resolved against it and shown relative to it. */
  cwd: string;
  /** Larger files are refused as input errors. */
  maxBytes: number;
}

export interface BriefArtifactResult {
  /** One outcome per artifact, in code-unit order of the names; first, the spec when it could not be read, or the folder when it could not be listed. */
  files: FileOutcome[];
  /** Whether evidence refs were checked against a registry. */
  registryChecked: boolean;
  /** What the run did not check, and why, one sentence each. */
  notes: string[];
}

/**
 * Checks a folder of brief artifacts (see BRIEF_CHAIN_RULE_ID for the format). Never throws on odd
 * input: an unreadable, non-JSON or non-object artifact is an input error (exit 3) of its own
 * file, and the others are still checked.
 */
export function checkBriefArtifacts(dir: string, options: BriefArtifactOptions): BriefArtifactResult {
  const files: FileOutcome[] = [];
  const notes: string[] = [];
  const display = (path: string): string => {
    const shown = relative(options.cwd, path);
    return sep === '/' ? shown : shown.split(sep).join('/');
  };

  let registry: EvidenceRegistry | undefined;
  if (options.specPath === undefined) {
    notes.push('evidence ids not checked: no --spec given');
  } else {
    const specFile = resolve(options.cwd, options.specPath);
    const loaded = loadSpec(specFile, display(specFile), options.maxBytes);
    if (!loaded.ok) {
      files.push(inputErrorOutcome(display(specFile), loaded.problem, loaded.source));
      notes.push(`evidence ids not checked: ${display(specFile)} could not be read`);
    } else {
      registry = registryOf(loaded.data);
      if (registry === undefined)
        notes.push(`evidence ids not checked: the evidence registry of ${display(specFile)} is not a list of entries with ids`);
    }
  }

  const folder = resolve(options.cwd, dir);
  const listed = listArtifacts(folder, display(folder) || '.');
  if (!listed.ok) {
    files.push(inputErrorOutcome(display(folder) || '.', listed.problem));
    return { files, registryChecked: registry !== undefined, notes };
  }
  for (const name of listed.linksOut) {
    notes.push(
      `${JSON.stringify(display(join(folder, name)))} is a symbolic link out of ${JSON.stringify(display(folder) || '.')}; not followed`,
    );
  }
  if (listed.artifacts.length === 0) notes.push(`no brief artifacts (<hypothesisId>-NNNN.json) in ${display(folder) || '.'}`);

  const artifacts = listed.artifacts.map((named) => loadArtifact(folder, named, display(join(folder, named.name)), options.maxBytes));
  checkChains(artifacts);
  checkBriefs(artifacts, registry);
  for (const artifact of artifacts) files.push(outcomeOf(artifact));
  return { files, registryChecked: registry !== undefined, notes };
}

type LoadedSpec = { ok: true; data: Record<string, unknown> } | { ok: false; problem: InputProblem; source?: string };

function loadSpec(path: string, display: string, maxBytes: number): LoadedSpec {
  const parsed = readDocument(path, { maxBytes, shown: display });
  if (!parsed.ok) return { ok: false, problem: parsed.problem, ...(parsed.text === undefined ? {} : { source: parsed.text }) };
  return { ok: true, data: parsed.data };
}
