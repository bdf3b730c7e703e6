// The built-in presets as assets/presets/ holds them: the spec's rule settings, written there by
// hand, then each dialect's own (`presetRules`), in the registry's order. `npm run docs` writes
// them and `node scripts/docs.mjs check` fails when they are stale, so that a dialect's settings
// live in its folder and the presets the package ships still give a setting for every rule.

/** The text of a preset file, from its current text and the dialects (the library's `dialects`). */
export function presetText(current, name, dialects) {
  const preset = JSON.parse(current);
  const given = dialects.flatMap((dialect) => Object.keys(dialect.presetRules?.[name] ?? {}));
  const handWritten = Object.entries(preset.rules).filter(([id]) => !given.includes(id));
  const rules = Object.fromEntries([...handWritten, ...dialects.flatMap((dialect) => Object.entries(dialect.presetRules?.[name] ?? {}))]);
  return `${JSON.stringify({ ...preset, rules }, null, 2)}\n`;
}
