import "server-only";

// OpenAI's remaining balance: the dashboard billing endpoints over the channel's base URL (the
// subscription's hard limit minus this period's usage, which the API reports in cents).
import { bearer, finite, toNumber, type BalanceFetch } from "@/relay/vendors/shared/console-api";

const day = (d: Date) => d.toISOString().slice(0, 10);

export const balance: BalanceFetch = async (base, key, get) => {
  const headers = bearer(key);
  const sub = (await get(`${base}/v1/dashboard/billing/subscription`, headers)) as {
    hard_limit_usd?: unknown;
    has_payment_method?: boolean;
  };
  const now = new Date();
  const start = sub.has_payment_method
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    : new Date(now.getTime() - 100 * 86_400_000);
  const end = new Date(now.getTime() + 86_400_000);
  const usage = (await get(
    `${base}/v1/dashboard/billing/usage?start_date=${day(start)}&end_date=${day(end)}`,
    headers,
  )) as { total_usage?: unknown };
  return finite(toNumber(sub.hard_limit_usd) - toNumber(usage.total_usage ?? 0) / 100);
};
