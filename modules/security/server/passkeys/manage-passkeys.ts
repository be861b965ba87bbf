import "server-only";

// GET /api/user/passkey: new-api's {enabled, last_used_at}, and the list (several passkeys here).
// DELETE /api/user/passkey[?id=]: one passkey, or (new-api's call, no id) all, after a fresh
// secure verification; audit-logged.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { requireFreshVerification } from "@/modules/security/server/verification/secure-verification";

export async function passkeyStatus(userId: number) {
  const rows = await db().passkeyCredential.findMany({
    where: { userId },
    orderBy: { id: "asc" },
    select: { id: true, name: true, createdAt: true, lastUsedAt: true, backupState: true },
  });
  const lastUsed = Math.max(0, ...rows.map((r) => r.lastUsedAt));
  return {
    enabled: rows.length > 0,
    ...(rows.length ? { last_used_at: lastUsed || null } : {}),
    passkeys: rows.map((r) => ({
      id: r.id,
      name: r.name,
      created_at: r.createdAt,
      last_used_at: r.lastUsedAt,
      backed_up: r.backupState,
    })),
  };
}

export async function deletePasskeys(user: CurrentUser, id: number | undefined): Promise<void> {
  await requireFreshVerification(user);
  const res = await db().passkeyCredential.deleteMany({ where: { userId: user.id, ...(id ? { id } : {}) } });
  if (res.count === 0) throw new AppError("not_found", "passkey_not_registered");
  await recordLog({ type: LOG_TYPE.system, userId: user.id, username: user.username, content: "解绑了 Passkey" });
}
