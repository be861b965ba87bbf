import "server-only";

// POST /api/user/: an admin adds an ordinary user (role 1, group default). The username stays unique
// across cancelled users too. New users get QuotaForNewUser like a registration would.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { hashPassword } from "@/lib/server/auth/password";
import { getNumberOption } from "@/lib/server/options/store";
import { generateAffCode } from "@/modules/users/server/generate-aff-code";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { formatQuota } from "@/lib/format";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import type { CreateUserInput } from "@/modules/users/schemas/user-admin";

export async function createUserByAdmin(actor: CurrentUser, input: CreateUserInput): Promise<{ id: number }> {
  const taken = await db().user.findUnique({ where: { username: input.username }, select: { id: true } });
  if (taken) throw new AppError("conflict", "username_taken");
  const password = await hashPassword(input.password);
  const forNewUser = await getNumberOption("QuotaForNewUser");
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  try {
    return await db().$transaction(async (tx) => {
      const user = await tx.user.create({
        data: {
          username: input.username,
          password,
          displayName: input.display_name || input.username,
          quota: BigInt(forNewUser),
          affCode: await generateAffCode(tx),
          createdAt: Math.floor(Date.now() / 1000),
        },
        select: { id: true, username: true },
      });
      await recordLog(
        {
          type: LOG_TYPE.manage,
          userId: user.id,
          username: user.username,
          content: `管理员 ${actor.username} 创建了用户 ${user.username}`,
          other: { admin_info: { admin_id: actor.id, admin_username: actor.username } },
        },
        tx,
      );
      if (forNewUser > 0) {
        const money = formatQuota(forNewUser, { inCurrency: true, quotaPerUnit, digits: 6 });
        await recordLog(
          { type: LOG_TYPE.system, userId: user.id, username: user.username, content: `新用户注册赠送 ${money} 额度` },
          tx,
        );
      }
      return { id: user.id };
    });
  } catch (err) {
    // Two admins adding the same name at once: the unique index decides.
    if (isUniqueViolation(err)) throw new AppError("conflict", "username_taken");
    throw err;
  }
}

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === "P2002";
}
