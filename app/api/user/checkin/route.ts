// GET /api/user/checkin?month=YYYY-MM and POST /api/user/checkin?turnstile= – new-api's check-in
// paths, beside the specification's /api/user/check_in and /check_in_status (both stay); user.
// As new-api (and what the all-api-hub extension and check-in bots read): GET answers {enabled,
// min_quota, max_quota, stats: {total_quota, total_checkins, checkin_count, checked_in_today,
// records}}; POST answers {quota_awarded, checkin_date} with 签到成功; "not enabled" and "already
// checked in" are HTTP 200 {success:false, message} there, not 403/409.
import { NextResponse } from "next/server";
import { envelope, route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { getBoolOption } from "@/lib/server/options/store";
import { checkInMonthQuerySchema, checkInQuerySchema } from "@/modules/profile/schemas/me";
import { checkIn } from "@/modules/profile/server/check-in";
import { getCheckInMonth } from "@/modules/profile/server/get-check-in-month";

/** new-api's answer to a refused check-in: 200 with the message. */
const NEW_API_200 = new Set(["me_checkin_disabled", "me_checkin_already"]);

export const GET = route({ role: "user", query: checkInMonthQuerySchema }, async ({ user, query, t }) => {
  if (!(await getBoolOption("CheckInEnabled")))
    return NextResponse.json({ success: false, message: t("me_checkin_disabled") });
  return getCheckInMonth(user.id, query.month);
});

export const POST = route({ role: "user", query: checkInQuerySchema }, async ({ user, query, ip, t }) => {
  try {
    const done = await checkIn(user, { turnstile: query.turnstile, ip });
    return envelope({ quota_awarded: done.quota, checkin_date: done.checkin_date }, t("me_checkin_success"));
  } catch (err) {
    if (err instanceof AppError && NEW_API_200.has(err.key))
      return NextResponse.json({ success: false, message: t(err.key) });
    throw err;
  }
});
