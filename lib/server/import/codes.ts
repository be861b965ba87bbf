import "server-only";

// Codes whose meaning differs between new-api/one-api and us, mapped and never copied as numbers
// (docs/import.md "Code mappings").
import { channelTypeInfo } from "@/lib/channel-types";
import { LOG_TYPE } from "@/lib/constants";
import type { Product } from "@/lib/server/import/detect-schema";

const NEW_API_LOG_TYPES: Readonly<Record<number, number>> = {
  0: LOG_TYPE.system,
  1: LOG_TYPE.topup,
  2: LOG_TYPE.consume,
  3: LOG_TYPE.manage,
  4: LOG_TYPE.system,
  5: LOG_TYPE.error,
  6: LOG_TYPE.refund,
  7: LOG_TYPE.manage,
};
// one-api: 5 is a channel test.
const ONE_API_LOG_TYPES: Readonly<Record<number, number>> = {
  0: LOG_TYPE.system,
  1: LOG_TYPE.topup,
  2: LOG_TYPE.consume,
  3: LOG_TYPE.manage,
  4: LOG_TYPE.system,
  5: LOG_TYPE.system,
};

/** Our log type for a source log type, or null (the row is skipped with the reason). */
export function mapLogType(product: Product, type: number): number | null {
  return (product === "new-api" ? NEW_API_LOG_TYPES : ONE_API_LOG_TYPES)[type] ?? null;
}

// one-api's numbers (relay/channeltype/define.go) that are not new-api's: the same vendor here.
const ONE_API_CHANNEL_TYPES: Readonly<Record<number, number>> = {
  1: 1,
  3: 3,
  8: 8,
  14: 14,
  15: 15,
  16: 16,
  17: 17,
  18: 18,
  19: 19,
  20: 20,
  21: 21,
  22: 22,
  23: 23,
  24: 24,
  25: 25,
  27: 35,
  28: 42,
  30: 4,
  31: 31,
  33: 33,
  34: 49,
  35: 34,
  36: 43,
  37: 39,
  40: 45,
};

export type ChannelTypeMapping = { type: number; relayed: boolean; reason: string };

/** Our channel type for a source type; `relayed` false means the channel is imported disabled. */
export function mapChannelType(product: Product, sourceType: number): ChannelTypeMapping {
  const type = product === "new-api" ? sourceType : (ONE_API_CHANNEL_TYPES[sourceType] ?? 0);
  const info = type ? channelTypeInfo(type) : undefined;
  if (info?.relayed) return { type, relayed: true, reason: "" };
  return {
    type,
    relayed: false,
    reason: `imported from ${product}: channel type ${sourceType} is not relayed by this gateway`,
  };
}
