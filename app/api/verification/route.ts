// GET /api/verification?email&turnstile – mail a 6-digit code (register, bind email); public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { assertHumanCheck } from "@/lib/server/auth/human-check";
import { mailRequestQuerySchema } from "@/modules/auth/schemas/mail-auth";
import { sendVerificationCode } from "@/modules/auth/server/verification/send-verification-code";

export const GET = route({ role: "public", query: mailRequestQuerySchema }, async ({ query, ip, locale, user, t }) => {
  await assertHumanCheck(query.turnstile, ip);
  await sendVerificationCode({ email: query.email, ip, locale, userId: user?.id });
  return envelope(null, t("mail_code_sent"));
});

export type GetVerificationAnswer = RouteAnswer<typeof GET>;
