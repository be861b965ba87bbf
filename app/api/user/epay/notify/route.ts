// GET+POST /api/user/epay/notify – EPay payment notice (query or x-www-form-urlencoded); answers text success/fail; public
import { route } from "@/lib/server/http/route";
import { logger } from "@/lib/server/logger";
import { completeTopupOrder } from "@/modules/wallet/server/complete-topup-order";
import { epayText, readEpayNotice } from "@/modules/wallet/server/payments/epay/notice";

const handle = route({ role: "public" }, async ({ req }) => {
  try {
    const params = await readEpayNotice(req);
    if (params === null) return epayText("fail", 413);
    return epayText((await completeTopupOrder(params)).reply);
  } catch (err) {
    logger().error({ err }, "EPay notice failed");
    return epayText("fail", 500);
  }
});

export const GET = handle;
export const POST = handle;
