import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentationPages as generatedSectionPages } from '../../scripts/docs.mjs';
import { projectRoot } from './cli.js';

/** One page of the documentation, by its path from the project's root. */
export interface DocumentationPage {
  path: string;
  text: string;
}

/**
 * The pages a reader is sent to: the README, ARCHITECTURE.md and every page of docs/ (the rule
 * pages under docs/rules/ are generated, and checked by scripts/docs.mjs, whose list of pages this
 * is, with ARCHITECTURE.md added). The tests that keep the documentation true (examples run, tables
 * render, links resolve) read them all.
 */
export function documentationPages(): DocumentationPage[] {
  const [readme, ...docs] = generatedSectionPages(projectRoot) as string[];
  return [readme as string, 'ARCHITECTURE.md', ...docs].map((path) => ({ path, text: readFileSync(join(projectRoot, path), 'utf8') }));
}

/** The text of one page of the documentation. */
export function documentationPage(path: string): string {
  return readFileSync(join(projectRoot, path), 'utf8');
}
