import "server-only";

// PUT /api/user/: an admin edits a user of LOWER role (root edits anyone; see manage-rules.ts).
// A new password revokes the user's sessions. A quota value sets the balance inside the ledger queue
// and, when it changes, writes a type-3 log naming the admin in the same transaction. An address is
// stored lower-cased (the schema) and must not belong to another user: login by e-mail and password
// reset pick one account per address, so a duplicate would hand one user's account to another.
// Only root is told that another user holds the address (review 3 L9): an admin gets the words any
// visitor gets from the bind-code endpoint (email_taken), at most 20 times per 20 minutes, so the
// answer cannot be used to test guesses of the address of root, whose identity the list hides.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { consumePoint } from "@/lib/server/http/rate-limit";
import { ROLE } from "@/lib/constants";
import { hashPassword } from "@/lib/server/auth/password";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { loadManageTarget } from "@/modules/users/server/manage-rules";
import { logQuotaChange } from "@/modules/users/server/adjust-user-quota";
import { recordAdminAction } from "@/lib/server/ledger/journal";
import { findEmailOwner } from "@/modules/users/server/assert-email-available";
import { lockIdentity } from "@/modules/users/server/identity-lock";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { AdminUpdateUserInput } from "@/modules/users/schemas/account";

/** Address conflicts an admin may meet per window before 429 (new-api's UserCriticalRateLimit). */
const ADMIN_EMAIL_CONFLICTS = { points: 20, duration: 1200 } as const;

async function emailConflict(actor: CurrentUser): Promise<AppError> {
  if (actor.role >= ROLE.root) return new AppError("conflict", "email_taken_by_user");
  const wait = await consumePoint("admin_email_conflicts", ADMIN_EMAIL_CONFLICTS, String(actor.id));
  return wait > 0 ? new AppError("rate_limited", "rate_limited") : new AppError("conflict", "email_taken");
}

export async function adminUpdateUser(actor: CurrentUser, input: AdminUpdateUserInput): Promise<void> {
  const target = await loadManageTarget(actor, input.id);
  if (input.username && input.username !== target.username) {
    const taken = await db().user.findUnique({ where: { username: input.username }, select: { id: true } });
    if (taken) throw new AppError("conflict", "username_taken");
  }
  const data: Record<string, unknown> = {};
  if (input.username !== undefined) data.username = input.username;
  if (input.display_name !== undefined) data.displayName = input.display_name;
  if (input.email !== undefined) data.email = input.email;
  if (input.group !== undefined) data.group = input.group;
  if (input.remark !== undefined) data.remark = input.remark;
  if (input.password) {
    data.password = await hashPassword(input.password);
    data.authVersion = { increment: 1 };
  }
  const write = () =>
    db().$transaction(async (tx) => {
      if (input.email) {
        await lockIdentity(tx, `email:${input.email}`);
        if ((await findEmailOwner(tx, input.email, target.id)) !== null)
          throw new AppError("conflict", "email_taken_by_user");
      }
      const before = (await tx.user.findUniqueOrThrow({ where: { id: target.id }, select: { quota: true } })).quota;
      if (input.quota !== undefined) data.quota = BigInt(input.quota);
      const updated = await tx.user.update({ where: { id: target.id }, data, select: { username: true } });
      // Audit trail: which fields (never the password); the quota change has its own log below.
      const fields = Object.keys(data).filter((k) => k !== "authVersion" && k !== "quota");
      if (fields.length > 0) {
        await recordAdminAction(
          actor,
          "update_user",
          `修改了用户 ${updated.username}（ID ${target.id}）的 ${fields.join(", ")}`,
          { target_id: target.id, fields },
          tx,
        );
      }
      if (input.quota !== undefined && BigInt(input.quota) !== before) {
        await logQuotaChange(tx, actor, { id: target.id, username: updated.username }, "override", {
          before,
          after: BigInt(input.quota),
        });
      }
    });
  try {
    if (input.quota !== undefined) await writeAfterFlush(write, { userIds: [target.id] });
    else await write();
  } catch (err) {
    if ((err as { code?: string } | null)?.code === "P2002") throw new AppError("conflict", "username_taken");
    if (err instanceof AppError && err.key === "email_taken_by_user") throw await emailConflict(actor);
    throw err;
  }
  invalidateUser(target.id);
}
