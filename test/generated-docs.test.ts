import { describe, expect, it } from 'vitest';
import { documentationPages } from './support/documentation.js';

const SECTION = /<!-- generated:([a-z-]+) -->\n([\s\S]*?)<!-- \/generated:\1 -->/g;

/** The first cell of each row of the tables in `text`, when it is code (a rule id, a program, an exit code), by table. */
function tablesByFirstCells(text: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | undefined;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      current = undefined;
      continue;
    }
    if (current === undefined) tables.push((current = []));
    const key = /^\| \[?`([^`]+)`/.exec(line)?.[1];
    if (key !== undefined) current.push(key);
  }
  return tables.filter((keys) => keys.length > 0);
}

/**
 * A table scripts/docs.mjs generates has one home, a page of docs/ (the README links to it), and
 * no page keeps a copy of it by hand, which would drift from the metadata it is generated from.
 */
describe('the generated documentation', () => {
  const pages = documentationPages();
  const sections = pages.flatMap(({ path, text }) =>
    [...text.matchAll(SECTION)].map(([, name, body]) => ({ path, name, body: body as string })),
  );

  it('places each generated section on one page of docs/, none in the README', () => {
    expect(sections.length).toBeGreaterThan(5);
    const homes = new Map<string, string[]>();
    for (const { path, name } of sections) homes.set(name as string, [...(homes.get(name as string) ?? []), path]);
    const elsewhere = [...homes].filter(([, paths]) => paths.length !== 1 || !paths[0]?.startsWith('docs/'));
    expect(elsewhere).toEqual([]);
  });

  it('has no table written by hand that lists what a generated table lists', () => {
    const generated = sections.flatMap(({ name, body }) => tablesByFirstCells(body).map((keys) => ({ name, keys: new Set(keys) })));
    const copies: string[] = [];
    for (const { path, text } of pages)
      for (const keys of tablesByFirstCells(text.replace(SECTION, '')))
        for (const { name, keys: theirs } of generated) {
          const shared = keys.filter((key) => theirs.has(key));
          if (shared.length >= 3 && shared.length * 2 >= keys.length)
            copies.push(`${path}: a table of ${shared.join(', ')} (generated: ${name})`);
        }
    expect(copies).toEqual([]);
  });
});
