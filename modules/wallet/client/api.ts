// Typed calls of the wallet. Online top-up and plans come with a later issue.
import { apiFetch } from "@/lib/client/api";

/** POST /api/user/topup?turnstile= {key}: redeems a code; data {quota, is_gift}. */
export const redeemCode = ({ key, turnstile }: { key: string; turnstile?: string }) =>
  apiFetch<{ quota: number; is_gift: boolean }>("/api/user/topup", {
    method: "POST",
    body: { key },
    query: { turnstile },
  }).then((r) => r.data);
