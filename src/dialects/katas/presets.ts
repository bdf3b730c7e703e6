import type { RuleSetting } from '../../diagnostics/diagnostic.js';
import type { PresetName } from '../../policy/presets.js';

/**
 * The setting of each katas rule in each built-in preset: `gate` holds every rule, `reference`
 * only what the katas validator (Python) checks. `npm run docs` writes them into
 * assets/presets/, after the spec's rules, which are written there by hand.
 */
export const katasPresetRules: Readonly<Record<PresetName, Readonly<Record<string, RuleSetting>>>> = {
  gate: {
    'katas-schema': 'error',
    'katas-header': 'error',
    'katas-budget': 'error',
    'katas-budget-status': 'error',
    'katas-findings-within-files': 'error',
    'katas-mappings-within-queries': 'error',
    'katas-cheap-mapping': 'error',
    'katas-plan': 'error',
    'katas-findings': 'error',
    'katas-finding-source-mapped': 'error',
    'katas-replans': 'error',
    'katas-replan-per-invalidation': 'error',
    'katas-replan-permutation': 'error',
    'katas-scratchpad': 'error',
    'katas-evidence-tags': 'error',
    'katas-evidence-list': 'error',
    'katas-validation': 'error',
    'katas-validation-not-blocked': 'error',
    'katas-risks': 'error',
    'katas-unknown-field': 'warning',
  },
  reference: {
    'katas-schema': 'off',
    'katas-header': 'error',
    'katas-budget': 'error',
    'katas-budget-status': 'off',
    'katas-findings-within-files': 'off',
    'katas-mappings-within-queries': 'off',
    'katas-cheap-mapping': 'error',
    'katas-plan': 'error',
    'katas-findings': 'error',
    'katas-finding-source-mapped': 'off',
    'katas-replans': 'error',
    'katas-replan-per-invalidation': 'off',
    'katas-replan-permutation': 'off',
    'katas-scratchpad': 'error',
    'katas-evidence-tags': 'error',
    'katas-evidence-list': 'error',
    'katas-validation': 'error',
    'katas-validation-not-blocked': 'off',
    'katas-risks': 'error',
    'katas-unknown-field': 'off',
  },
};
