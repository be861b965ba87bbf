// Typed calls of the e-mail features: password reset request and confirmation, and
// binding an address to the signed-in account.
import { apiData, apiFetch } from "@/lib/client/api";

/** GET /api/reset_password?email&turnstile: the server's success message. */
export const requestPasswordReset = (input: { email: string; turnstile?: string }) =>
  apiFetch<null>("/api/reset_password", { query: input }).then((r) => r.message);

/** POST /api/user/reset {email, token}: data is the new password. */
export const confirmPasswordReset = (input: { email: string; token: string }) =>
  apiData<string>("/api/user/reset", { method: "POST", body: input });

/** GET /api/oauth/email/bind?email&code: the server's success message (绑定成功！). */
export const bindEmail = (input: { email: string; code: string }) =>
  apiFetch<null>("/api/oauth/email/bind", { query: input }).then((r) => r.message);
