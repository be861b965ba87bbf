// The token drawer's rules (spec 2 §4/§5/§9 Tokens), kept pure so they are unit-tested: expiry
// presets, form ⇄ payload conversion with its validation messages, and batch-creation names.
import { TOKEN_DEFAULTS, type CreateTokenInput } from "@/modules/tokens/schemas";
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

export type TokenFormError =
  "name_required" | "expiry_invalid" | "quota_integer" | "count_positive" | "rate_limit_integer";

const pad = (n: number) => String(n).padStart(2, "0");

/** A Date as the value of an <input type="datetime-local"> in the browser's time zone. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

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

const isInt = (text: string) => /^-?\d+$/.test(text.trim());

export type TokenPayloadResult =
  { ok: true; payload: CreateTokenInput; count: number } | { ok: false; error: TokenFormError };

export function formToPayload(v: TokenFormValues, mode: "create" | "edit"): TokenPayloadResult {
  const name = v.name.trim();
  if (mode === "create" && !name) return { ok: false, error: "name_required" };
  let expired_time = -1;
  if (v.expiry.trim()) {
    const ms = new Date(v.expiry).getTime();
    if (!Number.isFinite(ms)) return { ok: false, error: "expiry_invalid" };
    expired_time = Math.floor(ms / 1000);
  }
  if (!v.unlimited_quota && !isInt(v.remain_quota)) return { ok: false, error: "quota_integer" };
  let count = 1;
  if (mode === "create") {
    if (!/^\d+$/.test(v.count.trim()) || Number(v.count) < 1) return { ok: false, error: "count_positive" };
    count = Number(v.count);
  }
  if (v.rate_limit_enabled && ![v.rate_limit_period, v.rate_limit_count, v.rate_limit_success].every(isInt))
    return { ok: false, error: "rate_limit_integer" };
  return {
    ok: true,
    count,
    payload: {
      name,
      expired_time,
      remain_quota: v.unlimited_quota && !isInt(v.remain_quota) ? 0 : Number(v.remain_quota),
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
      rate_limit_period: Number(v.rate_limit_period),
      rate_limit_count: Number(v.rate_limit_count),
      rate_limit_success: Number(v.rate_limit_success),
    },
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
