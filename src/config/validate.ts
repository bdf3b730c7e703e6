import { ignorePatternProblem } from '../common/glob-match.js';
import { isRecord } from '../common/guards.js';
import { didYouMean } from '../common/suggest.js';
import { show } from '../common/text.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import { applyPolicyOverride, builtInPreset, isPresetName, type PresetName, presetNames } from '../policy/presets.js';
import { type HooksConfig, hooksProblems } from './hooks.js';

/** What a configuration file holds once it is known to be valid. */
export interface ConfigFile {
  preset?: string;
  policy?: Record<string, unknown>;
  rules?: Record<string, RuleSetting>;
  /** Where SARIF and the job summary link each rule's page: the base URL, `<id>.md` appended. */
  ruleDocsBaseUrl?: string;
  /** Glob patterns, relative to the configuration file's folder, of files a folder walk or glob leaves out. */
  ignores?: string[];
  /** The agents' hooks (`compile-investigation hook`, docs/hooks.md). */
  hooks?: HooksConfig;
}

export type ConfigSubcode =
  | 'CONFIG_NOT_FOUND'
  | 'INVALID_CONFIG'
  | 'UNKNOWN_PRESET'
  | 'UNKNOWN_RULE'
  | 'INVALID_SETTING'
  | 'INVALID_POLICY';

/** One thing wrong with a configuration, with the usage subcode it is reported under. */
interface ConfigProblem {
  subcode: ConfigSubcode;
  message: string;
}

/**
 * A configuration that cannot be used: the CLI reports it as a usage error. Its message names every
 * problem at once, so that one run shows all there is to fix; the subcode is the first problem's.
 */
export class ConfigError extends Error {
  constructor(
    readonly subcode: ConfigSubcode,
    message: string,
  ) {
    super(message);
  }
}

const KNOWN_KEYS: readonly string[] = ['$schema', 'preset', 'policy', 'rules', 'ignores', 'ruleDocsBaseUrl', 'hooks'];
const SETTINGS: readonly string[] = ['off', 'warning', 'error'];

/** The configuration typed, or a ConfigError naming (after `where`) every unknown key, wrong type, unknown preset or rule, bad setting and bad policy value. */
export function validateConfig(data: Record<string, unknown>, where: string): ConfigFile {
  const problems = configProblems(data);
  const [first] = problems;
  if (first === undefined) return data as ConfigFile;
  const listed =
    problems.length === 1 ? first.message : `${problems.length} problems: ${problems.map((problem) => problem.message).join('; ')}`;
  throw new ConfigError(first.subcode, `${where}: ${listed}`);
}

function configProblems(data: Record<string, unknown>): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const add = (subcode: ConfigSubcode, message: string): void => void problems.push({ subcode, message });
  for (const key of Object.keys(data)) {
    if (!KNOWN_KEYS.includes(key))
      add(
        'INVALID_CONFIG',
        withHint(`unknown key ${show(key)}; a config holds preset, policy, rules, ignores, ruleDocsBaseUrl and hooks`, key, KNOWN_KEYS),
      );
  }
  const { preset, policy, rules, ignores, ruleDocsBaseUrl, hooks } = data;
  let presetName: PresetName = 'gate';
  if (typeof preset === 'string') {
    if (isPresetName(preset)) presetName = preset;
    else add('UNKNOWN_PRESET', withHint(`unknown preset ${show(preset)}; use ${presetNames.join(' or ')}`, preset, presetNames));
  } else if (preset !== undefined) {
    add('INVALID_CONFIG', 'preset must be a string such as "gate"');
  }
  if (rules !== undefined) {
    if (isRecord(rules)) problems.push(...ruleProblems(rules));
    else add('INVALID_CONFIG', 'rules must map rule ids to "off", "warning" or "error"');
  }
  if (ignores !== undefined) {
    if (!Array.isArray(ignores) || ignores.some((pattern) => typeof pattern !== 'string'))
      add('INVALID_CONFIG', 'ignores must be a list of glob patterns such as ["drafts/**", "**/*.tmp.json"]');
    else
      for (const pattern of ignores as string[]) {
        const problem = ignorePatternProblem(pattern);
        if (problem !== null) add('INVALID_CONFIG', `ignores: the pattern ${show(pattern)} ${problem}`);
      }
  }
  if (hooks !== undefined) for (const message of hooksProblems(hooks)) add('INVALID_CONFIG', message);
  const urlProblem = ruleDocsBaseUrl === undefined ? null : baseUrlProblem(ruleDocsBaseUrl);
  if (urlProblem !== null) add('INVALID_CONFIG', `ruleDocsBaseUrl ${show(ruleDocsBaseUrl)} ${urlProblem}`);
  if (policy !== undefined) {
    if (!isRecord(policy)) {
      add('INVALID_CONFIG', 'policy must be an object of policy values');
    } else {
      const result = applyPolicyOverride(builtInPreset(presetName).policy, policy);
      if (!result.ok) for (const problem of result.problems) add('INVALID_POLICY', `policy: ${problem}`);
    }
  }
  return problems;
}

function ruleProblems(rules: Record<string, unknown>): ConfigProblem[] {
  const known = Object.keys(builtInPreset('gate').rules);
  const problems: ConfigProblem[] = [];
  for (const [ruleId, setting] of Object.entries(rules)) {
    if (!known.includes(ruleId)) {
      problems.push({
        subcode: 'UNKNOWN_RULE',
        message: withHint(`unknown rule ${show(ruleId)}; \`compile-investigation rules\` lists them`, ruleId, known),
      });
    } else if (typeof setting !== 'string' || !SETTINGS.includes(setting)) {
      problems.push({ subcode: 'INVALID_SETTING', message: `rule ${ruleId}: setting ${show(setting)} must be off, warning or error` });
    }
  }
  return problems;
}

/** The message, then "Did you mean …?" when a candidate is close to the value. */
function withHint(message: string, value: string, candidates: readonly string[]): string {
  const hint = didYouMean(value, candidates);
  return hint === '' ? message : `${message}.${hint}`;
}

/** The hosts the rules' pages may be served from over plain http: this machine's own. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** White space, control and format characters (bidi controls, zero-width characters), anywhere. */
const INVISIBLE = /[\s\p{Cc}\p{Cf}]/u;

const BASE_URL_EXAMPLE = 'such as "https://example.com/rules/"';

/**
 * Why a value cannot be the base URL of the rules' pages, to which a rule's `<id>.md` is appended
 * (the text after the value in a message), or null when it can: an absolute https URL ending in
 * "/", or http for this machine alone. The URL becomes SARIF's helpUri and informationUri, which
 * code scanning shows as links, and the link of an editor's diagnostics and hover; a repository's
 * configuration sets it, and a pull request may change it, so a javascript:, data:, vbscript: or
 * file: URL would run or open in the browser of whoever follows the link. White space and control
 * characters are refused outright, not read past as URL parsers do (" javascript:" is javascript:).
 */
export function baseUrlProblem(value: unknown): string | null {
  const notAbsolute = `must be an absolute URL ending in "/", ${BASE_URL_EXAMPLE}`;
  if (typeof value !== 'string') return notAbsolute;
  if (INVISIBLE.test(value))
    return `holds white space or a control character, which browsers drop or act on; give the URL alone, ${BASE_URL_EXAMPLE}`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return notAbsolute;
  }
  if (!value.endsWith('/')) return notAbsolute;
  // With no white space or control character to drop, the value starts with the scheme as parsed.
  const scheme = value.slice(0, url.protocol.length);
  const allowed = url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
  if (!allowed)
    return `has the scheme ${JSON.stringify(scheme)}; the rules' pages are linked over https only (http only for localhost, 127.0.0.1 or [::1]), ${BASE_URL_EXAMPLE}`;
  if (!value.slice(scheme.length).startsWith('//')) return `must start with "${url.protocol}//", ${BASE_URL_EXAMPLE}`;
  return null;
}
