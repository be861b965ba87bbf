import "server-only";

// The quota ledger of a worker process: the primary (server/workers/primary-ops.ts) holds the
// balances of the whole machine in memory exactly like a single process does (memory-ledger.ts).
// A reservation is taken from this worker's allowance for the account when it has one that covers
// it (no round trip: see primary-allowances.ts), else the primary decides it, and grants an
// allowance for the next ones while the account has plenty left. Settlements always go to the
// primary, batched with everything else the worker sends.
import type { Reservation, ReserveResult } from "@/lib/server/ledger/memory-ledger";
import type { SettleRecords } from "@/lib/server/ledger/settle-records";
import { answerCalls, post, request } from "@/server/workers/ipc";
import { asciiFields } from "@/server/workers/ascii-wire";
import { singleton } from "@/lib/server/singleton";
import { assertFiniteAmounts, finiteCharge } from "@/lib/server/ledger/storable";
import type { PlanCharge } from "@/lib/server/ledger/plan-accounts";

/** An allowance unused this long goes back to the primary (the balances are the account's). */
const IDLE_MS = 2000;

type Allowance = NonNullable<Reservation["allowance"]> & {
  key: string;
  userId: number;
  tokenId: number | null;
  /** What the primary granted first; below half of it left, this worker asks for more. */
  size: number;
  growing: boolean;
  lastUsed: number;
};

const state = singleton("workers.reservations", () => ({
  outstanding: { count: 0, quota: 0 },
  allowances: new Map<string, Allowance>(),
  /** Accounts with a request to the primary asking for an allowance: one at a time. */
  asking: new Set<string>(),
  sweeper: null as NodeJS.Timeout | null,
}));

type ReserveAnswer =
  { rid: number; amount: number; gid?: number; g?: number; plan?: PlanCharge } | Exclude<ReserveResult, { ok: true }>;

function keyOf(userId: number, tokenId: number | null): string {
  return tokenId === null ? String(userId) : `${userId}:${tokenId}`;
}

function opened(amount: number): void {
  state.outstanding.count += 1;
  state.outstanding.quota += amount;
}

/** Ends an allowance here; returns what it had unused (the primary is told by the caller). */
function retire(a: Allowance): number {
  const left = a.left;
  a.live = false;
  a.left = 0;
  if (state.allowances.get(a.key) === a) state.allowances.delete(a.key);
  return left;
}

function sweep(): void {
  const now = Date.now();
  for (const a of state.allowances.values())
    if (now - a.lastUsed >= IDLE_MS) post("release", { g: a.gid, left: retire(a) });
  if (!state.allowances.size && state.sweeper) {
    clearInterval(state.sweeper);
    state.sweeper = null;
  }
}

/** The primary takes back the unused parts of allowances on these accounts (before it refuses one). */
function revoke(params: unknown): { g: number; left: number }[] {
  const { users, tokens } = params as { users: number[]; tokens: number[] };
  const out: { g: number; left: number }[] = [];
  for (const a of [...state.allowances.values()])
    if (users.includes(a.userId) || (a.tokenId !== null && tokens.includes(a.tokenId)))
      out.push({ g: a.gid, left: retire(a) });
  return out;
}

function adopt(userId: number, tokenId: number | null, gid: number, size: number): void {
  const key = keyOf(userId, tokenId);
  const old = state.allowances.get(key);
  if (old) post("release", { g: old.gid, left: retire(old) });
  state.allowances.set(key, {
    gid,
    live: true,
    left: size,
    key,
    userId,
    tokenId,
    size,
    growing: false,
    lastUsed: Date.now(),
  });
  answerCalls("revoke", revoke);
  state.sweeper ??= setInterval(sweep, IDLE_MS / 2).unref();
}

/** Asks the primary for more of allowance `a` without making anyone wait for the answer. */
function grow(a: Allowance, per: number): void {
  a.growing = true;
  request("grow", { g: a.gid, a: per }).then(
    (added) => {
      a.growing = false;
      const g = added as number;
      if (!g) return;
      if (a.live) a.left += g;
      else post("unhold", { g: a.gid, p: g }); // ended meanwhile: the primary takes it back
    },
    () => (a.growing = false),
  );
}

export async function remoteReserve(
  userId: number,
  tokenId: number | null,
  amount: number,
  min: number,
  pref = "subscription_first",
): Promise<ReserveResult> {
  assertFiniteAmounts(amount, min);
  const key = keyOf(userId, tokenId);
  const a = state.allowances.get(key);
  if (a && a.left >= amount) {
    a.left -= amount;
    a.lastUsed = Date.now();
    if (a.left < a.size / 2 && !a.growing) grow(a, amount);
    opened(amount);
    return { ok: true, reservation: { userId, tokenId, amount, settled: false, allowance: a } };
  }
  const ask = !state.asking.has(key);
  if (ask) state.asking.add(key);
  let answer: ReserveAnswer;
  try {
    answer = (await request("reserve", {
      u: userId,
      t: tokenId,
      a: amount,
      m: min,
      g: ask ? 1 : 0,
      p: pref,
    })) as ReserveAnswer;
  } finally {
    if (ask) state.asking.delete(key);
  }
  if ("ok" in answer) return answer;
  if (answer.gid !== undefined && answer.g) adopt(userId, tokenId, answer.gid, answer.g);
  opened(answer.amount);
  return {
    ok: true,
    reservation: {
      userId,
      tokenId,
      amount: answer.amount,
      settled: false,
      id: String(answer.rid),
      ...(answer.plan ? { plan: answer.plan } : {}),
    },
  };
}

function done(r: Reservation): boolean {
  if (r.settled) return true;
  r.settled = true;
  state.outstanding.count -= 1;
  state.outstanding.quota -= r.amount;
  return false;
}

export async function remoteSettle(
  r: Reservation,
  actual: number,
  channelId: number,
  records: SettleRecords | null,
): Promise<{ charged: number; userQuota: number | null }> {
  if (done(r)) throw new Error("ledger: reservation settled twice");
  // A NaN would cross the IPC as null: refused here, where it is still seen.
  actual = finiteCharge(actual, r.amount);
  if (records?.log) asciiFields(records.log);
  if (records?.usage) asciiFields(records.usage.key);
  const fields = r.allowance
    ? { g: r.allowance.gid, p: r.amount, actual, ch: channelId, rec: records }
    : { r: Number(r.id), actual, ch: channelId, rec: records };
  // Lazy: settlements come after the response; batching them spares the primary wake-ups.
  return (await request("settle", fields, true)) as { charged: number; userQuota: number | null };
}

export function remoteRefund(r: Reservation): void {
  if (done(r)) return;
  const a = r.allowance;
  if (!a) post("refund", { r: Number(r.id) });
  else if (a.live) a.left += r.amount;
  else post("unhold", { g: a.gid, p: r.amount });
}

export function remoteReservationStats(): { count: number; quota: number } {
  return { ...state.outstanding };
}

export function resetRemoteLedgerForTests(): void {
  if (state.sweeper) clearInterval(state.sweeper);
  state.sweeper = null;
  state.allowances.clear();
  state.asking.clear();
  state.outstanding = { count: 0, quota: 0 };
}
