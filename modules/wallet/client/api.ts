// Typed calls of the wallet. Online top-up and plans come with a later issue.
import { apiFetch } from "@/lib/client/api";
import type { RedeemCodeAnswer } from "@/app/api/user/topup/route";

/** POST /api/user/topup?turnstile= {key}: redeems a code; data {quota, is_gift}. */
export const redeemCode = ({ key, turnstile }: { key: string; turnstile?: string }) =>
  apiFetch<RedeemCodeAnswer>("/api/user/topup", {
    method: "POST",
    body: { key },
    query: { turnstile },
  }).then((r) => r.data);
