// GET /api/oauth/email/bind?email&code (POST {email, code} too) – bind or change the own e-mail; user
import type { NextRequest } from "next/server";
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/http/app-error";
import { bindEmailSchema, type BindEmailInput } from "@/modules/auth/schemas/mail-auth";
import type { CurrentUser } from "@/lib/server/auth/current-user";
import { bindEmail } from "@/modules/auth/server/verification/bind-email";
import { requireSensitiveProof } from "@/modules/security/server";

// A state-changing GET: SameSite=Lax cookies ride along on a top-level navigation from another
// site, so a forged link could bind the attacker's address (and then reset the password). The
// console always sends New-Api-User, which a navigation cannot; browsers also mark such a
// navigation Sec-Fetch-Site: cross-site. Access-token callers (scripts) are not cookie-driven.
function assertNotForged(req: NextRequest, user: CurrentUser) {
  if (user.via !== "session") return;
  const site = req.headers.get("sec-fetch-site");
  if (!req.headers.get("new-api-user") || (site && site !== "same-origin" && site !== "none")) {
    throw new AppError("forbidden", "cross_site_refused");
  }
}

async function handle({
  req,
  user,
  input,
  t,
}: {
  req: NextRequest;
  user: CurrentUser;
  input: BindEmailInput;
  t: (k: "mail_bind_success") => string;
}) {
  assertNotForged(req, user);
  await requireSensitiveProof(user); // changing the e-mail changes where password resets go
  await bindEmail(user.id, input);
  return envelope(null, t("mail_bind_success"));
}

export const GET = route({ role: "user", query: bindEmailSchema }, ({ req, user, query, t }) =>
  handle({ req, user, input: query, t }),
);

export const POST = route({ role: "user", body: bindEmailSchema }, ({ req, user, body, t }) =>
  handle({ req, user, input: body, t }),
);

export type GetOauthEmailBindAnswer = RouteAnswer<typeof GET>;
export type PostOauthEmailBindAnswer = RouteAnswer<typeof POST>;
