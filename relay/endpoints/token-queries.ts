import "server-only";

// Read-only queries chat apps (NextChat, LobeChat, ChatBox) and one-api-era dashboards send with their
// sk- key, in new-api's shapes (controller/billing.go, token.go, log.go):
// - GET /dashboard/billing/subscription and /usage (also under /v1/): OpenAI's legacy billing
//   emulation. With DisplayTokenStatEnabled (default) the token's own quota, else its owner's; the
//   amount in the site's display unit (USD: quota / QuotaPerUnit). An unlimited token reports
//   100 000 000. usage.total_usage is in cents, as OpenAI's was.
// - GET /api/usage/token: the token's quota in quota units ({code:true, message:"ok", data}).
// - GET /api/log/token: its latest logs ({success, message, data}).
// The last two accept an expired or exhausted token (TokenAuthReadOnly): its owner still wants to see
// why it stopped. Their errors use the {success:false, message} shape of /api routes.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RelayCaller } from "@/relay/kernel/context";
import { RelayError } from "@/relay/kernel/errors";
import { relayError } from "@/relay/kernel/error-codes";
import { sendError, sendJson } from "@/relay/kernel/http-io";
import { getOptions, type ReadonlyOptions } from "@/lib/server/options/store";
import { getTokenBalance, type TokenBalance } from "@/modules/tokens/server";
import { listTokenLogs } from "@/modules/logs/server";

const SUBSCRIPTION = new Set(["/dashboard/billing/subscription", "/v1/dashboard/billing/subscription"]);
const USAGE = new Set(["/dashboard/billing/usage", "/v1/dashboard/billing/usage"]);
const TOKEN_USAGE = "/api/usage/token";
const TOKEN_LOGS = "/api/log/token";
/** new-api's stand-in for "no limit" in the billing emulation. */
const UNLIMITED_AMOUNT = 100_000_000;

/** Whether `path` (trailing slashes allowed: /api/usage/token/ is new-api's spelling) is one of these. */
export function isTokenQueryPath(path: string): boolean {
  let end = path.length;
  while (end > 1 && path.charCodeAt(end - 1) === 0x2f) end--;
  const p = end === path.length ? path : path.slice(0, end);
  return SUBSCRIPTION.has(p) || USAGE.has(p) || p === TOKEN_USAGE || p === TOKEN_LOGS;
}

type Ctx = {
  requestId: string;
  path: string;
  /** The sk- key's caller (entry/routes.ts), asked for here so its errors take this route's shape. */
  authenticate: (opts: { readOnly: boolean }) => Promise<RelayCaller>;
};

/** Quota in the site's display unit (general_setting.quota_display_type), as new-api converts it. */
function toDisplayAmount(quota: number, options: ReadonlyOptions): number {
  const type = options.str("general_setting.quota_display_type");
  if (type === "TOKENS") return quota;
  const perUnit = options.num("QuotaPerUnit") || 500_000;
  const usd = quota / perUnit;
  if (type === "CNY") return usd * (options.num("USDExchangeRate") || 7.3);
  return usd;
}

async function balanceOf(caller: RelayCaller): Promise<TokenBalance> {
  const balance = caller.token ? await getTokenBalance(caller.token.id, caller.user.id) : null;
  if (!balance) throw relayError("invalid_api_key", { detail: "Invalid API key" });
  return balance;
}

async function billing(caller: RelayCaller, subscription: boolean): Promise<Record<string, unknown>> {
  const b = await balanceOf(caller);
  const options = await getOptions();
  const perToken = options.bool("DisplayTokenStatEnabled");
  if (!subscription) {
    const used = toDisplayAmount(perToken ? b.used : b.userUsed, options);
    return { object: "list", total_usage: used * 100 };
  }
  let amount = toDisplayAmount(perToken ? b.remain + b.used : b.userQuota + b.userUsed, options);
  if (perToken && b.unlimited) amount = UNLIMITED_AMOUNT;
  return {
    object: "billing_subscription",
    has_payment_method: true,
    soft_limit_usd: amount,
    hard_limit_usd: amount,
    system_hard_limit_usd: amount,
    access_until: perToken && b.expiredTime > 0 ? b.expiredTime : 0,
  };
}

function modelLimitMap(list: string): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const m of list.split(",")) if (m.trim()) map[m.trim()] = true;
  return map;
}

async function tokenUsage(caller: RelayCaller): Promise<Record<string, unknown>> {
  const b = await balanceOf(caller);
  return {
    code: true,
    message: "ok",
    data: {
      object: "token_usage",
      name: b.name,
      total_granted: b.remain + b.used,
      total_used: b.used,
      total_available: b.remain,
      unlimited_quota: b.unlimited,
      model_limits: modelLimitMap(b.modelLimits),
      model_limits_enabled: b.modelLimitsEnabled,
      expires_at: b.expiredTime === -1 ? 0 : b.expiredTime,
    },
  };
}

export async function handleTokenQuery(req: IncomingMessage, res: ServerResponse, ctx: Ctx): Promise<void> {
  const openaiShape = SUBSCRIPTION.has(ctx.path) || USAGE.has(ctx.path);
  req.resume();
  try {
    if (req.method !== "GET" && req.method !== "HEAD")
      throw relayError("method_not_allowed", { method: req.method ?? "" });
    const caller = await ctx.authenticate({ readOnly: !openaiShape });
    let body: unknown;
    if (openaiShape) body = await billing(caller, SUBSCRIPTION.has(ctx.path));
    else if (ctx.path === TOKEN_USAGE) body = await tokenUsage(caller);
    else body = { success: true, message: "", data: await listTokenLogs(caller.token!.id) };
    sendJson(res, 200, JSON.stringify(body), ctx.requestId, { "cache-control": "no-store" });
  } catch (err) {
    if (!(err instanceof RelayError)) throw err;
    if (openaiShape) return sendError(res, err, ctx.requestId);
    sendJson(res, err.status, JSON.stringify({ success: false, message: err.message }), ctx.requestId);
  }
}
