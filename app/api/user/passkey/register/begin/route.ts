// POST /api/user/passkey/register/begin – WebAuthn creation options {options: {publicKey}}; a fresh
// verification first when the account already has 2FA or a passkey
import { envelope, route } from "@/lib/server/http/route";
import { beginPasskeyRegistration } from "@/modules/security/server/passkeys/register-passkey";

export const POST = route({ role: "user" }, async ({ user }) => {
  const { options, cookie } = await beginPasskeyRegistration(user);
  const res = envelope({ options });
  res.headers.append("Set-Cookie", cookie);
  return res;
});
