import "server-only";

// Channel choice: the highest priority tier first, weighted random inside a tier; each retry moves
// one tier down and never picks a channel that already failed while an untried one remains.
import type { CachedChannel } from "@/lib/server/cache/channel-cache";

function weightedPick(candidates: CachedChannel[], random: () => number): CachedChannel {
  const total = candidates.reduce((s, c) => s + Math.max(0, c.weight), 0);
  if (total <= 0) return candidates[Math.floor(random() * candidates.length)]!;
  let r = random() * total;
  for (const c of candidates) {
    r -= Math.max(0, c.weight);
    if (r < 0) return c;
  }
  return candidates[candidates.length - 1]!;
}

/**
 * @param channels enabled channels able to serve (group, model), sorted by priority descending
 * @param retry 0 for the first attempt, 1 for the first retry, ...
 * @param tried ids of channels that already failed for this request
 */
export function selectChannel(
  channels: CachedChannel[],
  retry: number,
  tried: ReadonlySet<number>,
  random: () => number = Math.random,
): CachedChannel | null {
  if (channels.length === 0) return null;
  const tiers: CachedChannel[][] = [];
  for (const c of channels) {
    const last = tiers[tiers.length - 1];
    if (last && last[0]!.priority === c.priority) last.push(c);
    else tiers.push([c]);
  }
  const start = Math.min(retry, tiers.length - 1);
  for (let i = start; i < tiers.length; i++) {
    const untried = tiers[i]!.filter((c) => !tried.has(c.id));
    if (untried.length) return weightedPick(untried, random);
  }
  for (let i = start - 1; i >= 0; i--) {
    const untried = tiers[i]!.filter((c) => !tried.has(c.id));
    if (untried.length) return weightedPick(untried, random);
  }
  return null;
}

/** Picks the key of a multi-key channel (random or round-robin over the enabled keys). */
export function selectKey(
  channel: CachedChannel,
  random: () => number = Math.random,
): { key: string; index: number } | null {
  if (!channel.multiKey) return channel.keys[0] ? { key: channel.keys[0], index: 0 } : null;
  const enabled = channel.keys
    .map((k, i) => ({ key: k, index: i }))
    .filter((k) => !channel.multiKey!.disabled.has(k.index));
  if (!enabled.length) return null;
  if (channel.multiKey.mode === "polling") {
    const pick = enabled[channel.multiKey.pollIndex % enabled.length]!;
    channel.multiKey.pollIndex = (channel.multiKey.pollIndex + 1) % Number.MAX_SAFE_INTEGER;
    return pick;
  }
  return enabled[Math.floor(random() * enabled.length)]!;
}
