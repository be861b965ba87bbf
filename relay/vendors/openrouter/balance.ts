import "server-only";

// OpenRouter's balance: GET {base}/v1/credits -> {data: {total_credits, total_usage}}.
import { bearer, finite, toNumber, type BalanceFetch } from "@/relay/vendors/shared/console-api";

export const balance: BalanceFetch = async (base, key, get) => {
  const json = (await get(`${base}/v1/credits`, bearer(key))) as {
    data?: { total_credits?: unknown; total_usage?: unknown };
  };
  return finite(toNumber(json.data?.total_credits) - toNumber(json.data?.total_usage ?? 0));
};
