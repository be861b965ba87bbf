// The channel status routes of new-api (controller/channel.go UpdateChannelStatus,
// BatchUpdateChannelStatus, GetTagModels): only a manual status can be set, 1 enabled or 2 disabled.
import { z } from "zod";
import { CHANNEL_STATUS } from "@/lib/constants";

const manualStatus = z.union([z.literal(CHANNEL_STATUS.enabled), z.literal(CHANNEL_STATUS.manuallyDisabled)], {
  error: "channel_status_invalid",
});

/** POST /api/channel/{id}/status {status}. */
export const channelStatusSchema = z.object({ status: manualStatus });

/** POST /api/channel/status/batch {ids, status}. */
export const channelStatusBatchSchema = z.object({
  ids: z
    .array(z.number().int().positive().max(2_147_483_647), { error: "channel_status_ids_required" })
    .min(1, "channel_status_ids_required")
    .max(10_000),
  status: manualStatus,
});

/** GET /api/channel/tag/models?tag= */
export const tagModelsQuerySchema = z.object({
  tag: z.string({ error: "channel_tag_required" }).trim().min(1, "channel_tag_required").max(200),
});
