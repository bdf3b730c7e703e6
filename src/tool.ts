import { fileURLToPath } from 'node:url';
import packageJson from '../package.json' with { type: 'json' };

/** The installed package's folder: this module sits one folder down, in src/ or in a bundle of dist/. */
const packageRoot = new URL('..', import.meta.url);

/** Files the package ships, which links and `$schema` written by the tool point at, so that they exist wherever it is installed. */
export const packageFiles = {
  /** The JSON Schema of a spec, as a path. */
  investigationSchema: fileURLToPath(new URL('assets/investigation.schema.json', packageRoot)),
  /** The rules' pages, generated into docs/rules/ from their metadata (scripts/docs.mjs), as a file URL. */
  ruleDocs: new URL('docs/rules/', packageRoot).href,
} as const;

export const toolInfo = {
  name: packageJson.name,
  version: packageJson.version,
  /** Where SARIF viewers send people for the tool: the rules' pages unless ruleDocsBaseUrl says otherwise. */
  informationUri: packageFiles.ruleDocs,
  /** The page of a rule (or of a check beside the rules) is `<ruleDocsBase><id>.md`. */
  ruleDocsBase: packageFiles.ruleDocs,
} as const;

/** The tool's SARIF links with a base URL of the rules' pages (ruleDocsBaseUrl, --rule-docs-base-url) in place of the shipped pages. */
export function toolInfoWith(ruleDocsBaseUrl: string | undefined): {
  name: string;
  version: string;
  informationUri: string;
  ruleDocsBase: string;
} {
  return ruleDocsBaseUrl === undefined ? toolInfo : { ...toolInfo, informationUri: ruleDocsBaseUrl, ruleDocsBase: ruleDocsBaseUrl };
}
