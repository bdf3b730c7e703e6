import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from './cli.js';

/** One page of the documentation, by its path from the project's root. */
export interface DocumentationPage {
  path: string;
  text: string;
}

/**
 * The pages a reader is sent to: the README, ARCHITECTURE.md and every page of docs/ (the rule
 * pages under docs/rules/ are generated, and checked by scripts/docs.mjs). The tests that keep the
 * documentation true (examples run, tables render, links resolve) read them all.
 */
export function documentationPages(): DocumentationPage[] {
  const docs = readdirSync(join(projectRoot, 'docs'), { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => `docs/${entry.name}`)
    .sort();
  return ['README.md', 'ARCHITECTURE.md', ...docs].map((path) => ({ path, text: readFileSync(join(projectRoot, path), 'utf8') }));
}

/** The text of one page of the documentation. */
export function documentationPage(path: string): string {
  return readFileSync(join(projectRoot, path), 'utf8');
}
