import "server-only";

// The only shapes in which users leave the server. Password hashes and access-token hashes never do.
import type { Prisma } from "@/lib/server/db";
import { sessionUserFields, type AuthUser } from "@/lib/server/auth/current-user";
import { selectOf, snakeFields } from "@/lib/server/dto-fields";
import { ROLE } from "@/lib/constants";

// Copied out as they are; the money columns (BigInt), the invite code and the deletion time are
// converted below.
// prettier-ignore
const plainUserFields = [
  "id", "username", "displayName", "role", "status", "email", "group", "requestCount", "affCount", "inviterId",
  "githubId", "oidcId", "wechatId", "telegramId", "linuxDoId", "setting", "remark", "createdAt", "lastLoginAt",
] as const;

export const userDtoSelect = {
  ...selectOf(plainUserFields),
  ...selectOf(["quota", "usedQuota", "affCode", "affQuota", "affHistoryQuota", "deletedAt"]),
} as const satisfies Prisma.UserSelect;

export type UserRow = Prisma.UserGetPayload<{ select: typeof userDtoSelect }>;

export function toUserDto(u: UserRow) {
  return {
    ...snakeFields(u, plainUserFields),
    quota: Number(u.quota),
    used_quota: Number(u.usedQuota),
    aff_code: u.affCode ?? "",
    aff_quota: Number(u.affQuota),
    aff_history_quota: Number(u.affHistoryQuota),
    DeletedAt: u.deletedAt ? u.deletedAt.toISOString() : null,
  };
}

/**
 * A user as admins see them: the owner's notification secrets stay with the owner. An admin does
 * not see the e-mail, provider ids or settings of another user whose role is equal to or above their
 * own: with them an admin could ask for root's password-reset mail or impersonate root at a
 * sign-in provider (issue 17). Root sees everyone.
 */
export function toAdminUserDto(u: UserRow, viewer: { id: number; role: number }) {
  const dto = toUserDto(u);
  if (viewer.role < ROLE.root && u.id !== viewer.id && u.role >= viewer.role) {
    return {
      ...dto,
      email: "",
      github_id: "",
      oidc_id: "",
      wechat_id: "",
      telegram_id: "",
      linux_do_id: "",
      setting: "{}",
      identity_hidden: true,
    };
  }
  return { ...dto, setting: withoutSecrets(dto.setting) };
}

/**
 * The caller's own account (GET /api/user/self): the webhook secret is not echoed back either; the
 * settings form only needs to know whether one is stored (an empty field on save keeps it).
 * `hasPassword` is false for accounts created through a sign-in provider.
 */
export function toSelfUserDto(u: UserRow, hasPassword = true) {
  // The remark is the admins' note about the user, not the user's to read.
  const { remark: _remark, ...dto } = toUserDto(u);
  return {
    ...dto,
    setting: withoutSecrets(dto.setting),
    webhook_secret_set: hasWebhookSecret(dto.setting),
    has_password: hasPassword,
  };
}

function hasWebhookSecret(setting: string): boolean {
  try {
    const parsed = JSON.parse(setting) as Record<string, unknown> | null;
    return typeof parsed?.webhook_secret === "string" && parsed.webhook_secret !== "";
  } catch {
    return false;
  }
}

function withoutSecrets(setting: string): string {
  try {
    const parsed = JSON.parse(setting) as Record<string, unknown>;
    if (!parsed || typeof parsed !== "object") return "{}";
    delete parsed.webhook_secret;
    return JSON.stringify(parsed);
  } catch {
    return "{}";
  }
}

/** What login returns and the console stores locally as the user. */
export function toSessionUserDto(u: Pick<AuthUser, (typeof sessionUserFields)[number]>) {
  return snakeFields(u, sessionUserFields);
}
