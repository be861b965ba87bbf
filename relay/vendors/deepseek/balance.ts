import "server-only";

// DeepSeek's balance: GET {base}/user/balance -> {balance_infos: [{currency, total_balance}]}, the USD
// entry (else the first).
import { bearer, finite, toNumber, type BalanceFetch } from "@/relay/vendors/shared/console-api";

export const balance: BalanceFetch = async (base, key, get) => {
  const json = (await get(`${base}/user/balance`, bearer(key))) as {
    balance_infos?: { currency?: string; total_balance?: unknown }[];
  };
  const infos = json.balance_infos ?? [];
  const info = infos.find((i) => i.currency === "USD") ?? infos[0];
  return finite(toNumber(info?.total_balance));
};
