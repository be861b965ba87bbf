import "server-only";

// The password step's answer for a user with two-factor on (new-api's Login): success with
// {require_2fa: true}, no session cookie, only the pending sign-in's; null when no second step is due.
import { envelope } from "@/lib/server/http/route";
import type { ServerMessageKey } from "@/lib/server/i18n/server-messages";
import { beginSecondStep } from "@/modules/security/server/two-factor/second-step";

export async function secondStepAnswer(
  user: { id: number; authVersion: number },
  t: (key: ServerMessageKey) => string,
): Promise<Response | null> {
  const pending = await beginSecondStep(user);
  if (!pending) return null;
  const res = envelope({ require_2fa: true }, t("login_require_2fa"));
  res.headers.append("Set-Cookie", pending);
  return res;
}
