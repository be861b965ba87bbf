// The upstream price sync's wire shapes (new-api's /api/ratio_sync/* and /api/ratio_config), shared by
// the routes and the settings screen. new-api: controller/ratio_sync.go, dto/ratio_sync.go.
import { z } from "zod";

/** The four price maps an instance exposes and the sync compares, in new-api's order. */
export const RATIO_TYPES = ["model_ratio", "completion_ratio", "cache_ratio", "model_price"] as const;
export type RatioType = (typeof RATIO_TYPES)[number];

/** The option holding each map here. */
export const RATIO_OPTION: Record<RatioType, "ModelRatio" | "CompletionRatio" | "CacheRatio" | "ModelPrice"> = {
  model_ratio: "ModelRatio",
  completion_ratio: "CompletionRatio",
  cache_ratio: "CacheRatio",
  model_price: "ModelPrice",
};

export type RatioMaps = Record<RatioType, Record<string, number>>;

/** The id new-api gives the official preset in the channel list (not a channel). */
export const OFFICIAL_PRESET_ID = -100;
export const OFFICIAL_PRESET = {
  name: "官方倍率预设",
  base_url: "https://basellm.github.io",
  endpoint: "https://basellm.github.io/llm-metadata/api/newapi/ratio_config-v1-base.json",
};

export type SyncableChannel = { id: number; name: string; base_url: string; status: number };

const MAX_SOURCES = 50;
const httpUrl = z
  .string()
  .trim()
  .max(2048, "invalid_field")
  .regex(/^https?:\/\//i, "ratio_sync_bad_url");

export const upstreamSource = z.object({
  id: z.number().int().optional(),
  name: z.string().trim().min(1, "invalid_field").max(100, "invalid_field"),
  base_url: httpUrl,
  endpoint: z.string().trim().max(2048, "invalid_field").optional().default(""),
});
export type UpstreamSource = z.input<typeof upstreamSource>;

/** POST /api/ratio_sync/fetch: channels by id, or sources given whole; timeout in seconds (0 = 10). */
export const ratioSyncFetchBody = z.object({
  channel_ids: z
    .array(
      z
        .number()
        .int()
        .min(-1_000)
        .max(2 ** 31 - 1),
    )
    .max(MAX_SOURCES, "ratio_sync_too_many")
    .optional(),
  upstreams: z.array(upstreamSource).max(MAX_SOURCES, "ratio_sync_too_many").optional(),
  timeout: z.number().int().min(0).max(30, "ratio_sync_bad_timeout").optional(),
});
export type RatioSyncFetchBody = z.input<typeof ratioSyncFetchBody>;

/** One value of an upstream in a difference: its number, "same" as ours, or null (it has none). */
export type UpstreamValue = number | "same" | null;
export type DifferenceItem = {
  current: number | null;
  upstreams: Record<string, UpstreamValue>;
  /** false where the upstream's value looks like a placeholder (ratio 37.5 with completion 1). */
  confidence: Record<string, boolean>;
};
export type RatioDifferences = Record<string, Partial<Record<RatioType, DifferenceItem>>>;
export type SourceResult = { name: string; status: "success" | "error"; error?: string };
export type RatioSyncResult = { differences: RatioDifferences; test_results: SourceResult[] };
