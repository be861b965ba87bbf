// Typed calls of the wallet. Online top-up and plans come with a later issue.
import { apiData, apiFetch } from "@/lib/client/api";

export type SelfAccount = {
  id: number;
  username: string;
  quota: number;
  used_quota: number;
  request_count: number;
  group: string;
};

export const fetchSelf = (signal?: AbortSignal) => apiData<SelfAccount>("/api/user/self", { signal });
/** POST /api/user/topup?turnstile= {key}: redeems a code; data {quota, is_gift}. */
export const redeemCode = ({ key, turnstile }: { key: string; turnstile?: string }) =>
  apiFetch<{ quota: number; is_gift: boolean }>("/api/user/topup", {
    method: "POST",
    body: { key },
    query: { turnstile },
  }).then((r) => r.data);
