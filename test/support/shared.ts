import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** ../shared/reference/adaptive-investigation-method beside the project, present in CI. */
export const referenceDir = fileURLToPath(new URL('../../../shared/reference/adaptive-investigation-method/', import.meta.url));

export const hasReference = existsSync(referenceDir);

/** Says, where a reader of the test log will see it, that shared material was not there. */
export function announceMissing(what: string, path: string): void {
  console.warn(`SKIPPED: ${what} needs ${path}, which is absent in this clone; these tests did not run.`);
}

/** ../shared/reference/katas-adaptive-investigation beside the project: the katas validator, its fixtures and contract. */
export const katasReferenceDir = fileURLToPath(new URL('../../../shared/reference/katas-adaptive-investigation/', import.meta.url));

export const hasKatasReference = existsSync(katasReferenceDir);

/** ../shared/traces beside the project: real Claude Code transcripts and the schemas of their lines. */
export const tracesDir = fileURLToPath(new URL('../../../shared/traces/', import.meta.url));

export const hasTraces = existsSync(tracesDir);
