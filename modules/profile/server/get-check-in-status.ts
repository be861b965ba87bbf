import "server-only";

// GET /api/user/check_in_status: whether the caller can check in today.
import { db } from "@/lib/server/db";
import { getBoolOption, getNumberOption } from "@/lib/server/options/store";
import { checkInRewardRange, serverLocalDate } from "@/modules/profile/server/check-in-rules";

export type CheckInStatus = {
  enabled: boolean;
  can_check_in: boolean;
  checked_in_today: boolean;
  /** Today's reward once checked in, else 0. */
  quota_awarded: number;
  checkin_date: string;
  /** The reward range shown on the card (CheckInQuota, optional CheckInMaxQuota). */
  reward_min: number;
  reward_max: number;
};

export async function getCheckInStatus(userId: number): Promise<CheckInStatus> {
  const enabled = await getBoolOption("CheckInEnabled");
  const checkinDate = serverLocalDate();
  const today = await db().checkIn.findUnique({
    where: { userId_checkinDate: { userId, checkinDate } },
    select: { quotaAwarded: true },
  });
  const [rewardMin, rewardMax] = checkInRewardRange(
    await getNumberOption("CheckInQuota"),
    await getNumberOption("CheckInMaxQuota"),
  );
  return {
    enabled,
    can_check_in: enabled && !today,
    checked_in_today: !!today,
    quota_awarded: today ? Number(today.quotaAwarded) : 0,
    checkin_date: checkinDate,
    reward_min: rewardMin,
    reward_max: rewardMax,
  };
}
