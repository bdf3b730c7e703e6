import packageJson from '../package.json' with { type: 'json' };

/** The project's public home, from package.json: where SARIF viewers and `--help` send people. */
const home = packageJson.homepage.replace(/#.*$/, '');

export const toolInfo = {
  name: packageJson.name,
  version: packageJson.version,
  informationUri: home,
  /** The page of a rule (or of a check beside the rules), generated into docs/rules/ from its metadata. */
  ruleDocsBase: `${home}/blob/main/docs/rules/`,
} as const;
