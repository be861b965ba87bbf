import "server-only";

import { env } from "@/lib/env";
import { db } from "@/lib/server/db";
import { ROLE } from "@/lib/constants";

export type SetupStatus = { status: boolean; root_init: boolean; database_type: "sqlite" | "postgres" };

const g = globalThis as unknown as { __gatewaySetupDone?: boolean };

/** Setup can never be undone, so once seen as done it is remembered for the process lifetime. */
export async function isSetupDone(): Promise<boolean> {
  if (g.__gatewaySetupDone) return true;
  const row = await db().setup.findFirst({ select: { id: true } });
  if (row) g.__gatewaySetupDone = true;
  return !!row;
}

export async function rootExists(): Promise<boolean> {
  return (await db().user.count({ where: { role: { gte: ROLE.root } } })) > 0;
}

export async function getSetupStatus(): Promise<SetupStatus> {
  const [status, rootInit] = await Promise.all([isSetupDone(), rootExists()]);
  return { status, root_init: rootInit, database_type: env().databaseType };
}

export function forgetSetupStatusForTests(): void {
  g.__gatewaySetupDone = undefined;
}
