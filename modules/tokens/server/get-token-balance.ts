import "server-only";

// A token's and its owner's balances as the relay knows them right now: the database row plus the
// charges this instance settled but has not flushed yet (bookkeeping writes every 250 ms), so a chat
// app asking for its balance right after a request sees that request. Behind the balance endpoints
// chat apps call with their sk- key (/dashboard/billing/*, /api/usage/token).
import { db } from "@/lib/server/db";
import { pendingBalances } from "@/lib/server/ledger/deltas";

export type TokenBalance = {
  name: string;
  remain: number;
  used: number;
  unlimited: boolean;
  /** Unix seconds, -1 = never. */
  expiredTime: number;
  modelLimitsEnabled: boolean;
  modelLimits: string;
  userQuota: number;
  userUsed: number;
};

export async function getTokenBalance(tokenId: number, userId: number): Promise<TokenBalance | null> {
  const [token, user] = await Promise.all([
    db().token.findUnique({ where: { id: tokenId } }),
    db().user.findUnique({ where: { id: userId }, select: { quota: true, usedQuota: true } }),
  ]);
  if (!token || !user) return null;
  const p = pendingBalances(userId, tokenId);
  return {
    name: token.name,
    remain: Number(token.remainQuota) + p.tokenRemain,
    used: Number(token.usedQuota) + p.tokenUsed,
    unlimited: token.unlimitedQuota,
    expiredTime: Number(token.expiredTime),
    modelLimitsEnabled: token.modelLimitsEnabled,
    modelLimits: token.modelLimits,
    userQuota: Number(user.quota) + p.userQuota,
    userUsed: Number(user.usedQuota) + p.userUsed,
  };
}
