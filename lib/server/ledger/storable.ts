import "server-only";

// What the ledger and its bookkeeping writer accept: finite amounts and well-formed text.
//
// The ledger refuses amounts that are not finite numbers, whatever computed them (a usage or pricing
// fault upstream of it): one NaN charge made a balance NaN, after which every reservation passed
// (all comparisons with NaN are false) and the bookkeeping flush wrote NULL into a NOT NULL column on
// every retry (review 3, N6). The relay validates usage first (relay/kernel/usage-check.ts); this is
// the last line.
import { logger } from "@/lib/server/logger";
import { toWellFormedText, wellFormed } from "@/lib/server/http/input-guard";
import type { LogRow, UsageBucketKey } from "@/lib/server/ledger/bookkeeping";

/** Throws on an amount to reserve that is not a finite number. */
export function assertFiniteAmounts(...amounts: number[]): void {
  for (const a of amounts) if (!Number.isFinite(a)) throw new Error(`ledger: non-finite amount ${String(a)} refused`);
}

/** A settlement's cost, or the reservation itself (logged) when the cost is not a finite number. */
export function finiteCharge(actual: number, reserved: number): number {
  if (typeof actual === "number" && Number.isFinite(actual)) return actual;
  logger().error({ actual: String(actual), reserved }, "ledger: non-finite charge refused; the reservation is charged");
  return reserved;
}

/** Whether every number of a balance delta is finite (a row that is not is logged and left out). */
export function finiteDelta(kind: string, id: number, values: number[]): boolean {
  if (values.every((v) => typeof v === "number" && Number.isFinite(v))) return true;
  logger().error({ kind, id, values: values.map(String) }, "bookkeeping: non-finite delta refused");
  return false;
}

// Text bound for the bookkeeping writer's rows, made storable: PostgreSQL refuses a NUL in text
// ("invalid byte sequence for encoding UTF8: 0x00") and the engines a lone surrogate. Any field of a
// log row can quote client input (error texts quote the model name, the request path), so every
// text field is cleaned before the row is queued: each such character becomes U+FFFD. A row that is
// already clean (nearly all of them) is returned as it is.

const LOG_TEXT_FIELDS = ["content", "username", "tokenName", "modelName", "group", "ip", "requestId", "other"] as const;
const KEY_TEXT_FIELDS = ["username", "modelName", "group"] as const;

function cleaned<T extends object>(row: T, fields: readonly (keyof T)[]): T {
  let out: T | null = null;
  for (const f of fields) {
    const v = row[f];
    if (typeof v !== "string" || wellFormed(v)) continue;
    out ??= { ...row };
    out[f] = toWellFormedText(v) as T[typeof f];
  }
  return out ?? row;
}

export const cleanLogRow = (row: LogRow): LogRow => cleaned(row, LOG_TEXT_FIELDS);
export const cleanUsageKey = (key: UsageBucketKey): UsageBucketKey => cleaned(key, KEY_TEXT_FIELDS);
