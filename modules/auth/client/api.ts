// Typed fetchers for the pre-login screens (setup, login, register). Components never call fetch
// directly; they go through the hooks next to this file.
import { apiData, apiFetch } from "@/lib/client/api";
import type { StoredUser } from "@/lib/client/storage";
import type { SetupBody } from "@/modules/users/client";
import type { SetupStatus } from "@/modules/auth/server/setup/get-setup-status";

export type { SetupStatus };

export type LoginBody = { username: string; password: string };

/** The human-check token (Turnstile) some calls carry in their `turnstile` query parameter. */
export type HumanCheckToken = { turnstile?: string };

export type RegisterBody = {
  username: string;
  password: string;
  password2: string;
  email: string;
  verification_code: string;
  aff_code: string;
};

export function fetchSetupStatus(signal?: AbortSignal): Promise<SetupStatus> {
  return apiData<SetupStatus>("/api/setup", { signal });
}

export async function submitSetup(body: SetupBody): Promise<void> {
  await apiFetch<null>("/api/setup", { method: "POST", body });
}

export function login({ turnstile, ...body }: LoginBody & HumanCheckToken): Promise<StoredUser> {
  return apiData<StoredUser>("/api/user/login", { method: "POST", body, query: { turnstile } });
}

export async function register({ turnstile, ...body }: RegisterBody & HumanCheckToken): Promise<void> {
  await apiFetch<null>("/api/user/register", { method: "POST", body, query: { turnstile } });
}

/** GET /api/verification?email&turnstile (register and email binding). */
export async function sendVerificationCode(email: string, turnstile = ""): Promise<void> {
  await apiFetch<null>("/api/verification", { query: { email, turnstile } });
}
