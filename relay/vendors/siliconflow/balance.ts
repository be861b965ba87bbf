import "server-only";

// SiliconFlow's balance: GET {base}/v1/user/info -> {data: {totalBalance}}.
import { bearer, finite, toNumber, type BalanceFetch } from "@/relay/vendors/shared/console-api";

export const balance: BalanceFetch = async (base, key, get) => {
  const json = (await get(`${base}/v1/user/info`, bearer(key))) as { data?: { totalBalance?: unknown } };
  return finite(toNumber(json.data?.totalBalance));
};
