// GET /api/reset_password?email&turnstile – mail a password-reset link (same answer for any address); public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { assertHumanCheck } from "@/lib/server/auth/human-check";
import { mailRequestQuerySchema } from "@/modules/auth/schemas/mail-auth";
import { requestPasswordReset } from "@/modules/auth/server/password-reset/request-password-reset";

export const GET = route(
  { role: "public", critical: true, query: mailRequestQuerySchema },
  async ({ query, ip, locale, t }) => {
    await assertHumanCheck(query.turnstile, ip);
    await requestPasswordReset({ email: query.email, ip, locale });
    return envelope(null, t("mail_reset_sent"));
  },
);

export type GetResetPasswordAnswer = RouteAnswer<typeof GET>;
