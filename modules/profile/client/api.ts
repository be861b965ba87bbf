// Typed calls of the personal-settings overview: own account, check-in, invite code and
// transfer, profile and password, system token, account deletion.
import { apiData, apiFetch } from "@/lib/client/api";
import type { AffTransferInput } from "@/modules/profile/schemas/me";
import type { UpdateSelfInput } from "@/modules/users/client";
import type { UnbindableProvider } from "@/modules/profile/schemas/unbind";
import type { GetUserSelfAnswer } from "@/app/api/user/self/route";
import type { GetUserCheckInStatusAnswer } from "@/app/api/user/check_in_status/route";
import type { PostUserCheckInAnswer } from "@/app/api/user/check_in/route";
import type { PostUserAffTransferAnswer } from "@/app/api/user/aff_transfer/route";

/** GET /api/user/self: the whole own account (the wallet reads a subset of the same call). */
export type SelfProfile = GetUserSelfAnswer;
export type CheckInStatus = GetUserCheckInStatusAnswer;

export const fetchSelfProfile = (signal?: AbortSignal) => apiData<SelfProfile>("/api/user/self", { signal });
export const fetchCheckInStatus = (signal?: AbortSignal) =>
  apiData<GetUserCheckInStatusAnswer>("/api/user/check_in_status", { signal });
/** POST /api/user/check_in?turnstile=: data.quota is the reward. */
export const checkIn = (turnstile?: string) =>
  apiData<PostUserCheckInAnswer>("/api/user/check_in", { method: "POST", query: { turnstile } });
export const fetchAffCode = (signal?: AbortSignal) => apiData<string>("/api/user/aff", { signal });
export const transferAffQuota = (input: AffTransferInput) =>
  apiData<PostUserAffTransferAnswer>("/api/user/aff_transfer", { method: "POST", body: input });
export const updateSelf = (input: UpdateSelfInput) =>
  apiFetch<null>("/api/user/self", { method: "PUT", body: input }).then((r) => r.message);
/** GET /api/user/token: a new system access token (the old one stops working). */
export const resetAccessToken = () => apiData<string>("/api/user/token");
export const deleteSelf = () => apiFetch<null>("/api/user/self", { method: "DELETE" }).then((r) => r.message);
/** POST /api/user/unbind: detach a sign-in identity; resolves with the server's message. */
export const unbindIdentity = (provider: UnbindableProvider) =>
  apiFetch<null>("/api/user/unbind", { method: "POST", body: { provider } }).then((r) => r.message);
