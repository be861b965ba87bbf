import "server-only";

// Tokens leave the server with a masked key; the full key only through POST /api/token/{id}/key.
// Neither carries "sk-", as in new-api: its clients add the prefix themselves (a prefixed answer made
// them send "sk-sk-…", which the relay refuses). Our console adds it where it shows or copies a key.
import type { Token as TokenRow } from "@/lib/generated/sqlite/client";

export function maskKey(prefix: string, suffix: string): string {
  return `${prefix}**********${suffix}`;
}

export function toTokenDto(t: TokenRow) {
  return {
    id: t.id,
    user_id: t.userId,
    name: t.name,
    key: maskKey(t.keyPrefix, t.keySuffix),
    status: t.status,
    created_time: t.createdTime,
    accessed_time: t.accessedTime,
    expired_time: Number(t.expiredTime),
    remain_quota: Number(t.remainQuota),
    used_quota: Number(t.usedQuota),
    unlimited_quota: t.unlimitedQuota,
    model_limits_enabled: t.modelLimitsEnabled,
    model_limits: t.modelLimits,
    allow_ips: t.allowIps,
    group: t.group,
    rate_limit_enabled: t.rateLimitEnabled,
    rate_limit_period: t.rateLimitPeriod,
    rate_limit_count: t.rateLimitCount,
    rate_limit_success: t.rateLimitSuccess,
  };
}
