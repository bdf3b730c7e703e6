import { oneOf, plural, show } from '../../common/text.js';
import { childPointer, pointer } from '../../diagnostics/pointer.js';
import type { Policy } from '../../policy/types.js';
import type { SectionItem, SectionName } from '../../spec/types.js';
import type { RuleContext } from '../rule.js';
import type { Item } from '../spec-view.js';

/** "at least N entries": reported on the section itself. */
export function checkMinimum(context: RuleContext, section: SectionName, minimum: number, noun: string, nouns = `${noun}s`): void {
  const raw = context.view.rawSection(section);
  if (raw === undefined || raw.length >= minimum) return;
  context.report(
    pointer(section),
    `${section} has ${plural(raw.length, noun, nouns)}; the method needs at least ${minimum}. Add ${minimum === 1 ? 'one' : 'more'}.`,
  );
}

/** Every id after its first occurrence is a duplicate, reported where it repeats. */
export function checkUniqueIds<K extends SectionName>(
  context: RuleContext,
  section: K,
  items: ReadonlyArray<Item<SectionItem[K] & { id: string }>>,
): void {
  const firstIndex = new Map<string, number>();
  for (const { value, index, path } of items) {
    const first = firstIndex.get(value.id);
    if (first === undefined) {
      firstIndex.set(value.id, index);
      continue;
    }
    context.report(
      childPointer(path, 'id'),
      `duplicate id ${show(value.id)}: ${section}/${first} already uses it. Give every entry of ${section} its own id.`,
    );
  }
}

/**
 * A value from a policy list, reported with the list and the closest value when it is not one.
 * `policyKey` names the list, for values a team may allow in its own policy (tools).
 */
export function checkAllowed(
  context: RuleContext,
  path: string,
  what: string,
  value: string,
  allowed: readonly string[],
  policyKey?: keyof Policy,
): void {
  if (allowed.includes(value)) return;
  const howToAllow = policyKey === undefined ? '' : ` ${howToAllowText(policyKey)}`;
  context.report(path, () => `${what} ${show(value)} is not allowed; use ${oneOf(allowed)}.${howToAllow}`, { value, allowed });
}

/** Where a value outside the preset's policy can be allowed. */
function howToAllowText(policyKey: keyof Policy): string {
  return `To allow it, add it to policy.${policyKey} in investigation.config.json or a --policy file.`;
}
