import "server-only";

// The quota ledger of a worker process: every reservation, settlement and refund is decided by the
// primary (lib/server/workers/primary-ops.ts), which holds the balances of the whole machine in
// memory exactly like a single process does (memory-ledger.ts). One round trip per reserve and per
// settle, batched with everything else the worker sends in the same event-loop turn.
import type { Reservation, ReserveResult } from "@/lib/server/ledger/memory-ledger";
import type { SettleRecords } from "@/lib/server/ledger/settle-records";
import { post, request } from "@/lib/server/workers/ipc";
import { asciiFields } from "@/lib/server/workers/ascii-wire";
import { singleton } from "@/lib/server/singleton";

const outstanding = singleton("workers.reservations", () => ({ count: 0, quota: 0 }));

type ReserveAnswer = { rid: number; amount: number } | Exclude<ReserveResult, { ok: true }>;

export async function remoteReserve(
  userId: number,
  tokenId: number | null,
  amount: number,
  min: number,
): Promise<ReserveResult> {
  const a = (await request("reserve", { u: userId, t: tokenId, a: amount, m: min })) as ReserveAnswer;
  if ("ok" in a) return a;
  outstanding.count += 1;
  outstanding.quota += a.amount;
  return { ok: true, reservation: { userId, tokenId, amount: a.amount, settled: false, id: String(a.rid) } };
}

function done(r: Reservation): boolean {
  if (r.settled) return true;
  r.settled = true;
  outstanding.count -= 1;
  outstanding.quota -= r.amount;
  return false;
}

export async function remoteSettle(
  r: Reservation,
  actual: number,
  channelId: number,
  records: SettleRecords | null,
): Promise<{ charged: number; userQuota: number | null }> {
  if (done(r)) throw new Error("ledger: reservation settled twice");
  if (records?.log) asciiFields(records.log);
  if (records?.usage) asciiFields(records.usage.key);
  // Lazy: settlements come after the response; batching them spares the primary wake-ups.
  return (await request("settle", { r: Number(r.id), actual, ch: channelId, rec: records }, true)) as {
    charged: number;
    userQuota: number | null;
  };
}

export function remoteRefund(r: Reservation): void {
  if (done(r)) return;
  post("refund", { r: Number(r.id) });
}

export function remoteReservationStats(): { count: number; quota: number } {
  return { ...outstanding };
}
