import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { projectRoot } from './support/cli.js';
import { documentationPages } from './support/documentation.js';

const parse = (markdown: string): Root => unified().use(remarkParse).use(remarkGfm).parse(markdown) as Root;

/** The plain text of a node, as GitHub reads a heading to make its anchor. */
function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value;
  return 'children' in node ? node.children.map((child) => plainText(child as Nodes)).join('') : '';
}

/**
 * The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces made
 * hyphens, and a repeated anchor numbered from -1.
 */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const visit = (node: Nodes): void => {
    if (node.type === 'heading') {
      const base = plainText(node)
        .toLowerCase()
        .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
        .replace(/ /g, '-');
      let anchor = base;
      for (let repeat = 1; anchors.has(anchor); repeat++) anchor = `${base}-${repeat}`;
      anchors.add(anchor);
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(parse(markdown));
  return anchors;
}

/** Every link target a page writes: links, images and link definitions. */
function targets(markdown: string): string[] {
  const found: string[] = [];
  const visit = (node: Nodes): void => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') found.push(node.url);
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(parse(markdown));
  return found;
}

const anchorsOf = new Map<string, Set<string>>();

/** What is wrong with one relative link of a page, or undefined when it leads somewhere. */
function brokenLink(page: string, url: string): string | undefined {
  const [path = '', anchor] = url.split('#', 2);
  const target = path === '' ? page : normalize(join(dirname(page), decodeURI(path)));
  if (target.startsWith('..')) return `${url} leaves the project`;
  const absolute = join(projectRoot, target);
  if (!existsSync(absolute)) return `${url}: ${target} does not exist`;
  if (anchor === undefined) return undefined;
  if (!statSync(absolute).isFile() || !target.endsWith('.md')) return `${url}: an anchor into ${target}, which is not a page`;
  const anchors = anchorsOf.get(target) ?? headingAnchors(readFileSync(absolute, 'utf8'));
  anchorsOf.set(target, anchors);
  return anchors.has(anchor) ? undefined : `${url}: ${target} has no heading "#${anchor}"`;
}

describe('the documentation links', () => {
  it('makes the anchors GitHub makes', () => {
    expect([...headingAnchors('# A b\n## In the agent’s loop: the MCP server\n## `--stage draft`, `next`\n## A b\n')]).toEqual([
      'a-b',
      'in-the-agents-loop-the-mcp-server',
      '--stage-draft-next',
      'a-b-1',
    ]);
  });

  it('every relative link of every page leads to a file of the project, and every anchor to a heading of it', () => {
    const pages = documentationPages();
    expect(pages.map(({ path }) => path)).toContain('docs/cli.md');
    const broken = pages.flatMap(({ path, text }) =>
      targets(text)
        .filter((url) => !/^[a-z][a-z0-9+.-]*:/i.test(url))
        .flatMap((url) => {
          const problem = brokenLink(path, url);
          return problem === undefined ? [] : [`${path}: ${problem}`];
        }),
    );
    expect(broken).toEqual([]);
  });

  it('the pages the package ships (docs/) link only to files it ships, and to the repository for the rest', () => {
    const manifest = JSON.parse(readFileSync(join(projectRoot, 'package.json'), 'utf8')) as {
      files: string[];
      repository: { url: string };
    };
    const repository = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    const shipped = (target: string): boolean =>
      ['README.md', 'package.json'].includes(target) || manifest.files.some((entry) => target === entry || target.startsWith(`${entry}/`));
    const shippedPages = documentationPages().filter(({ path }) => path.startsWith('docs/'));
    expect(shippedPages.length).toBeGreaterThan(5);
    const wrong = shippedPages.flatMap(({ path, text }) =>
      targets(text).flatMap((url) => {
        const [address = ''] = url.split('#', 1);
        if (address.startsWith(`${repository}/`)) {
          const named = /^\/(?:blob|tree)\/main\/(.+)$/.exec(address.slice(repository.length))?.[1];
          return named !== undefined && existsSync(join(projectRoot, named)) ? [] : [`${path}: ${url} names no path of the project`];
        }
        if (/^[a-z][a-z0-9+.-]*:/i.test(url) || address === '') return [];
        const target = normalize(join(dirname(path), decodeURI(address)));
        return shipped(target)
          ? []
          : [`${path}: ${url} leads to ${target}, which the package does not ship; link to ${repository}/blob/main/${target}`];
      }),
    );
    expect(wrong).toEqual([]);
  });

  it('the README sends a reader to every page of docs/ and to ARCHITECTURE.md', () => {
    const readme = targets(documentationPages()[0]?.text ?? '');
    const docs = documentationPages()
      .map(({ path }) => path)
      .filter((path) => path.startsWith('docs/'));
    for (const path of [...docs, 'ARCHITECTURE.md']) expect(readme).toContain(path);
  });
});
