import "server-only";

// Whether the setup wizard has run: read by the public status (every page's site context) and by
// the accounts module's setup verbs. Setup can never be undone, so once seen as done it is
// remembered for the process lifetime.
import { db } from "@/lib/server/db";

const g = globalThis as unknown as { __gatewaySetupDone?: boolean };

export async function isSetupDone(): Promise<boolean> {
  if (g.__gatewaySetupDone) return true;
  const row = await db().setup.findFirst({ select: { id: true } });
  if (row) g.__gatewaySetupDone = true;
  return !!row;
}

export function forgetSetupStatusForTests(): void {
  g.__gatewaySetupDone = undefined;
}
