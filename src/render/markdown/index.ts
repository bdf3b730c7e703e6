// The Markdown serializer as the command line loads it: a bundle part of its own (scripts/build.mjs),
// loaded with the Markdown renderer (src/dialects/markdown.ts) when a run first asks for a Markdown
// report. The rest of the tool imports ./stringify.ts, which the core and the statistics bundle hold.
export { stringifyMarkdown } from './stringify.js';
