import "server-only";

// GET /api/user/checkin?month=YYYY-MM (new-api's path, read by the all-api-hub extension and
// check-in bots): the reward range and the caller's check-ins, as new-api's model.GetUserCheckinStats
// answers them: the month's records (newest first), whether today is done, and the all-time totals.
import { db } from "@/lib/server/db";
import { getNumberOption } from "@/lib/server/options/store";
import { checkInRewardRange, serverLocalDate } from "@/modules/profile/server/check-in-rules";

export type CheckInMonth = {
  enabled: true;
  min_quota: number;
  max_quota: number;
  stats: {
    total_quota: number;
    total_checkins: number;
    checkin_count: number;
    checked_in_today: boolean;
    records: { checkin_date: string; quota_awarded: number }[];
  };
};

/** The caller's check-ins in `month` (YYYY-MM, server-local; default this month). */
export async function getCheckInMonth(userId: number, month?: string): Promise<CheckInMonth> {
  const today = serverLocalDate();
  const m = month ?? today.slice(0, 7);
  const [records, totals, todayRow] = await Promise.all([
    db().checkIn.findMany({
      where: { userId, checkinDate: { gte: `${m}-01`, lte: `${m}-31` } },
      select: { checkinDate: true, quotaAwarded: true },
      orderBy: { checkinDate: "desc" },
    }),
    db().checkIn.aggregate({ where: { userId }, _count: { _all: true }, _sum: { quotaAwarded: true } }),
    db().checkIn.findUnique({ where: { userId_checkinDate: { userId, checkinDate: today } }, select: { id: true } }),
  ]);
  const [minQuota, maxQuota] = checkInRewardRange(
    await getNumberOption("CheckInQuota"),
    await getNumberOption("CheckInMaxQuota"),
  );
  return {
    enabled: true,
    min_quota: minQuota,
    max_quota: maxQuota,
    stats: {
      total_quota: Number(totals._sum.quotaAwarded ?? 0n),
      total_checkins: totals._count._all,
      checkin_count: records.length,
      checked_in_today: !!todayRow,
      records: records.map((r) => ({ checkin_date: r.checkinDate, quota_awarded: Number(r.quotaAwarded) })),
    },
  };
}
