// POST /api/user/pay {amount, top_up_code, payment_method zfb|wx (or new-api's alipay|wxpay)} – opens an EPay order: data = the form fields, url beside data; user
import { NextResponse } from "next/server";
import { route } from "@/lib/server/http/route";
import { topupPaySchema } from "@/modules/wallet/schemas";
import { createTopupOrder } from "@/modules/wallet/server/create-topup-order";

// new-api answers {message:"success", data:{form fields}, url}; the same shape with success:true.
export const POST = route({ role: "user", body: topupPaySchema, bodyLimit: 4096 }, async ({ user, body }) => {
  const order = await createTopupOrder(user, body);
  return NextResponse.json({ success: true, message: "success", data: order.params, url: order.url });
});
