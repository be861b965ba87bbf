// POST /api/user/passkey/verify/begin – options for an assertion with one of the caller's passkeys (secure verification)
import { envelope, route } from "@/lib/server/http/route";
import { beginAssertion } from "@/modules/security/server/passkeys/assert-passkey";

export const POST = route({ role: "user" }, async ({ user }) => {
  const { options, cookie } = await beginAssertion("webauthn_verify", user.id);
  const res = envelope({ options });
  res.headers.append("Set-Cookie", cookie);
  return res;
});
