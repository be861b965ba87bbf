// GET+POST /api/subscription/epay/return – the browser back from the gateway: the signed fields are
// checked and the order completed as a notice would (new-api's SubscriptionEpayReturn), then the
// wallet opens with ?pay=success|pending|fail; public
import { route } from "@/lib/server/http/route";
import { logger } from "@/lib/server/logger";
import { readEpayNotice } from "@/modules/wallet/server";
import { completeEpayOrder } from "@/modules/subscriptions/server/complete-epay-order";

const toWallet = (pay: "success" | "pending" | "fail") =>
  new Response(null, { status: 302, headers: { location: `/app/wallet?pay=${pay}` } });

const handle = route({ role: "public" }, async ({ req }) => {
  try {
    const params = await readEpayNotice(req);
    if (params === null) return toWallet("fail");
    const outcome = await completeEpayOrder(params);
    if (outcome.reply === "fail") return toWallet("fail");
    return toWallet(outcome.reason === "not_paid" ? "pending" : "success");
  } catch (err) {
    logger().error({ err }, "subscription EPay return failed");
    return toWallet("fail");
  }
});

export const GET = handle;
export const POST = handle;
