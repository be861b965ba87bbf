// POST /api/subscription/epay/pay {plan_id, payment_method alipay|wxpay (or zfb|wx)} – opens an EPay
// order for a plan: new-api's {message:"success", data:{form fields}, url}, with success:true; user
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { epayPayBodySchema } from "@/modules/subscriptions/schemas";
import { createEpayOrder } from "@/modules/subscriptions/server/create-epay-order";

export const POST = route(
  { role: "user", body: epayPayBodySchema, bodyLimit: 4096, critical: true },
  async ({ user, body }) => {
    const order = await createEpayOrder(user.id, body.plan_id, body.payment_method);
    return NextResponse.json({ success: true, message: "success", data: order.params, url: order.url });
  },
);
