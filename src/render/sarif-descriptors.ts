import { DIAGNOSTIC_CAP, TOO_MANY_PROBLEMS } from '../diagnostics/cap.js';
import type { RuleSetting } from '../diagnostics/diagnostic.js';
import { INPUT_ERROR_RULE_ID } from '../report/outcome.js';
import { criteria } from '../rules/criteria.js';
import type { CatalogRule } from '../rules/rule.js';

// The reportingDescriptor of each rule and check a SARIF log can cite: what code scanning shows
// beside an alert, with a link to the rule's page (docs/rules/, generated from the same metadata).

export interface Descriptor {
  id: string;
  [key: string]: unknown;
}

export function ruleDescriptor(rule: CatalogRule, setting: RuleSetting | undefined, docsBase: string | undefined): Descriptor {
  const { id, criterion, description, rationale } = rule.meta;
  const criterionName = criteria.find((entry) => entry.id === criterion)?.name ?? criterion;
  const level = setting === 'error' || setting === 'warning' ? setting : 'none';
  const howToFix = "Each result's message says what is wrong at that place and how to fix it.";
  return descriptor({ id, description, rationale, tag: criterion }, docsBase, {
    text: `${rationale} ${howToFix}`,
    markdown: `**${escapeMarkdown(description)}**\n\n${escapeMarkdown(rationale)}\n\nGate criterion: ${escapeMarkdown(criterionName)}. ${howToFix}`,
    configuration: level === 'none' ? { enabled: false, level } : { level },
  });
}

/** A check that is not a rule of the spec catalog: unreadable input, or a brief artifact chain. */
export interface ExtraCheck {
  id: string;
  description: string;
  rationale: string;
  fix: string;
  tag: string;
}

const INPUT_ERROR_CHECK: ExtraCheck = {
  id: INPUT_ERROR_RULE_ID,
  description: 'The input file could be read, decoded and parsed as a JSON or YAML object.',
  rationale: 'A file that cannot be read or parsed yields no spec, so no rule of the gate can judge it.',
  fix: 'Fix the path, the encoding (UTF-8) or the syntax the message names, then run again.',
  tag: 'input',
};

const TOO_MANY_PROBLEMS_CHECK: ExtraCheck = {
  id: TOO_MANY_PROBLEMS,
  description: `A file lists at most ${DIAGNOSTIC_CAP.toLocaleString('en-US')} problems; this result counts the rest.`,
  rationale: 'One file with millions of problems would otherwise make millions of results, and a list too long to act on.',
  fix: 'Fix the problems listed, then run again to see the next ones.',
  tag: 'limits',
};

/** The checks every listing may cite beside the rules: unreadable input, and the count of problems not listed. */
export const BUILT_IN_CHECKS: readonly ExtraCheck[] = [INPUT_ERROR_CHECK, TOO_MANY_PROBLEMS_CHECK];

export function extraDescriptor(check: ExtraCheck, docsBase: string | undefined): Descriptor {
  const { description, rationale, fix } = check;
  return descriptor(check, docsBase, {
    text: `${rationale} ${fix}`,
    markdown: `**${escapeMarkdown(description)}**\n\n${escapeMarkdown(rationale)} ${escapeMarkdown(fix)}`,
    configuration: { level: 'error' },
  });
}

function descriptor(
  { id, description, rationale, tag }: Pick<ExtraCheck, 'id' | 'description' | 'rationale' | 'tag'>,
  docsBase: string | undefined,
  help: { text: string; markdown: string; configuration: object },
): Descriptor {
  return {
    id,
    name: pascalCase(id),
    shortDescription: { text: description },
    fullDescription: { text: `${description} ${rationale}` },
    ...(docsBase === undefined ? {} : { helpUri: `${docsBase}${id}.md` }),
    help: { text: help.text, markdown: help.markdown },
    defaultConfiguration: help.configuration,
    properties: { tags: [tag] },
  };
}

function pascalCase(id: string): string {
  return id
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '')
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]<>|#]/g, (character) => `\\${character}`);
}
