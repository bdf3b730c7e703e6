import { join, relative, resolve } from 'node:path';
import { forwardSlashes } from '../common/display-path.js';
import type { FileOutcome } from '../report/outcome.js';
import { checkChains } from './chains.js';
import { checkBriefs } from './contents.js';
import { listArtifacts, openArtifactFolder } from './listing.js';
import { loadArtifact } from './load.js';
import { inputErrorOutcome, outcomeOf } from './outcome.js';
import { readEvidenceRegistry } from './registry.js';

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
  /** Links out of the folder, not followed, one sentence each: the command line's warnings. */
  warnings: string[];
}

/**
 * Checks a folder of brief artifacts (see BRIEF_CHAIN_RULE_ID for the format). Never throws on odd
 * input: an unreadable, non-JSON or non-object artifact is an input error (exit 3) of its own
 * file, and the others are still checked.
 */
export function checkBriefArtifacts(dir: string, options: BriefArtifactOptions): BriefArtifactResult {
  const files: FileOutcome[] = [];
  const notes: string[] = [];
  const warnings: string[] = [];
  const display = (path: string): string => {
    const shown = relative(options.cwd, path);
    return forwardSlashes(shown);
  };

  const specFile = options.specPath === undefined ? undefined : resolve(options.cwd, options.specPath);
  const spec = specFile === undefined ? undefined : { file: specFile, shown: display(specFile) };
  const lookup = readEvidenceRegistry(spec, options.maxBytes);
  notes.push(...lookup.notes);
  if (!lookup.ok && spec !== undefined) files.push(inputErrorOutcome(spec.shown, lookup.problem, lookup.source));
  const registry = lookup.ok ? lookup.registry : undefined;

  const path = resolve(options.cwd, dir);
  const shown = display(path) || '.';
  const opened = openArtifactFolder(path, shown);
  if (!opened.ok) {
    files.push(inputErrorOutcome(shown, opened.problem));
    return { files, registryChecked: registry !== undefined, notes, warnings };
  }
  const { folder } = opened;
  try {
    const listed = listArtifacts(folder, shown);
    if (!listed.ok) {
      files.push(inputErrorOutcome(shown, listed.problem));
      return { files, registryChecked: registry !== undefined, notes, warnings };
    }
    for (const name of listed.linksOut)
      warnings.push(`${JSON.stringify(display(join(path, name)))} is a symbolic link out of ${JSON.stringify(shown)}; not followed`);
    if (listed.artifacts.length === 0) notes.push(`no brief artifacts (<hypothesisId>-NNNN.json) in ${shown}`);

    const artifacts = listed.artifacts.map((named) =>
      loadArtifact(folder, shown, named, display(join(path, named.name)), options.maxBytes),
    );
    checkChains(artifacts);
    checkBriefs(artifacts, registry);
    for (const artifact of artifacts) files.push(outcomeOf(artifact));
    return { files, registryChecked: registry !== undefined, notes, warnings };
  } finally {
    folder.close();
  }
}
