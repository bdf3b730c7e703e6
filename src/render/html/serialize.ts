// A page's hast tree as HTML text, appended to one string.
//
// Why not hast-util-to-html, which the tree's shape comes from: it returns each element's text as
// an array of its children's texts joined, so every byte of a page is copied once per element it
// is nested in, and the page of a spec of 1,000 deep dives is nine levels deep. Appending to one
// string lets V8 build it as a rope, flattened once when it is written out: about a seventh of
// the library's time on that page (docs/performance.md). This writer makes the same bytes as
// hast-util-to-html with its default options, for the trees the pages build (elements, text, a
// doctype); test/html-serialize.test.ts holds it to that, page by page, with the library as the
// oracle. Attribute names and kinds come from property-information, as they do there.
import type { Element, Properties, Root, RootContent } from 'hast';
import { htmlVoidElements } from 'html-void-elements';
import { find, html, type Info, type Schema, svg } from 'property-information';

const VOIDS = new Set(htmlVoidElements);
/** HTML elements whose text is written as it is: the page's style, and its script and inert data. */
const RAW_TEXT = new Set(['iframe', 'noembed', 'noframes', 'plaintext', 'script', 'style', 'xmp']);
/** SVG elements whose content is HTML again. */
const HTML_IN_SVG = new Set(['desc', 'foreignObject', 'title']);

/** In text, what would start markup or a character reference. */
const TEXT_SPECIALS = /[<&]/g;
/** In a double-quoted attribute value, what would end it, start a reference, or trip an old parser. */
const VALUE_SPECIALS = /[\0"&'`]/g;
/** In an attribute name, what would end it or start its value. */
const NAME_SPECIALS = /[\0\t\n\f\r "&'/<=>`]/g;

/** What property-information says of each property name, by schema: a page asks for the same few thousands of times. */
const INFO = new Map<Schema, Map<string, Info>>([
  [html, new Map()],
  [svg, new Map()],
]);

function infoOf(schema: Schema, key: string): Info {
  const known = INFO.get(schema) as Map<string, Info>;
  let info = known.get(key);
  if (info === undefined) {
    info = find(schema, key);
    known.set(key, info);
  }
  return info;
}

/** A character as a hexadecimal character reference, as hast-util-to-html writes it. */
function reference(character: string): string {
  return `&#x${(character.codePointAt(0) as number).toString(16).toUpperCase()};`;
}

export function serializeHtml(tree: Root): string {
  let out = '';

  const write = (node: RootContent, schema: Schema, raw: boolean): void => {
    if (node.type === 'text') out += raw ? node.value : node.value.replace(TEXT_SPECIALS, reference);
    else if (node.type === 'element') writeElement(node, schema);
    else if (node.type === 'doctype') out += '<!doctype html>';
    else throw new TypeError(`a page has no ${node.type} node`);
  };

  const writeElement = (node: Element, parentSchema: Schema): void => {
    const schema = parentSchema.space === 'html' && node.tagName === 'svg' ? svg : parentSchema;
    out += `<${node.tagName}${attributes(node.properties, schema)}>`;
    const inner = schema.space === 'svg' && HTML_IN_SVG.has(node.tagName) ? html : schema;
    const raw = inner.space === 'html' && RAW_TEXT.has(node.tagName);
    const before = out.length;
    for (const child of node.children) write(child, inner, raw);
    // An HTML void element has no end tag, unless something was written inside it.
    if (schema.space === 'html' && VOIDS.has(node.tagName.toLowerCase()) && out.length === before) return;
    out += `</${node.tagName}>`;
  };

  for (const child of tree.children) write(child, html, false);
  return out;
}

/** The attributes of an element, each after a space, in the order of its properties. */
function attributes(properties: Properties, schema: Schema): string {
  let text = '';
  for (const key in properties) {
    const info = infoOf(schema, key);
    let value: unknown = properties[key];
    if (info.overloadedBoolean && (value === info.attribute || value === '')) value = true;
    else if ((info.boolean || info.overloadedBoolean) && (typeof value !== 'string' || value === info.attribute || value === ''))
      value = Boolean(value);
    if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value))) continue;
    const name = info.attribute.replace(NAME_SPECIALS, reference);
    if (value === true) {
      text += ` ${name}`;
      continue;
    }
    const joined = Array.isArray(value) ? value.join(info.commaSeparated ? ', ' : ' ').trim() : String(value);
    text += ` ${name}="${joined.replace(VALUE_SPECIALS, reference)}"`;
  }
  return text;
}
