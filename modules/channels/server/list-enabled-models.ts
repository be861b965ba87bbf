import "server-only";

import { db } from "@/lib/server/db";

/** GET /api/channel/models_enabled: every model some enabled channel serves, sorted, each once. */
export async function listEnabledModels(): Promise<string[]> {
  const rows = await db().ability.findMany({
    where: { enabled: true },
    distinct: ["model"],
    select: { model: true },
    orderBy: { model: "asc" },
  });
  return rows.map((r) => r.model);
}
