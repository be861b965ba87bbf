// POST /api/user/reset {email, token} – use a reset link; data is the new password (shown once); public
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { resetConfirmSchema } from "@/modules/auth/schemas/mail-auth";
import { confirmPasswordReset } from "@/modules/auth/server/password-reset/confirm-password-reset";

export const POST = route({ role: "public", critical: true, body: resetConfirmSchema }, async ({ body, t }) =>
  envelope(await confirmPasswordReset(body), t("mail_reset_done")),
);

export type PostUserResetAnswer = RouteAnswer<typeof POST>;
