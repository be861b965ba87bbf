// Typed calls of the online top-up (GET /api/user/topup/info and /self).
import { apiData, apiFetch } from "@/lib/client/api";
import type { PageResult } from "@/lib/schemas/pagination";
import type { TopupPaymentMethod } from "@/modules/wallet/schemas";

export type TopupInfo = {
  enable_online_topup: boolean;
  enable_redemption: boolean;
  min_topup: number;
  pay_methods: { type: TopupPaymentMethod; name: string }[];
  amount_options: number[];
  topup_link: string;
};

export type TopupQuote = { amount: number; unit_price: number };

export type TopupRecord = {
  id: number;
  user_id: number;
  username: string;
  amount: number;
  money: number;
  trade_no: string;
  payment_method: string;
  payment_provider: string;
  create_time: number;
  complete_time: number;
  status: string;
};

/** The gateway's form: POSTed by the browser to `url` with `fields`. */
export type TopupOrder = { url: string; fields: Record<string, string> };

export const fetchTopupInfo = (signal?: AbortSignal) => apiData<TopupInfo>("/api/user/topup/info", { signal });

export const fetchTopupQuote = (amount: number, signal?: AbortSignal) =>
  apiData<TopupQuote>("/api/user/amount", { method: "POST", body: { amount, top_up_code: "" }, signal });

export async function createTopupOrder(input: { amount: number; payment_method: TopupPaymentMethod }) {
  const res = await apiFetch<Record<string, string>>("/api/user/pay", {
    method: "POST",
    body: { ...input, top_up_code: "" },
  });
  return { url: String((res as { url?: unknown }).url ?? ""), fields: res.data } satisfies TopupOrder;
}

export const fetchTopupRecords = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiData<PageResult<TopupRecord>>("/api/user/topup/self", { query: { p: page, page_size: pageSize }, signal });
