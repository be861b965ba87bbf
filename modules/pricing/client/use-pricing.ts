"use client";

import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api";
import type { PricingAnswer } from "@/app/api/pricing/route";

/** GET /api/pricing's body: the route's answer type. */
export type PricingResponse = PricingAnswer;
export const pricingKeys = { all: ["pricing"] as const };

/** GET /api/pricing: group_ratio and usable_group come beside data in the envelope. */
async function fetchPricing(signal?: AbortSignal): Promise<PricingResponse> {
  const body = (await apiFetch<PricingAnswer["data"]>("/api/pricing", {
    signal,
  })) as unknown as Partial<PricingResponse>;
  return { data: body.data ?? [], group_ratio: body.group_ratio ?? {}, usable_group: body.usable_group ?? {} };
}

export function usePricing() {
  return useQuery({ queryKey: pricingKeys.all, queryFn: ({ signal }) => fetchPricing(signal) });
}
