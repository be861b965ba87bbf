import "server-only";

// Quota set aside from the in-memory balances for workers' allowances (server/workers/
// primary-allowances.ts): reservations of a worker then take from it without asking the primary.
import { ledgerState as state, type Reservation } from "@/lib/server/ledger/memory-state";
import { pendingToken, pendingUser } from "@/lib/server/ledger/deltas";
import { available } from "@/lib/server/ledger/memory-ledger";

function addHeld(map: Map<number, number>, id: number, amount: number): void {
  const v = (map.get(id) ?? 0) + amount;
  if (v === 0) map.delete(id);
  else map.set(id, v);
}

/**
 * Sets `amount` aside from the balances in memory for a worker's allowance (reservations of the
 * worker then take from it without asking). Not a delta: until a part of it is settled, the
 * database does not see it. False when the balances do not cover it.
 */
export function hold(userId: number, tokenId: number | null, amount: number): boolean {
  const user = state.users.get(userId);
  const token = tokenId === null ? null : state.tokens.get(tokenId);
  if (!user || available(userId, tokenId) < amount || amount <= 0) return false;
  user.quota -= amount;
  addHeld(state.heldUsers, userId, amount);
  if (token && tokenId !== null) {
    token.remain -= amount;
    addHeld(state.heldTokens, tokenId, amount);
  }
  state.outstanding.quota += amount;
  return true;
}

/** Gives `amount` of a hold back to the balances (unused allowance, or a refunded part of it). */
export function releaseHold(userId: number, tokenId: number | null, amount: number): void {
  if (amount <= 0) return;
  const user = state.users.get(userId);
  if (user) user.quota += amount;
  addHeld(state.heldUsers, userId, -amount);
  if (tokenId !== null) {
    const token = state.tokens.get(tokenId);
    if (token) token.remain += amount;
    addHeld(state.heldTokens, tokenId, -amount);
  }
  state.outstanding.quota -= amount;
}

/**
 * Turns `amount` of a hold into a reservation, as if reserve() had taken it then: recorded as a
 * delta now, settled or refunded like any other.
 */
export function reservationFromHold(userId: number, tokenId: number | null, amount: number): Reservation {
  addHeld(state.heldUsers, userId, -amount);
  pendingUser(userId).quota -= amount;
  if (tokenId !== null) {
    addHeld(state.heldTokens, tokenId, -amount);
    const d = pendingToken(tokenId);
    d.remain -= amount;
    d.used += amount;
  }
  state.outstanding.count += 1;
  return { userId, tokenId, amount, settled: false };
}
