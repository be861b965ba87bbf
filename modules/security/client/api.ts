// Typed fetchers of the security routes (two-factor, secure verification, sessions, key read-back).
import { apiData, apiFetch } from "@/lib/client/api";
import type { StoredUser } from "@/lib/client/storage";
import type { GetUserSessionsAnswer } from "@/app/api/user/sessions/route";

export type TwoFactorStatus = { enabled: boolean; locked: boolean; backup_codes_remaining?: number };
export type TwoFactorSetup = { secret: string; qr_code_data: string; backup_codes: string[] };
export type VerifyMethods = { two_fa: boolean; passkey: boolean; password: boolean };
export type VerifyStatus = { verified: boolean; expires_at?: number; methods: VerifyMethods };
export type VerifyBody = { method: "2fa" | "passkey" | "password"; code?: string; password?: string };
/** One signed-in session as GET /api/user/sessions lists it (the route's answer). */
export type LoginSession = GetUserSessionsAnswer[number];

export const getTwoFactorStatus = () => apiData<TwoFactorStatus>("/api/user/2fa/status");
export const setupTwoFactor = () => apiData<TwoFactorSetup>("/api/user/2fa/setup", { method: "POST" });
export const enableTwoFactor = (code: string) =>
  apiFetch<null>("/api/user/2fa/enable", { method: "POST", body: { code } });
export const disableTwoFactor = (code: string) =>
  apiFetch<null>("/api/user/2fa/disable", { method: "POST", body: { code } });
export const regenerateBackupCodes = (code: string) =>
  apiData<{ backup_codes: string[] }>("/api/user/2fa/backup_codes", { method: "POST", body: { code } });

/** The sign-in's second step: the session user, as the password step answers it without 2FA. */
export const loginSecondStep = (code: string) =>
  apiData<StoredUser>("/api/user/login/2fa", { method: "POST", body: { code } });

export const getVerifyStatus = () => apiData<VerifyStatus>("/api/verify/status");
export const secureVerify = (body: VerifyBody) =>
  apiData<{ verified: boolean }>("/api/verify", { method: "POST", body });

export const listSessions = () => apiData<LoginSession[]>("/api/user/sessions");
export const endSession = (sid: string) =>
  apiData<{ revoked_sid: string; current: boolean }>(`/api/user/sessions/${encodeURIComponent(sid)}`, {
    method: "DELETE",
  });
export const endOtherSessions = () =>
  apiData<{ revoked_count: number }>("/api/user/sessions/revoke-others", { method: "POST" });

export const readChannelKey = (id: number) => apiData<{ key: string }>(`/api/channel/${id}/key`, { method: "POST" });
