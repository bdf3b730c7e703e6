import { builtInPreset, presetNames } from '../policy/presets.js';
import { rules } from '../rules/catalog.js';
import { exitCodeMeanings } from './exit-codes.js';

/** The rule catalog for --help, generated from each rule's metadata and the presets. */
export function ruleCatalogText(): string {
  const presets = presetNames.map((name) => builtInPreset(name));
  const width = Math.max(...rules.map((rule) => rule.meta.id.length));
  const lines = ['Rules (severity per preset: ' + presetNames.join(' / ') + '):'];
  for (const rule of rules) {
    const severities = presets.map((preset) => preset.rules[rule.meta.id] ?? 'off').join(' / ');
    lines.push(`  ${rule.meta.id.padEnd(width)}  ${severities.padEnd(19)}  ${rule.meta.description}`);
  }
  lines.push('', 'Exit codes:');
  for (const { code, meaning } of exitCodeMeanings) lines.push(`  ${code}  ${meaning}`);
  return lines.join('\n');
}
