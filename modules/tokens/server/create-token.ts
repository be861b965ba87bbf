import "server-only";

import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toTokenDto } from "@/modules/tokens/server/dto";
import { generateTokenKey } from "@/modules/tokens/server/generate-token-key";
import { invalidateMissingTokens } from "@/lib/server/cache/token-cache";
import { assertUsableGroup } from "@/modules/tokens/server/validate-token-fields";
import type { CreateTokenInput } from "@/modules/tokens/schemas";

export const MAX_TOKENS_PER_USER = 1000;

/** Creates a token; the full key is returned once (also available later to the owner). */
export async function createToken(userId: number, input: CreateTokenInput) {
  await assertUsableGroup(userId, input.group);
  const count = await db().token.count({ where: { userId, deletedAt: null } });
  if (count >= MAX_TOKENS_PER_USER)
    throw new AppError("bad_request", "token_limit_reached", { max: MAX_TOKENS_PER_USER });
  const k = generateTokenKey();
  const row = await db().token.create({
    data: {
      userId,
      keyHash: k.keyHash,
      keyCipher: k.keyCipher,
      keyPrefix: k.keyPrefix,
      keySuffix: k.keySuffix,
      name: input.name,
      createdTime: Math.floor(Date.now() / 1000),
      expiredTime: BigInt(input.expired_time),
      remainQuota: BigInt(input.remain_quota),
      unlimitedQuota: input.unlimited_quota,
      modelLimitsEnabled: input.model_limits_enabled,
      modelLimits: input.model_limits,
      allowIps: input.allow_ips,
      group: input.group,
      rateLimitEnabled: input.rate_limit_enabled,
      rateLimitPeriod: input.rate_limit_period,
      rateLimitCount: input.rate_limit_count,
      rateLimitSuccess: input.rate_limit_success,
    },
  });
  // The relay may remember this key as unknown (someone tried it): forget every such miss.
  invalidateMissingTokens();
  return { ...toTokenDto(row), key: `sk-${k.key}` };
}
