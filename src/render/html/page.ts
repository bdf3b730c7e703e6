// The shell of every page: one file with nothing loaded from outside it. Its Content-Security-
// Policy allows nothing (`default-src 'none'`) but its one inline style and, on a page that has
// one, its one script, each by hash; the data is embedded as inert JSON, which a browser does not
// execute. The same tree gives the same bytes: no date, no random id.
import { createHash } from 'node:crypto';
import type { Element, ElementContent, Root } from 'hast';
import { h } from 'hastscript';
import { escapeFor } from '../untrusted/index.js';
import { serializeHtml } from './serialize.js';
import { PAGE_STYLE } from './style.js';

/** A section of a page: its heading (and the navigation's link to it) and what it shows. */
export interface Section {
  id: string;
  title: string;
  content: ElementContent[];
  /**
   * What the page's header says of the section, as a link to it, when the section is what a
   * reader comes for (a spec's deliverable and risks): the header is all a reader sees at first.
   */
  headline?: string;
}

export interface Page {
  title: string;
  /** The page's own heading and what stands under it. */
  header: ElementContent[];
  /** The sections, each with an id and a heading: the navigation links to each. */
  sections: Section[];
  footer: ElementContent[];
  /** The data the page shows, embedded as JSON for a reader's tools. */
  data: unknown;
  /**
   * The page's one script, if it needs one (the filters of a corpus page): allowed by its hash
   * like the style, and only an enhancement, so that the page is whole with scripts off.
   */
  script?: string;
}

/** The hash a Content-Security-Policy allows an inline element's exact text by. */
function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The page's policy: nothing from anywhere, but its own style and its own script, each by hash. */
export function contentSecurityPolicy(script?: string): string {
  return [
    "default-src 'none'",
    `style-src ${cspHash(PAGE_STYLE)}`,
    ...(script === undefined ? [] : [`script-src ${cspHash(script)}`]),
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

export function renderPage(page: Page): string {
  const tree: Root = {
    type: 'root',
    children: [
      { type: 'doctype' },
      h('html', { lang: 'en' }, [
        h('head', [
          h('meta', { charset: 'utf-8' }),
          h('meta', { httpEquiv: 'Content-Security-Policy', content: contentSecurityPolicy(page.script) }),
          h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
          h('title', page.title),
          h('style', PAGE_STYLE),
        ]),
        h('body', [
          h('a', { className: ['skip'], href: '#main' }, 'Skip to the report'),
          h('header', page.header),
          h(
            'nav',
            { ariaLabel: 'Sections' },
            h(
              'ul',
              page.sections.map((section) => h('li', h('a', { href: `#${section.id}` }, section.title))),
            ),
          ),
          h(
            'main',
            { id: 'main' },
            page.sections.map((section) =>
              h('section', { id: section.id, ariaLabelledBy: `${section.id}-title` }, [
                h('h2', { id: `${section.id}-title` }, section.title),
                ...section.content,
              ]),
            ),
          ),
          h('footer', page.footer),
          inertData(page.data),
          ...(page.script === undefined ? [] : [h('script', page.script)]),
        ]),
      ]),
    ],
  };
  return `${serializeHtml(tree)}\n`;
}

/** The data as a JSON block the browser keeps as text: escapeFor.htmlJson makes sure nothing in it can end the element. */
function inertData(data: unknown): Element {
  return h('script', { type: 'application/json', id: 'report-data' }, escapeFor.htmlJson(data));
}
