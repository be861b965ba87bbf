import "server-only";

// The ledger refuses amounts that are not finite numbers, whatever computed them (a usage or pricing
// fault upstream of it): one NaN charge made a balance NaN, after which every reservation passed
// (all comparisons with NaN are false) and the bookkeeping flush wrote NULL into a NOT NULL column on
// every retry (review 3, N6). The relay validates usage first (relay/kernel/usage-check.ts); this is
// the last line.
import { logger } from "@/lib/server/logger";

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
