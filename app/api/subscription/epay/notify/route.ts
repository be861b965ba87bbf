// GET+POST /api/subscription/epay/notify – the gateway's notice for a plan order (query or form);
// answers text success/fail as the wallet's notice; public
import { route } from "@/lib/server/http/route";
import { logger } from "@/lib/server/logger";
import { epayText, readEpayNotice } from "@/modules/wallet/server";
import { completeEpayOrder } from "@/modules/subscriptions/server/complete-epay-order";

const handle = route({ role: "public" }, async ({ req }) => {
  try {
    const params = await readEpayNotice(req);
    if (params === null) return epayText("fail", 413);
    return epayText((await completeEpayOrder(params)).reply);
  } catch (err) {
    logger().error({ err }, "subscription EPay notice failed");
    return epayText("fail", 500);
  }
});

export const GET = handle;
export const POST = handle;
