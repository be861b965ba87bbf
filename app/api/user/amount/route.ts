// POST /api/user/amount {amount, top_up_code} – the price of an online top-up: data {amount (money to pay), unit_price}; user
import { envelope, route } from "@/lib/server/http/route";
import { topupAmountSchema } from "@/lib/schemas/topup";
import { quoteTopup } from "@/lib/server/services/topup/quote-topup";

export const POST = route({ role: "user", body: topupAmountSchema, bodyLimit: 4096 }, async ({ user, body }) =>
  envelope(await quoteTopup(user, body.amount), "success"),
);
