// POST /api/user/check_in?turnstile= – today's check-in, credits a reward; data {quota, checkin_date}; user
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { checkInQuerySchema } from "@/modules/profile/schemas/me";
import { checkIn } from "@/modules/profile/server/check-in";

export const POST = route({ role: "user", query: checkInQuerySchema }, async ({ user, query, ip, t }) =>
  envelope(await checkIn(user, { turnstile: query.turnstile, ip }), t("me_checkin_success")),
);

export type PostUserCheckInAnswer = RouteAnswer<typeof POST>;
