import "server-only";

import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { ROLE } from "@/lib/constants";
import { isSetupDone } from "@/lib/server/setup-done";

export type SetupStatus = { status: boolean; root_init: boolean; database_type: "sqlite" | "postgres" };

export async function rootExists(): Promise<boolean> {
  return (await db().user.count({ where: { role: { gte: ROLE.root } } })) > 0;
}

export async function getSetupStatus(): Promise<SetupStatus> {
  const [status, rootInit] = await Promise.all([isSetupDone(), rootExists()]);
  return { status, root_init: rootInit, database_type: env().databaseType };
}
