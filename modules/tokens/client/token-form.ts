// The token drawer's rules, kept pure so they are unit-tested: expiry
// presets, form ⇄ schema input conversion (the schemas give the messages), and batch-creation names.
import { z } from "zod";
import { numberOf } from "@/lib/client/number-text";
import { toLocalInput } from "@/lib/format-time";
import { createTokenSchema, TOKEN_DEFAULTS, tokenBatchCountSchema, updateTokenSchema } from "@/modules/tokens/schemas";
import type { TokenItem } from "@/modules/tokens/client/api";

export const BATCH_COUNTS = [1, 10, 20, 30, 100];
export const EXPIRY_PRESETS = ["never", "hour", "day", "month"] as const;
export type ExpiryPreset = (typeof EXPIRY_PRESETS)[number];

export type TokenFormValues = {
  name: string;
  /** datetime-local text; "" = never expires */
  expiry: string;
  remain_quota: string;
  unlimited_quota: boolean;
  model_limits_enabled: boolean;
  model_limits: string[];
  allow_ips: string;
  group: string;
  rate_limit_enabled: boolean;
  rate_limit_period: string;
  rate_limit_count: string;
  rate_limit_success: string;
  count: string;
};

export function presetExpiry(preset: ExpiryPreset, now = new Date()): string {
  const hours = { never: 0, hour: 1, day: 24, month: 24 * 30 }[preset];
  return hours === 0 ? "" : toLocalInput(new Date(now.getTime() + hours * 3_600_000));
}

export function emptyTokenForm(): TokenFormValues {
  return {
    name: "",
    expiry: "",
    remain_quota: String(TOKEN_DEFAULTS.remain_quota),
    unlimited_quota: TOKEN_DEFAULTS.unlimited_quota,
    model_limits_enabled: false,
    model_limits: [],
    allow_ips: "",
    group: "",
    rate_limit_enabled: false,
    rate_limit_period: String(TOKEN_DEFAULTS.rate_limit_period),
    rate_limit_count: String(TOKEN_DEFAULTS.rate_limit_count),
    rate_limit_success: String(TOKEN_DEFAULTS.rate_limit_success),
    count: "1",
  };
}

export function tokenToForm(t: TokenItem): TokenFormValues {
  return {
    name: t.name,
    expiry: t.expired_time === -1 ? "" : toLocalInput(new Date(t.expired_time * 1000)),
    remain_quota: String(t.remain_quota),
    unlimited_quota: t.unlimited_quota,
    model_limits_enabled: t.model_limits_enabled,
    model_limits: t.model_limits ? t.model_limits.split(",").filter(Boolean) : [],
    allow_ips: t.allow_ips,
    group: t.group,
    rate_limit_enabled: t.rate_limit_enabled,
    rate_limit_period: String(t.rate_limit_period),
    rate_limit_count: String(t.rate_limit_count),
    rate_limit_success: String(t.rate_limit_success),
    count: "1",
  };
}

/**
 * The drawer validates with the routes' own schemas (POST / PUT /api/token/) plus the batch count,
 * so the form and the server show the same messages.
 */
export const tokenFormSchemas = {
  create: createTokenSchema.and(z.object({ count: tokenBatchCountSchema })),
  edit: updateTokenSchema,
};

/** The form as the schema's input: text becomes numbers, lists become the wire's strings. */
export function tokenFormInput(v: TokenFormValues, editId: number | null = null): Record<string, unknown> {
  const quota = numberOf(v.remain_quota);
  let expired_time = -1;
  if (v.expiry.trim()) expired_time = Math.floor(new Date(v.expiry).getTime() / 1000);
  return {
    ...(editId === null ? { count: numberOf(v.count) } : { id: editId }),
    name: v.name,
    expired_time,
    // An unlimited token keeps no quota of its own; a stale non-number there is not an error.
    remain_quota: v.unlimited_quota && !Number.isInteger(quota) ? 0 : quota,
    unlimited_quota: v.unlimited_quota,
    model_limits_enabled: v.model_limits_enabled,
    model_limits: v.model_limits_enabled ? v.model_limits.join(",") : "",
    allow_ips: v.allow_ips
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean)
      .join("\n"),
    group: v.group,
    rate_limit_enabled: v.rate_limit_enabled,
    rate_limit_period: numberOf(v.rate_limit_period),
    rate_limit_count: numberOf(v.rate_limit_count),
    rate_limit_success: numberOf(v.rate_limit_success),
  };
}

const SUFFIX_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

export function randomSuffix(random: () => number = Math.random): string {
  let out = "";
  for (let i = 0; i < 6; i++) out += SUFFIX_CHARS[Math.floor(random() * SUFFIX_CHARS.length)];
  return out;
}

/** Batch creation: the first token keeps the name, the others get "-" + 6 random characters. */
export function batchNames(name: string, count: number, random?: () => number): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? name : `${name}-${randomSuffix(random)}`));
}
