// Token payloads (spec 2 §3 Token), shared by /api/token routes and the token drawer.
import { z } from "zod";

export const TOKEN_NAME_MAX = 50;
export const TOKEN_QUOTA_MAX = 1_000_000_000 * 500_000;

export const tokenFieldsSchema = z.object({
  name: z.string().trim().max(TOKEN_NAME_MAX, "token_name_too_long").default(""),
  remain_quota: z.number().int("token_quota_integer").min(0, "token_quota_range").max(TOKEN_QUOTA_MAX, "token_quota_range").default(0),
  expired_time: z.number().int("token_expiry_invalid").refine((v) => v === -1 || v > 0, "token_expiry_invalid").default(-1),
  unlimited_quota: z.boolean().default(false),
  model_limits_enabled: z.boolean().default(false),
  model_limits: z.string().max(10_000).default(""),
  allow_ips: z.string().max(10_000).default(""),
  group: z.string().trim().max(64).default(""),
  rate_limit_enabled: z.boolean().default(false),
  rate_limit_period: z.number().int().min(1).max(86_400 * 30).default(60),
  rate_limit_count: z.number().int().min(0).max(1_000_000_000).default(1000),
  rate_limit_success: z.number().int().min(0).max(1_000_000_000).default(10),
});

export const createTokenSchema = tokenFieldsSchema.extend({
  name: z.string().trim().min(1, "token_name_required").max(TOKEN_NAME_MAX, "token_name_too_long"),
});
export type CreateTokenInput = z.infer<typeof createTokenSchema>;

export const updateTokenSchema = tokenFieldsSchema.partial().extend({
  id: z.number().int().positive(),
  status: z.number().int().min(1).max(4).optional(),
});
export type UpdateTokenInput = z.infer<typeof updateTokenSchema>;

export const tokenListQuerySchema = z.object({
  p: z.coerce.number().int().min(0).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  page_size: z.coerce.number().int().min(1).max(100).optional(),
});

export const tokenSearchQuerySchema = tokenListQuerySchema.extend({
  keyword: z.string().max(100).default(""),
  token: z.string().max(100).default(""),
});
