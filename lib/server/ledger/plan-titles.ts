import "server-only";

// Plan titles for the consume log ("subscription_plan_title", as new-api writes it), kept in memory:
// read with the plans (plan-accounts.ts) so that writing a log never waits for the database.
import { db } from "@/lib/server/db";
import { singleton } from "@/lib/server/singleton";

const titles = singleton("relay.ledger.plan-titles", () => new Map<number, string>());

export const planTitle = (planId: number): string | undefined => titles.get(planId);

/** Reads the titles of these plans that are not known yet. */
export async function learnPlanTitles(planIds: number[]): Promise<void> {
  const missing = [...new Set(planIds)].filter((id) => !titles.has(id));
  if (!missing.length) return;
  const rows = await db().subscriptionPlan.findMany({
    where: { id: { in: missing } },
    select: { id: true, title: true },
  });
  for (const r of rows) titles.set(r.id, r.title);
}

/** A plan renamed by the admin: its next log reads the new title. */
export function forgetPlanTitle(planId: number): void {
  titles.delete(planId);
}
