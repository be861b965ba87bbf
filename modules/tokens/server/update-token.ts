import "server-only";

// PUT /api/token/: full update, or ?status_only=true for enable/disable. An expired or exhausted
// token cannot be re-enabled until its expiry or quota is fixed. Quota edits go through the ledger
// queue so an in-flight relay charge is neither lost nor counted twice.
import { TOKEN_STATUS } from "@/lib/constants";
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { toTokenDto } from "@/modules/tokens/server/dto";
import { invalidateToken } from "@/lib/server/cache/token-cache";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { getOwnTokenOrThrow } from "@/modules/tokens/server/get-token-or-throw";
import { assertUsableGroup } from "@/modules/tokens/server/validate-token-fields";
import type { UpdateTokenInput } from "@/modules/tokens/schemas";

export async function updateToken(userId: number, input: UpdateTokenInput, statusOnly: boolean) {
  const current = await getOwnTokenOrThrow(userId, input.id);
  const data: Record<string, unknown> = {};
  if (!statusOnly) {
    await assertUsableGroup(userId, input.group);
    const map: [keyof UpdateTokenInput, string, (v: never) => unknown][] = [
      ["name", "name", (v) => v],
      ["expired_time", "expiredTime", (v: number) => BigInt(v)],
      ["remain_quota", "remainQuota", (v: number) => BigInt(v)],
      ["unlimited_quota", "unlimitedQuota", (v) => v],
      ["model_limits_enabled", "modelLimitsEnabled", (v) => v],
      ["model_limits", "modelLimits", (v) => v],
      ["allow_ips", "allowIps", (v) => v],
      ["group", "group", (v) => v],
      ["rate_limit_enabled", "rateLimitEnabled", (v) => v],
      ["rate_limit_period", "rateLimitPeriod", (v) => v],
      ["rate_limit_count", "rateLimitCount", (v) => v],
      ["rate_limit_success", "rateLimitSuccess", (v) => v],
    ];
    for (const [from, to, conv] of map) if (input[from] !== undefined) data[to] = conv(input[from] as never);
    if (data.name === "") throw new AppError("bad_request", "token_name_required");
  }
  if (input.status !== undefined) {
    if (input.status === TOKEN_STATUS.enabled) {
      const expired = Number(data.expiredTime ?? current.expiredTime);
      const remain = Number(data.remainQuota ?? current.remainQuota);
      const unlimited = (data.unlimitedQuota as boolean | undefined) ?? current.unlimitedQuota;
      if (expired !== -1 && expired <= Date.now() / 1000) throw new AppError("bad_request", "token_enable_expired");
      if (!unlimited && remain <= 0) throw new AppError("bad_request", "token_enable_exhausted");
    }
    data.status = input.status;
  }
  const write = () => db().token.update({ where: { id: current.id }, data });
  const row =
    "remainQuota" in data || "unlimitedQuota" in data
      ? await writeAfterFlush(write, { tokenIds: [current.id] })
      : await write();
  invalidateToken(current.id);
  return toTokenDto(row);
}
