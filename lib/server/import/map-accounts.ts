import "server-only";

// users, tokens, check-ins and top-ups (docs/import.md). A user or token is never skipped: a row
// that cannot come across as it is stops the import with the reason.
import { TOKEN_STATUS, USER_STATUS } from "@/lib/constants";
import { ImportError } from "@/lib/server/import/import-error";
import { columnList, type MapContext, type Mapped, type TableImport } from "@/lib/server/import/table-import";
import { TARGET } from "@/lib/server/import/target-tables";
import { big, bool, date, fitted, int, num, str, type RowRef } from "@/lib/server/import/values";
import type { SourceRow } from "@/lib/server/import/source";

const TEXT_MAX = 65_535;
const USERNAME_MAX = 50; // what our login form accepts

function mapUser(r: SourceRow, ctx: MapContext): Mapped {
  const id = int(r.id);
  const ref: RowRef = { table: "users", id };
  const username = fitted(ref, "username", r.username, USERNAME_MAX);
  const other = ctx.usernames.get(username.toLowerCase());
  if (other !== undefined) throw new ImportError("import_duplicate_username", { id, other, name: username });
  ctx.usernames.set(username.toLowerCase(), id);
  for (const column of ["quota", "used_quota"] as const)
    if (big(r[column]) < 0n) throw new ImportError("import_negative", { ...ref, column, value: str(r[column]) });
  const deletedAt = date(r.deleted_at);
  ctx.userIds.add(id);
  if (deletedAt) ctx.deletedUserIds.add(id);
  if (str(r.discord_id)) ctx.note("users", "discord_id dropped (no Discord sign-in here)");
  if (str(r.lark_id)) ctx.note("users", "lark_id dropped (no Lark sign-in here)");
  let setting = str(r.setting).trim();
  if (setting) {
    try {
      const parsed: unknown = JSON.parse(setting);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
    } catch {
      ctx.note("users", "setting was not a JSON object: reset to {}");
      setting = "{}";
    }
  }
  const status = int(r.status);
  const accessToken = str(r.access_token).trim();
  return {
    row: {
      id,
      username,
      password: fitted(ref, "password", r.password, 255),
      displayName: fitted(ref, "display_name", r.display_name, TEXT_MAX),
      role: int(r.role ?? 1),
      status: status === USER_STATUS.enabled || status === USER_STATUS.disabled ? status : USER_STATUS.disabled,
      email: fitted(ref, "email", r.email, TEXT_MAX),
      githubId: str(r.github_id),
      oidcId: str(r.oidc_id),
      wechatId: str(r.wechat_id),
      telegramId: str(r.telegram_id),
      linuxDoId: str(r.linux_do_id),
      accessTokenHash: accessToken && !deletedAt ? ctx.sha256(accessToken) : null,
      quota: big(r.quota),
      usedQuota: big(r.used_quota),
      requestCount: int(r.request_count),
      group: str(r.group) || "default",
      affCode: str(r.aff_code).trim() || null,
      affCount: int(r.aff_count),
      affQuota: big(r.aff_quota),
      affHistoryQuota: big(r.aff_history),
      inviterId: int(r.inviter_id),
      setting: setting || "{}",
      remark: fitted(ref, "remark", r.remark, TEXT_MAX),
      createdAt: int(r.created_at),
      lastLoginAt: int(r.last_login_at),
      deletedAt,
    },
  };
}

function mapToken(r: SourceRow, ctx: MapContext): Mapped {
  const id = int(r.id);
  const ref: RowRef = { table: "tokens", id };
  const userId = int(r.user_id);
  if (!ctx.userIds.has(userId)) return { skip: `token ${id}: its user ${userId} does not exist` };
  const key = fitted(ref, "key", r.key, 128).trim().replace(/^sk-/, "");
  if (!key) throw new ImportError("import_bad_row", { ...ref, reason: "the key is empty" });
  let remain = big(r.remain_quota);
  const unlimited = bool(r.unlimited_quota);
  if (remain < 0n) {
    ctx.note(
      "tokens",
      unlimited ? "negative remain_quota of an unlimited token set to 0" : "negative remain_quota set to 0 (exhausted)",
    );
    remain = 0n;
  }
  if (bool(r.cross_group_retry))
    ctx.note("tokens", "cross_group_retry dropped (the auto group retries across groups here)");
  // one-api: `models` (comma list) and `subnet`; new-api: model_limits(_enabled) and allow_ips.
  const modelLimits = str(r.model_limits ?? r.models).trim();
  const deletedAt = date(r.deleted_at) ?? (ctx.deletedUserIds.has(userId) ? new Date(ctx.now * 1000) : null);
  const status = int(r.status);
  return {
    row: {
      id,
      userId,
      keyHash: ctx.sha256(key),
      keyCipher: ctx.seal(key),
      keyPrefix: key.slice(0, 4),
      keySuffix: key.slice(-4),
      name: fitted(ref, "name", r.name, TEXT_MAX),
      status: deletedAt ? TOKEN_STATUS.disabled : status >= 1 && status <= 4 ? status : TOKEN_STATUS.disabled,
      createdTime: int(r.created_time),
      accessedTime: int(r.accessed_time),
      expiredTime: big(r.expired_time ?? -1),
      remainQuota: remain,
      usedQuota: big(r.used_quota) < 0n ? 0n : big(r.used_quota),
      unlimitedQuota: unlimited,
      modelLimitsEnabled: r.model_limits_enabled !== undefined ? bool(r.model_limits_enabled) : !!modelLimits,
      modelLimits,
      allowIps: str(r.allow_ips ?? r.subnet)
        .split(/[,\n]/)
        .map((s) => s.trim())
        .filter(Boolean)
        .join("\n"),
      group: str(r.group),
      deletedAt,
    },
  };
}

const TOPUP_STATUSES = new Set(["pending", "success", "failed", "expired"]);

export const ACCOUNT_TABLES: readonly TableImport[] = [
  {
    source: "users",
    target: TARGET.users,
    key: "id",
    map: mapUser,
    columns: columnList(
      "id username password display_name role status email github_id discord_id oidc_id wechat_id telegram_id lark_id linux_do_id access_token quota used_quota request_count group aff_code aff_count aff_quota aff_history inviter_id setting remark created_at last_login_at deleted_at",
    ),
  },
  {
    source: "tokens",
    target: TARGET.tokens,
    key: "id",
    map: mapToken,
    columns: columnList(
      "id user_id key status name created_time accessed_time expired_time remain_quota unlimited_quota model_limits_enabled model_limits models allow_ips subnet used_quota group cross_group_retry deleted_at",
    ),
  },
  {
    source: "checkins",
    target: TARGET.checkins,
    key: "id",
    columns: columnList("id user_id checkin_date quota_awarded created_at"),
    map: (r, ctx) =>
      ctx.userIds.has(int(r.user_id))
        ? {
            row: {
              id: int(r.id),
              userId: int(r.user_id),
              checkinDate: str(r.checkin_date).slice(0, 10),
              quotaAwarded: big(r.quota_awarded),
              createdAt: int(r.created_at),
            },
          }
        : { skip: `check-in ${str(r.id)}: its user ${str(r.user_id)} does not exist` },
  },
  {
    source: "top_ups",
    target: TARGET.top_ups,
    key: "id",
    columns: columnList(
      "id user_id amount money trade_no payment_method payment_provider create_time complete_time status",
    ),
    map: (r, ctx) => {
      if (!ctx.userIds.has(int(r.user_id)))
        return { skip: `top-up ${str(r.id)}: its user ${str(r.user_id)} does not exist` };
      const status = str(r.status);
      return {
        row: {
          id: int(r.id),
          userId: int(r.user_id),
          amount: big(r.amount),
          money: num(r.money),
          tradeNo: str(r.trade_no) || `imported-${str(r.id)}`,
          paymentMethod: str(r.payment_method),
          paymentProvider: str(r.payment_provider) || "epay",
          createTime: int(r.create_time),
          completeTime: int(r.complete_time),
          status: TOPUP_STATUSES.has(status) ? status : "failed",
        },
      };
    },
  },
];
