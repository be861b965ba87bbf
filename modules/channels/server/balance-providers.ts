import "server-only";

// How each vendor reports a remaining balance (GET /api/channel/update_balance).
// OpenAI-style: the dashboard billing endpoints over the channel's base URL (subscription hard limit
// minus this period's usage). Which vendor uses which API (and its default base URL) is the vendor
// catalogue's `balance` field (lib/channel-types.ts); a type without one is refused with a clear message.
import { CHANNEL_TYPES, channelTypeInfo, type BalanceApi } from "@/lib/channel-types";
import { upstreamGetJson } from "@/modules/channels/server/upstream-get";

type Fetcher = (base: string, key: string) => Promise<number>;

const day = (d: Date) => d.toISOString().slice(0, 10);
const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? NaN));

function finite(n: number): number {
  if (!Number.isFinite(n)) throw new Error("the upstream answered without a balance");
  return n;
}

const openai: Fetcher = async (base, key) => {
  const headers = { authorization: `Bearer ${key}` };
  const sub = (await upstreamGetJson(`${base}/v1/dashboard/billing/subscription`, headers, [key])) as {
    hard_limit_usd?: unknown;
    has_payment_method?: boolean;
  };
  const now = new Date();
  const start = sub.has_payment_method
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    : new Date(now.getTime() - 100 * 86_400_000);
  const end = new Date(now.getTime() + 86_400_000);
  const usage = (await upstreamGetJson(
    `${base}/v1/dashboard/billing/usage?start_date=${day(start)}&end_date=${day(end)}`,
    headers,
    [key],
  )) as { total_usage?: unknown };
  return finite(num(sub.hard_limit_usd) - num(usage.total_usage ?? 0) / 100);
};

const deepseek: Fetcher = async (base, key) => {
  const json = (await upstreamGetJson(`${base}/user/balance`, { authorization: `Bearer ${key}` }, [key])) as {
    balance_infos?: { currency?: string; total_balance?: unknown }[];
  };
  const infos = json.balance_infos ?? [];
  const info = infos.find((i) => i.currency === "USD") ?? infos[0];
  return finite(num(info?.total_balance));
};

const openrouter: Fetcher = async (base, key) => {
  const json = (await upstreamGetJson(`${base}/v1/credits`, { authorization: `Bearer ${key}` }, [key])) as {
    data?: { total_credits?: unknown; total_usage?: unknown };
  };
  return finite(num(json.data?.total_credits) - num(json.data?.total_usage ?? 0));
};

const moonshot: Fetcher = async (base, key) => {
  const json = (await upstreamGetJson(`${base}/v1/users/me/balance`, { authorization: `Bearer ${key}` }, [key])) as {
    data?: { available_balance?: unknown };
  };
  return finite(num(json.data?.available_balance));
};

const siliconflow: Fetcher = async (base, key) => {
  const json = (await upstreamGetJson(`${base}/v1/user/info`, { authorization: `Bearer ${key}` }, [key])) as {
    data?: { totalBalance?: unknown };
  };
  return finite(num(json.data?.totalBalance));
};

const FETCHERS: Record<BalanceApi, Fetcher> = { openai, deepseek, openrouter, moonshot, siliconflow };

/** The balance fetcher and default base URL of a channel type (null: the vendor has no balance API). */
export function balanceProviderFor(type: number): [Fetcher, string] | null {
  const v = channelTypeInfo(type);
  return v?.balance ? [FETCHERS[v.balance], v.defaultBaseUrl ?? ""] : null;
}

/** Channel types with a balance API. */
export const BALANCE_TYPES: number[] = CHANNEL_TYPES.filter((v) => v.balance).map((v) => v.id);
