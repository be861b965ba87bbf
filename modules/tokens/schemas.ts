// Token payloads, shared by /api/token routes and the token drawer.
import { z } from "zod";
import { PAGE_SIZE_DEFAULT, pageSizeSchema } from "@/lib/schemas/pagination";

export const TOKEN_NAME_MAX = 50;
export const TOKEN_QUOTA_MAX = 1_000_000_000 * 500_000;

/** A whole number in a range, one message for every way it can be wrong (the form sends NaN for text). */
const wholeNumber = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);
const rateLimit = (min: number, max: number) => wholeNumber(min, max, "token_rate_limit_integer");

// Field rules without defaults: an update must not reset fields the caller did not send.
const tokenShape = {
  name: z.string().trim().max(TOKEN_NAME_MAX, "token_name_too_long"),
  remain_quota: z
    .number({ error: "token_quota_integer" })
    .int("token_quota_integer")
    .min(0, "token_quota_range")
    .max(TOKEN_QUOTA_MAX, "token_quota_range"),
  expired_time: z
    .number({ error: "token_expiry_invalid" })
    .int("token_expiry_invalid")
    .refine((v) => v === -1 || v > 0, "token_expiry_invalid"),
  unlimited_quota: z.boolean(),
  model_limits_enabled: z.boolean(),
  model_limits: z.string().max(10_000),
  allow_ips: z.string().max(10_000),
  group: z.string().trim().max(64),
  rate_limit_enabled: z.boolean(),
  rate_limit_period: rateLimit(1, 86_400 * 30),
  rate_limit_count: rateLimit(0, 1_000_000_000),
  rate_limit_success: rateLimit(0, 1_000_000_000),
};

/** Defaults of a new token (500000 quota, rate limit 60 s / 1000 / 10). */
export const TOKEN_DEFAULTS = {
  name: "",
  remain_quota: 500_000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: "",
  allow_ips: "",
  group: "",
  rate_limit_enabled: false,
  rate_limit_period: 60,
  rate_limit_count: 1000,
  rate_limit_success: 10,
};

export const createTokenSchema = z
  .object({
    ...tokenShape,
    name: z.string().trim().min(1, "token_name_required").max(TOKEN_NAME_MAX, "token_name_too_long"),
  })
  .partial({
    remain_quota: true,
    expired_time: true,
    unlimited_quota: true,
    model_limits_enabled: true,
    model_limits: true,
    allow_ips: true,
    group: true,
    rate_limit_enabled: true,
    rate_limit_period: true,
    rate_limit_count: true,
    rate_limit_success: true,
  })
  .transform(
    (v) =>
      ({ ...TOKEN_DEFAULTS, ...Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) }) as z.output<
        z.ZodObject<typeof tokenShape>
      >,
  );
export type CreateTokenInput = z.output<typeof createTokenSchema>;

/** How many tokens the drawer creates at once (a positive integer; the server caps the total). */
export const tokenBatchCountSchema = wholeNumber(1, Number.MAX_SAFE_INTEGER, "token_count_positive");

export const updateTokenSchema = z
  .object(tokenShape)
  .partial()
  .extend({
    id: z.number().int().positive(),
    status: z.number().int().min(1).max(4).optional(),
  });
export type UpdateTokenInput = z.infer<typeof updateTokenSchema>;

export const tokenListQuerySchema = z.object({
  p: z.coerce.number().int().min(0).max(1_000_000).default(1),
  size: pageSizeSchema.default(PAGE_SIZE_DEFAULT),
  page_size: pageSizeSchema.optional(),
});

export const tokenSearchQuerySchema = tokenListQuerySchema.extend({
  keyword: z.string().max(100).default(""),
  token: z.string().max(100).default(""),
});
