import "server-only";

// GET /api/user/aff: the caller's invite code, created on first request when
// registration did not give one. The code is set with a conditional update (only while still empty),
// so two concurrent first calls agree on one code; a collision with another user's code (unique
// index) draws again.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { generateAffCode } from "@/modules/users/server";

const MAX_ATTEMPTS = 5;

export async function getAffCode(userId: number): Promise<string> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const row = await db().user.findUnique({ where: { id: userId }, select: { affCode: true } });
    if (!row) throw new AppError("not_found", "user_not_found");
    if (row.affCode) return row.affCode;
    try {
      await db().user.updateMany({ where: { id: userId, affCode: null }, data: { affCode: await generateAffCode() } });
    } catch (err) {
      if ((err as { code?: string } | null)?.code !== "P2002") throw err;
    }
  }
  throw new AppError("internal", "me_aff_code_failed");
}
