// Passkey ceremonies in the browser: the server's options (new-api's {options: {publicKey}}) to
// @simplewebauthn/browser, its credential JSON back to the finish route.
import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/browser";
import { apiData, apiFetch } from "@/lib/client/api";
import type { StoredUser } from "@/lib/client/storage";
import type { GetUserPasskeyAnswer } from "@/app/api/user/passkey/route";

/** GET /api/user/passkey (the route's answer) and one passkey of it. */
export type PasskeyStatus = GetUserPasskeyAnswer;
export type PasskeyItem = PasskeyStatus["passkeys"][number];

type Begun<T> = { options: { publicKey: T } };

export const getPasskeys = () => apiData<PasskeyStatus>("/api/user/passkey");
export const deletePasskey = (id: number) => apiFetch<null>(`/api/user/passkey?id=${id}`, { method: "DELETE" });

export async function registerPasskey(): Promise<void> {
  const begun = await apiData<Begun<PublicKeyCredentialCreationOptionsJSON>>("/api/user/passkey/register/begin", {
    method: "POST",
  });
  const credential = await startRegistration({ optionsJSON: begun.options.publicKey });
  await apiFetch<null>("/api/user/passkey/register/finish", { method: "POST", body: credential });
}

/** Username-less sign-in: the session user, as the password step answers it. */
export async function signInWithPasskey(): Promise<StoredUser> {
  const begun = await apiData<Begun<PublicKeyCredentialRequestOptionsJSON>>("/api/user/passkey/login/begin", {
    method: "POST",
  });
  const assertion = await startAuthentication({ optionsJSON: begun.options.publicKey });
  return apiData<StoredUser>("/api/user/passkey/login/finish", { method: "POST", body: assertion });
}

/** Secure verification with a passkey: the assertion, then POST /api/verify {method: "passkey"}. */
export async function verifyWithPasskey(): Promise<void> {
  const begun = await apiData<Begun<PublicKeyCredentialRequestOptionsJSON>>("/api/user/passkey/verify/begin", {
    method: "POST",
  });
  const assertion = await startAuthentication({ optionsJSON: begun.options.publicKey });
  await apiFetch<null>("/api/user/passkey/verify/finish", { method: "POST", body: assertion });
  await apiData("/api/verify", { method: "POST", body: { method: "passkey" } });
}
