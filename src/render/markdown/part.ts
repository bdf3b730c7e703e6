// The Markdown serializer as the command line loads it: a bundle part of its own (scripts/build.mjs),
// loaded with the Markdown renderer (`index.ts`) when a run first asks for a Markdown report.
// It holds no dialect: the report's tree is drawn by its dialect, which the core holds already.
export { stringifyMarkdown } from './stringify.js';
