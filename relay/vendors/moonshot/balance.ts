import "server-only";

// Moonshot's balance: GET {base}/v1/users/me/balance -> {data: {available_balance}}.
import { bearer, finite, toNumber, type BalanceFetch } from "@/relay/vendors/shared/console-api";

export const balance: BalanceFetch = async (base, key, get) => {
  const json = (await get(`${base}/v1/users/me/balance`, bearer(key))) as { data?: { available_balance?: unknown } };
  return finite(toNumber(json.data?.available_balance));
};
