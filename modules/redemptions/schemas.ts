// Redemption-code payloads, shared by /api/redemption routes and the
// redemption drawer. Issue messages are server message keys.
import { z } from "zod";
import { pageQuerySchema } from "@/lib/schemas/pagination";

export const REDEMPTION_NAME_MAX = 20;
export const REDEMPTION_BATCH_MAX = 100;
export const REDEMPTION_DEFAULT_QUOTA = 100_000;
export const REDEMPTION_QUOTA_MAX = 1_000_000_000_000_000;
export { REDEMPTION_STATUS } from "@/lib/constants";
/** Custom keys: letters, digits, - and _, long enough not to be guessed in a few tries. */
export const REDEMPTION_KEY_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

const unixSeconds = z
  .number({ error: "redemption_time_invalid" })
  .int("redemption_time_invalid")
  .min(0, "redemption_time_invalid")
  .max(253_402_300_799, "redemption_time_invalid");

// Field rules without defaults: an update must not reset what the caller did not send.
const redemptionShape = {
  name: z.string().trim().max(REDEMPTION_NAME_MAX, "redemption_name_length"),
  quota: z
    .number({ error: "redemption_quota_invalid" })
    .int("redemption_quota_invalid")
    .min(1, "redemption_quota_invalid")
    .max(REDEMPTION_QUOTA_MAX, "redemption_quota_invalid"),
  is_gift: z.boolean(),
  max_uses: z
    .number({ error: "redemption_max_uses_invalid" })
    .int("redemption_max_uses_invalid")
    .refine((v) => v === -1 || (v >= 1 && v <= 1_000_000_000), "redemption_max_uses_invalid"),
  valid_from: unixSeconds,
  valid_until: unixSeconds,
};

/** valid_from must be earlier than valid_until when both are set (生效时间必须早于过期时间). */
export function validWindowOk(v: { valid_from?: number; valid_until?: number }): boolean {
  return !(v.valid_from && v.valid_until && v.valid_from >= v.valid_until);
}

export const REDEMPTION_DEFAULTS = {
  name: "",
  quota: REDEMPTION_DEFAULT_QUOTA,
  count: 1,
  is_gift: false,
  max_uses: 1,
  valid_from: 0,
  valid_until: 0,
  key: "",
};

/**
 * new-api names the end of validity expired_time (unix seconds, 0 = never): the same field as
 * valid_until, which wins when both are sent.
 */
function withExpiredTimeAlias<T extends { valid_until?: number; expired_time?: number }>(v: T) {
  const { expired_time, ...rest } = v;
  return rest.valid_until === undefined && expired_time !== undefined ? { ...rest, valid_until: expired_time } : rest;
}

export const createRedemptionSchema = z
  .object({
    ...redemptionShape,
    expired_time: unixSeconds,
    count: z
      .number({ error: "redemption_count_range" })
      .int("redemption_count_range")
      .min(1, "redemption_count_range")
      .max(REDEMPTION_BATCH_MAX, "redemption_count_range"),
    key: z
      .string()
      .trim()
      .refine((k) => k === "" || REDEMPTION_KEY_PATTERN.test(k), "redemption_key_invalid"),
  })
  .partial()
  .transform((v) => ({
    ...REDEMPTION_DEFAULTS,
    ...Object.fromEntries(Object.entries(withExpiredTimeAlias(v)).filter(([, x]) => x !== undefined && x !== null)),
  }))
  .refine(validWindowOk, { message: "redemption_valid_range", path: ["valid_until"] })
  .refine((v) => !v.key || v.count === 1, { message: "redemption_key_single", path: ["key"] });
export type CreateRedemptionInput = z.output<typeof createRedemptionSchema>;

export const updateRedemptionSchema = z
  .object(redemptionShape)
  .partial()
  .extend({
    id: z.number({ error: "redemption_not_found" }).int().positive("redemption_not_found"),
    status: z.union([z.literal(1), z.literal(2)], { error: "redemption_status_invalid" }).optional(),
    expired_time: unixSeconds.optional(),
  })
  .transform(withExpiredTimeAlias);
export type UpdateRedemptionInput = z.output<typeof updateRedemptionSchema>;

export const redemptionSearchQuerySchema = pageQuerySchema.extend({
  keyword: z.string().max(100).default(""),
});

export const redemptionNameQuerySchema = z.object({
  name: z.string({ error: "redemption_name_required" }).trim().min(1, "redemption_name_required").max(100),
});

export const batchDisableSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: "redemption_select_required" })
    .min(1, "redemption_select_required")
    .max(1000),
});

/** POST /api/user/topup {key}: 请输入兑换码！ when empty. */
export const redeemSchema = z.object({
  key: z.string({ error: "redemption_key_required" }).trim().min(1, "redemption_key_required").max(200),
});
