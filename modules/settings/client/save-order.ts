// The order in which changed options are PUT (one call per key): cleared values first, then other
// values, switches last — so a switch is only turned on once what it needs is stored, and
// fallback pricing can move between "single price" and "ratios" without a mixed state.
import { isBooleanOptionKey } from "@/modules/settings/rules/option-rules";

export function changedKeys(loaded: Record<string, string>, draft: Record<string, string>): string[] {
  return Object.keys(draft).filter((k) => draft[k] !== (loaded[k] ?? ""));
}

export function saveOrder(keys: readonly string[], draft: Record<string, string>): string[] {
  const rank = (k: string) => (isBooleanOptionKey(k) ? 2 : draft[k]?.trim() === "" ? 0 : 1);
  return [...keys].sort((a, b) => rank(a) - rank(b));
}
