// POST /api/user/amount {amount, top_up_code} – the price of an online top-up: data {amount (money to pay), unit_price}; user
import { envelope, route, type RouteAnswer } from "@/lib/server/http/route";
import { topupAmountSchema } from "@/modules/wallet/schemas";
import { quoteTopup } from "@/modules/wallet/server/quote-topup";

export const POST = route({ role: "user", body: topupAmountSchema, bodyLimit: 4096 }, async ({ user, body }) =>
  envelope(await quoteTopup(user, body.amount), "success"),
);

export type TopupQuoteAnswer = RouteAnswer<typeof POST>;
