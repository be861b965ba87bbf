import "server-only";

// The balances the in-memory ledger holds (memory-ledger.ts decides reservations on them; memory-holds.ts
// sets parts aside for workers' allowances) and the reservation types every ledger shares.
import { singleton } from "@/lib/server/singleton";
import type { PlanCharge } from "@/lib/server/ledger/plan-accounts";

export type Reservation = {
  userId: number;
  tokenId: number | null;
  amount: number;
  settled: boolean;
  /** Redis ledger only: the reservation's field in this instance's reservation hash. */
  id?: string;
  /** Worker processes only: the allowance it was taken from (remote-ledger.ts, primary-allowances.ts). */
  allowance?: { gid: number; live: boolean; left: number };
  /** Paid by a subscription plan rather than the wallet (plan-accounts.ts). */
  plan?: PlanCharge;
};
export type ReserveFailure = {
  ok: false;
  /** subscription_insufficient: no active plan covers it (and the wallet may not pay instead);
   *  plan_reset_due: a plan's period ended: reset it, then ask again (never reaches a caller). */
  reason:
    | "token_exhausted"
    | "user_exhausted"
    | "user_insufficient"
    | "token_insufficient"
    | "subscription_insufficient"
    | "plan_reset_due";
  userQuota: number;
  tokenRemain: number;
};
export type ReserveResult = { ok: true; reservation: Reservation } | ReserveFailure;

type UserAccount = { quota: number };
type TokenAccount = { remain: number; unlimited: boolean };

type State = {
  users: Map<number, UserAccount>;
  tokens: Map<number, TokenAccount>;
  /** Reservations not yet settled or refunded (metrics: reservation state). */
  outstanding: { count: number; quota: number };
  /**
   * Quota held for workers' allowances, per account: taken from the balances in memory but not
   * recorded as a delta (the database never shows it), so a balance re-read from the database
   * subtracts it again.
   */
  heldUsers: Map<number, number>;
  heldTokens: Map<number, number>;
};

export const ledgerState = singleton<State>("relay.ledger", () => ({
  users: new Map(),
  tokens: new Map(),
  outstanding: { count: 0, quota: 0 },
  heldUsers: new Map(),
  heldTokens: new Map(),
}));
