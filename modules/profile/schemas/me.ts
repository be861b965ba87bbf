// Payloads of the personal-settings overview (check-in, invite transfer), shared by the
// /api/user routes and the /app/me dialogs. Issue messages are server message keys.
import { z } from "zod";

/** POST /api/user/aff_transfer body: whole quota units (the minimum, one unit, depends on QuotaPerUnit). */
export const affTransferSchema = z.object({
  quota: z
    .number({ error: "me_aff_transfer_quota_invalid" })
    .int("me_aff_transfer_quota_invalid")
    .min(1, "me_aff_transfer_quota_invalid")
    .max(Number.MAX_SAFE_INTEGER, "me_aff_transfer_quota_invalid"),
});
export type AffTransferInput = z.infer<typeof affTransferSchema>;

/** POST /api/user/check_in query: the optional human-check (Turnstile) token. */
export const checkInQuerySchema = z.object({ turnstile: z.string().max(4096).optional() });

/** GET /api/user/checkin?month=YYYY-MM (new-api's path); absent = this month. */
export const checkInMonthQuerySchema = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "me_checkin_bad_month")
    .optional(),
});
