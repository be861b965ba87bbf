// Typed calls of the online top-up (GET /api/user/topup/info and /self).
import { apiData, apiFetch } from "@/lib/client/api";
import type { TopupInfoAnswer } from "@/app/api/user/topup/info/route";
import type { TopupQuoteAnswer } from "@/app/api/user/amount/route";
import type { ListTopupsAnswer } from "@/app/api/user/topup/self/route";
import type { TopupPaymentMethod } from "@/modules/wallet/schemas";

export type TopupInfo = TopupInfoAnswer;
export type TopupQuote = TopupQuoteAnswer;
export type TopupRecord = ListTopupsAnswer["items"][number];
/** The gateway's form: POSTed by the browser to `url` with `fields`. */
export type TopupOrder = { url: string; fields: Record<string, string> };

export const fetchTopupInfo = (signal?: AbortSignal) => apiData<TopupInfoAnswer>("/api/user/topup/info", { signal });

export const fetchTopupQuote = (amount: number, signal?: AbortSignal) =>
  apiData<TopupQuoteAnswer>("/api/user/amount", { method: "POST", body: { amount, top_up_code: "" }, signal });

export async function createTopupOrder(input: { amount: number; payment_method: TopupPaymentMethod }) {
  const res = await apiFetch<Record<string, string>>("/api/user/pay", {
    method: "POST",
    body: { ...input, top_up_code: "" },
  });
  return { url: String((res as { url?: unknown }).url ?? ""), fields: res.data } satisfies TopupOrder;
}

export const fetchTopupRecords = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiData<ListTopupsAnswer>("/api/user/topup/self", { query: { p: page, page_size: pageSize }, signal });
