// POST /api/channel/multi_key/manage: new-api's request (controller/channel.go MultiKeyManageRequest).
// Shared by the route and the channel drawer's key panel.
import { z } from "zod";

export const MULTI_KEY_ACTIONS = [
  "get_key_status",
  "disable_key",
  "enable_key",
  "enable_all_keys",
  "disable_all_keys",
  "delete_key",
  "delete_disabled_keys",
] as const;
export type MultiKeyAction = (typeof MULTI_KEY_ACTIONS)[number];

/** Actions that remove keys: root only, as new-api's ChannelSensitiveWrite (an admin may not). */
export const ROOT_ONLY_MULTI_KEY_ACTIONS: ReadonlySet<MultiKeyAction> = new Set(["delete_key", "delete_disabled_keys"]);

/** Key status of a multi-key channel: 1 enabled, 2 disabled by hand, 3 disabled by the relay. */
export const KEY_STATUS = { enabled: 1, manuallyDisabled: 2, autoDisabled: 3 } as const;

/** Largest key-list page: new-api has no cap; a bound keeps one answer small. */
export const KEY_PAGE_SIZE_MAX = 500;

export const manageMultiKeysSchema = z.object({
  channel_id: z.number({ error: "channel_id_required" }).int().positive().max(2_147_483_647),
  action: z.enum(MULTI_KEY_ACTIONS, { error: "multi_key_action_unsupported" }),
  key_index: z.number().int().min(0).max(1_000_000).nullish(),
  // new-api reads 0 or less as "the first page" / "the default size".
  page: z.number().int().min(0).max(1_000_000_000).optional(),
  page_size: z.number().int().min(0).max(KEY_PAGE_SIZE_MAX).optional(),
  status: z
    .union([z.literal(KEY_STATUS.enabled), z.literal(KEY_STATUS.manuallyDisabled), z.literal(KEY_STATUS.autoDisabled)])
    .nullish(),
});
export type ManageMultiKeysInput = z.infer<typeof manageMultiKeysSchema>;

/** One key in the get_key_status answer (new-api's KeyStatus: zero time and empty reason omitted). */
export type KeyStatusItem = {
  index: number;
  status: number;
  disabled_time?: number;
  reason?: string;
  key_preview: string;
};

export type KeyStatusPage = {
  keys: KeyStatusItem[];
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  enabled_count: number;
  manual_disabled_count: number;
  auto_disabled_count: number;
};
