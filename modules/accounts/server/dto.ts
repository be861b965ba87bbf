import "server-only";

// The only shapes in which users leave the server. Password hashes and access-token hashes never do.
import type { Prisma } from "@/lib/server/db";
import { ROLE } from "@/lib/constants";

export const userDtoSelect = {
  id: true,
  username: true,
  displayName: true,
  role: true,
  status: true,
  email: true,
  group: true,
  quota: true,
  usedQuota: true,
  requestCount: true,
  affCode: true,
  affCount: true,
  affQuota: true,
  affHistoryQuota: true,
  inviterId: true,
  githubId: true,
  oidcId: true,
  wechatId: true,
  telegramId: true,
  linuxDoId: true,
  setting: true,
  remark: true,
  createdAt: true,
  lastLoginAt: true,
  deletedAt: true,
} as const satisfies Prisma.UserSelect;

export type UserRow = Prisma.UserGetPayload<{ select: typeof userDtoSelect }>;

export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    username: u.username,
    display_name: u.displayName,
    role: u.role,
    status: u.status,
    email: u.email,
    group: u.group,
    quota: Number(u.quota),
    used_quota: Number(u.usedQuota),
    request_count: u.requestCount,
    aff_code: u.affCode ?? "",
    aff_count: u.affCount,
    aff_quota: Number(u.affQuota),
    aff_history_quota: Number(u.affHistoryQuota),
    inviter_id: u.inviterId,
    github_id: u.githubId,
    oidc_id: u.oidcId,
    wechat_id: u.wechatId,
    telegram_id: u.telegramId,
    linux_do_id: u.linuxDoId,
    setting: u.setting,
    remark: u.remark,
    created_at: u.createdAt,
    last_login_at: u.lastLoginAt,
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

/** What login returns and the console stores locally (spec: the stored user). */
export function toSessionUserDto(u: {
  id: number;
  username: string;
  displayName: string;
  role: number;
  status: number;
  group: string;
}) {
  return {
    id: u.id,
    username: u.username,
    display_name: u.displayName,
    role: u.role,
    status: u.status,
    group: u.group,
  };
}
