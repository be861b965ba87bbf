// The vendor catalogue: the ONE table of channel types, read by the relay (adapter registry,
// relay/vendors), the console services (balance, fetch models, known models) and the
// console forms (type picker, key format hint, model suggestions, base URL placeholder, field hints).
// Client-importable: data only. It is the index of the vendors' entry.ts files (relay/vendors/<v>/entry.ts,
// one catalogue row each, listed in relay/vendors/entries.ts): adding a vendor = its folder and one line
// there (README "Adding a vendor").
// Names are vendor brand names; the few generic ones are translated by the UI (channels.type_names.<id>).
// Numbers follow new-api so existing data and scripts keep their meaning.

import * as VENDOR_ENTRIES from "@/relay/vendors/entries";
import type { VendorEntry } from "@/lib/channel-type-shape";

export type {
  BalanceApi,
  FormHints,
  ModelsApi,
  VendorEntry,
  TaskPlatform,
  VendorTransport,
  WireFormat,
} from "@/lib/channel-type-shape";

export type ChannelTypeInfo = VendorEntry & {
  /** The relay serves this type (it has a transport). */
  relayed: boolean;
};

// The form lists the types in their listOrder (new-api's order of the type picker).
const ENTRIES: VendorEntry[] = Object.values(VENDOR_ENTRIES).sort((x, y) => x.listOrder - y.listOrder);

export const CHANNEL_TYPES: ChannelTypeInfo[] = ENTRIES.map((e) => ({ ...e, relayed: !!e.transport }));

const BY_ID = new Map(CHANNEL_TYPES.map((t) => [t.id, t]));

export function channelTypeInfo(type: number): ChannelTypeInfo | undefined {
  return BY_ID.get(type);
}

/** The vendor's path for a client path (/v1/chat/completions, /v1/models): pathMap, else noV1. */
export function vendorPath(v: Pick<VendorEntry, "noV1" | "pathMap"> | undefined, path: string): string {
  for (const [from, to] of v?.pathMap ?? [])
    if (path === from || path.startsWith(`${from}/`)) return to + path.slice(from.length);
  return v?.noV1 ? path.replace(/^\/v1(?=\/|$)/, "") : path;
}

/** Suggested models for a type (empty for unknown types). */
export function defaultModelsFor(type: number): string[] {
  return BY_ID.get(type)?.models ?? [];
}

/** Every model some type suggests, each once, sorted. */
export function allDefaultModels(): string[] {
  return [...new Set(CHANNEL_TYPES.flatMap((t) => t.models))].sort();
}
