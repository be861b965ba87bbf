import "server-only";

// POST /api/user/check_in: the daily check-in.
//
// Race-free on SQLite and PostgreSQL: the CheckIn row, unique on (userId, checkinDate), is inserted
// in the same transaction as the balance credit and the check-in log, so of any number of concurrent
// check-ins by one user on one server-local date exactly one commits; the others hit the unique index
// and roll back without crediting. The credit runs inside the relay ledger's queue (writeAfterFlush)
// so no in-flight relay charge is lost, and the cached balance is dropped afterwards.
import { db } from "@/lib/server/db";
import { AppError } from "@/lib/server/http/app-error";
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { invalidateUser } from "@/lib/server/cache/token-cache";
import { getBoolOption, getNumberOption } from "@/lib/server/options/store";
import { LOG_TYPE } from "@/lib/constants";
import { recordLog } from "@/lib/server/ledger/journal";
import { assertHumanCheck } from "@/lib/server/auth/human-check";
import { pickCheckInReward, serverLocalDate } from "@/modules/profile/server/check-in-rules";
import { formatQuota } from "@/lib/format";

export type CheckInResult = { quota: number; checkin_date: string };

export async function checkIn(
  user: { id: number; username: string },
  opts: { turnstile?: string; ip?: string } = {},
): Promise<CheckInResult> {
  if (!(await getBoolOption("CheckInEnabled"))) throw new AppError("forbidden", "me_checkin_disabled");
  await assertHumanCheck(opts.turnstile, opts.ip);
  const reward = pickCheckInReward(await getNumberOption("CheckInQuota"), await getNumberOption("CheckInMaxQuota"));
  const quotaPerUnit = await getNumberOption("QuotaPerUnit", 500000);
  const result = await writeAfterFlush(() => creditCheckIn(user, serverLocalDate(), reward, quotaPerUnit), {
    userIds: [user.id],
  });
  invalidateUser(user.id);
  return result;
}

/** The transaction itself; exported for the concurrency tests that bypass the in-process queue. */
export async function creditCheckIn(
  user: { id: number; username: string },
  checkinDate: string,
  reward: number,
  quotaPerUnit: number,
): Promise<CheckInResult> {
  try {
    return await db().$transaction(async (tx) => {
      await tx.checkIn.create({
        data: {
          userId: user.id,
          checkinDate,
          quotaAwarded: BigInt(reward),
          createdAt: Math.floor(Date.now() / 1000),
        },
      });
      await tx.user.update({ where: { id: user.id }, data: { quota: { increment: BigInt(reward) } } });
      const money = formatQuota(reward, { inCurrency: true, quotaPerUnit, digits: 6 });
      await recordLog(
        {
          type: LOG_TYPE.checkin,
          userId: user.id,
          username: user.username,
          quota: reward,
          content: `用户签到，获得额度 ${money} 额度`,
          other: { checkin_date: checkinDate },
        },
        tx,
      );
      return { quota: reward, checkin_date: checkinDate };
    });
  } catch (err) {
    if ((err as { code?: string } | null)?.code === "P2002") throw new AppError("conflict", "me_checkin_already");
    throw err;
  }
}
