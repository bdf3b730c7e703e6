import { fileURLToPath } from 'node:url';
import packageJson from '../package.json' with { type: 'json' };

/** The installed package's folder: this module sits one folder down, in src/ or in a bundle of dist/. */
const packageRoot = new URL('..', import.meta.url);

/** Files the package ships, which what the tool writes may point at, so that they exist wherever it is installed. */
export const packageFiles = {
  /** The JSON Schema of a spec, as a path: init's `$schema`, made relative to the spec. */
  investigationSchema: fileURLToPath(new URL('assets/investigation.schema.json', packageRoot)),
  /** The command line's launcher: what an agent's hook runs (hook install). */
  launcher: fileURLToPath(new URL('bin/compile-investigation.cjs', packageRoot)),
  /** The folder of the rules' pages (docs/rules/ID.md): what an editor links a diagnostic to when no base URL is configured. */
  rulePages: new URL('docs/rules/', packageRoot).href,
} as const;

/**
 * The tool as SARIF names it. Its rule pages (docs/rules/, shipped in the package) are linked only
 * from a base URL the user gives (toolInfoWith): SARIF wants absolute URIs, and a file:// URL of
 * the installed package would put a machine's path in every log.
 */
export const toolInfo: { name: string; version: string; informationUri?: string; ruleDocsBase?: string } = {
  name: packageJson.name,
  version: packageJson.version,
};

/** The tool's SARIF links from a base URL of the rules' pages (--rule-docs-base-url, ruleDocsBaseUrl, the Action's input). */
export function toolInfoWith(ruleDocsBaseUrl: string | undefined): typeof toolInfo {
  return ruleDocsBaseUrl === undefined ? toolInfo : { ...toolInfo, informationUri: ruleDocsBaseUrl, ruleDocsBase: ruleDocsBaseUrl };
}
