import "server-only";

import { AppError } from "@/lib/server/http/app-error";

/** Largest id the database columns hold (32-bit signed integers). */
const MAX_ID = 2_147_483_647;

/** The numeric {id} path parameter (decimal digits, within the column's range), or a 400. */
export function idParam(params: Record<string, string | string[]>, name = "id"): number {
  const raw = params[name];
  const text = String(Array.isArray(raw) ? raw[0] : raw);
  const id = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!Number.isInteger(id) || id <= 0 || id > MAX_ID)
    throw new AppError("bad_request", "invalid_field", { field: name });
  return id;
}
