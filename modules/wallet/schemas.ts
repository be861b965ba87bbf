// Online top-up payloads, shared by /api/user/amount, /api/user/pay and
// the top-up dialog. Issue messages are server message keys. The amount is in USD units (1 = one
// dollar = QuotaPerUnit quota); the minimum comes from the MinTopUp option and is checked by the
// server (and by the dialog from GET /api/user/topup/info).
import { z } from "zod";
import { pageQuerySchema } from "@/lib/schemas/pagination";

/** Quick amounts of the dialog, in USD. */
export const TOPUP_AMOUNT_OPTIONS = [1, 10, 50, 100, 500, 1000] as const;
export const TOPUP_AMOUNT_MAX = 1_000_000;
export const TOPUP_PAYMENT_METHODS = ["zfb", "wx"] as const;
export type TopupPaymentMethod = (typeof TOPUP_PAYMENT_METHODS)[number];

export const topupAmountSchema = z.object({
  amount: z.coerce
    .number({ error: "topup_amount_invalid" })
    .int("topup_amount_invalid")
    .min(1, "topup_amount_invalid")
    .max(TOPUP_AMOUNT_MAX, "topup_amount_too_large"),
  // Reserved by the contract (a promotion code); accepted and ignored.
  top_up_code: z.string().max(64).optional(),
});
export type TopupAmountInput = z.infer<typeof topupAmountSchema>;

/** new-api's names of the same methods (its EPay types), accepted from new-api clients. */
const PAYMENT_METHOD_ALIASES: Record<string, TopupPaymentMethod> = { alipay: "zfb", wxpay: "wx" };

export const topupPaySchema = topupAmountSchema.extend({
  payment_method: z.preprocess(
    (v) => (typeof v === "string" && Object.hasOwn(PAYMENT_METHOD_ALIASES, v) ? PAYMENT_METHOD_ALIASES[v] : v),
    z.enum(TOPUP_PAYMENT_METHODS, { error: "topup_payment_method_invalid" }),
  ),
});
export type TopupPayInput = z.infer<typeof topupPaySchema>;

export const topupListQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().max(64).optional(),
});
export type TopupListQuery = z.infer<typeof topupListQuerySchema>;

/** What the dialog does with a typed amount: an amount below 1 becomes 1. */
export function normaliseTopupAmount(raw: string): number {
  const n = Math.floor(Number(raw));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, TOPUP_AMOUNT_MAX);
}
