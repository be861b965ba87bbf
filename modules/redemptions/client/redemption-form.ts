// The redemption drawer's draft (strings, as typed) and its conversion to the API payload, validated
// with the same zod schemas as the server (messages are server keys).
import type { Redemption, RedemptionPayload } from "@/modules/redemptions/client/api";
import {
  createRedemptionSchema,
  REDEMPTION_DEFAULTS,
  updateRedemptionSchema,
  validWindowOk,
} from "@/modules/redemptions/schemas";
import { REDEMPTION_STATUS } from "@/lib/constants";
import { toLocalInput as dateToLocalInput } from "@/lib/format-time";

export type RedemptionFormValues = {
  name: string;
  quota: string;
  count: string;
  is_gift: boolean;
  unlimited: boolean;
  max_uses: string;
  valid_from: string; // datetime-local text, "" = none
  valid_until: string;
  key: string;
};

/** Unix seconds → the value of an <input type="datetime-local"> in the viewer's zone ("" for 0). */
export function toLocalInput(seconds: number): string {
  return seconds ? dateToLocalInput(new Date(seconds * 1000)) : "";
}

/** The reverse; "" → 0 (none), an unparsable text → NaN (refused by the schema). */
export function fromLocalInput(text: string): number {
  if (!text.trim()) return 0;
  const ms = new Date(text).getTime();
  return Number.isNaN(ms) ? Number.NaN : Math.floor(ms / 1000);
}

export function emptyRedemptionForm(): RedemptionFormValues {
  return {
    name: "",
    quota: String(REDEMPTION_DEFAULTS.quota),
    count: String(REDEMPTION_DEFAULTS.count),
    is_gift: false,
    unlimited: false,
    max_uses: "1",
    valid_from: "",
    valid_until: "",
    key: "",
  };
}

export function redemptionToForm(c: Redemption): RedemptionFormValues {
  return {
    name: c.name,
    quota: String(c.quota),
    count: "1",
    is_gift: c.is_gift,
    unlimited: c.max_uses === -1,
    max_uses: c.max_uses === -1 ? "1" : String(c.max_uses),
    valid_from: toLocalInput(c.valid_from),
    valid_until: toLocalInput(c.valid_until),
    key: c.key,
  };
}

const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

function fields(v: RedemptionFormValues) {
  return {
    name: v.name.trim(),
    quota: num(v.quota),
    is_gift: v.is_gift,
    max_uses: v.unlimited ? -1 : num(v.max_uses),
    valid_from: fromLocalInput(v.valid_from),
    valid_until: fromLocalInput(v.valid_until),
  };
}

export type RedemptionFormResult =
  { ok: true; payload: RedemptionPayload } | { ok: false; field: string; message: string /* server message key */ };

export function formToPayload(v: RedemptionFormValues, mode: "create" | "edit"): RedemptionFormResult {
  if (mode === "create") {
    const parsed = createRedemptionSchema.safeParse({ ...fields(v), count: num(v.count), key: v.key.trim() });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return { ok: false, field: String(issue.path[0] ?? ""), message: issue.message };
    }
    return { ok: true, payload: parsed.data };
  }
  const f = fields(v);
  const parsed = updateRedemptionSchema.safeParse({ id: 1, ...f });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, field: String(issue.path[0] ?? ""), message: issue.message };
  }
  if (!validWindowOk(f)) return { ok: false, field: "valid_until", message: "redemption_valid_range" };
  return { ok: true, payload: f };
}

/** Rows are greyed when disabled or when a gift is fully used. */
export function isGreyed(c: Pick<Redemption, "status" | "is_gift" | "max_uses" | "used_count">): boolean {
  return c.status === REDEMPTION_STATUS.disabled || (c.is_gift && c.max_uses !== -1 && c.used_count >= c.max_uses);
}
