import "server-only";

// The minute job "subscription-reset" (server/cluster/jobs.ts, under a cluster lease): subscriptions
// whose quota period ended get it reset even if nobody calls the relay (the console then shows the
// new period). The relay resets a due plan itself the moment it would pay (memory-ledger.ts,
// redis-ledger.ts); either way the reset is conditional on the period it read, so it happens once.
// Per user inside the ledger's queue, so the relay's copy of the user's plans follows.
import { writeAfterFlush } from "@/lib/server/ledger/bookkeeping";
import { resetUserDuePlans, usersWithDuePlans } from "@/lib/server/ledger/plan-reset";

/** Resets what is due; answers how many subscriptions this run reset. */
export async function resetDuePlans(): Promise<number> {
  let reset = 0;
  for (const userId of await usersWithDuePlans())
    reset += await writeAfterFlush(() => resetUserDuePlans(userId), { userIds: [userId] });
  return reset;
}
