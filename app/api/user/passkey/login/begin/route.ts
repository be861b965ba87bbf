// POST /api/user/passkey/login/begin – options for a sign-in with any passkey of this site (no name asked)
import { envelope, route } from "@/lib/server/http/route";
import { beginAssertion } from "@/modules/security/server/passkeys/assert-passkey";

export const POST = route({ role: "public", critical: true }, async () => {
  const { options, cookie } = await beginAssertion("webauthn_login");
  const res = envelope({ options });
  res.headers.append("Set-Cookie", cookie);
  return res;
});
